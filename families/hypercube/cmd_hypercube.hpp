// Registers `schedule hypercube` (the routed schedule of one of the four algorithms of seed 004
// as collverify-routed/1 JSON, a readable table, or the SVG picture of its tree) and
// `verify hypercube --d 1..12` (families/hypercube/hypercube_family.hpp), and the family's campaign part.
#pragma once

#include "families/common/command.hpp"

namespace collverify::cli {

void register_hypercube_commands(const CommandTree& tree);
ConstructionSummary campaign_hypercube(const CampaignOptions& c, bool& complete);

}  // namespace collverify::cli
