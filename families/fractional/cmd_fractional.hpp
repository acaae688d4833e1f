// Registers `schedule fractional` (a fractional-tree broadcast of seed 002 as a table or as
// collverify-routed/1 JSON) and `verify fractional --P 1..1024` (families/fractional/fractional_family.hpp),
// and the family's campaign part; `verify fractional-embed` and the `fractional-embed` campaign
// part (seed 002 §4 embeddings, families/fractional/fractional_embed.hpp) with Figure 4 drawn into the report.
#pragma once

#include "families/common/command.hpp"

namespace collverify::cli {

void register_fractional_commands(const CommandTree& tree);
ConstructionSummary campaign_fractional(const CampaignOptions& c, bool& complete);
ConstructionSummary campaign_fractional_embed(const CampaignOptions& c, bool& complete);

}  // namespace collverify::cli
