// Registers `fractional`: the cost model of seed 002 for one machine size and message length
// (model/fractional/cost.hpp), or Figure 3 written as CSV and SVG (families/fractional/fractional_svg.hpp).
#pragma once

#include "families/common/command.hpp"

namespace collverify::cli {

void register_fractional_cost_commands(const CommandTree& tree);
// The campaign part "fractional-cost": families/fractional/fractional_cost_family.hpp for P = 64, 1024, 16384.
ConstructionSummary campaign_fractional_cost(const CampaignOptions& c, bool& complete);

}  // namespace collverify::cli
