// Registers `schedule bcast` and `verify bcast`; campaign_bcast (the default O(log p)
// construction) and campaign_bcast_alg45 (Algorithms 4-5) are bcast's share of `campaign`.
#pragma once

#include "families/common/command.hpp"

namespace collverify::cli {

void register_bcast_commands(const CommandTree& tree);
ConstructionSummary campaign_bcast(const CampaignOptions& c, bool& complete);        // logp
ConstructionSummary campaign_bcast_alg45(const CampaignOptions& c, bool& complete);  // Alg. 4-5

}  // namespace collverify::cli
