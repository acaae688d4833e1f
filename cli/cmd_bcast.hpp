// Registers `schedule bcast` and `verify bcast`; campaign_bcast is bcast's share of `campaign`.
#pragma once

#include "cli/command.hpp"

namespace collverify::cli {

void register_bcast_commands(const CommandTree& tree);
ConstructionSummary campaign_bcast(const CampaignOptions& c, bool& complete);

}  // namespace collverify::cli
