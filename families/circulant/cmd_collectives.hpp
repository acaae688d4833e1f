// Registers `verify allgather`, `verify census` and `verify allgatherv` (seed 000, Algorithms 7,
// 8 and 9, data-level simulation); campaign_collectives is their share of `campaign`.
#pragma once

#include "families/common/command.hpp"

namespace collverify::cli {

void register_collective_commands(const CommandTree& tree);
ConstructionSummary campaign_allgather(const CampaignOptions& c, bool& complete);
ConstructionSummary campaign_census(const CampaignOptions& c, bool& complete);
ConstructionSummary campaign_allgatherv(const CampaignOptions& c, bool& complete);

}  // namespace collverify::cli
