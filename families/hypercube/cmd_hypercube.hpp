// Registers `schedule hypercube` (the routed schedule of one of the four algorithms of seed 004,
// or of Johnsson and Ho's ESBT broadcast (`--algo esbt [--s S]`), as collverify-routed/1 JSON, a
// readable table, or the SVG picture of its tree) and `verify hypercube --d 1..12`
// (families/hypercube/hypercube_family.hpp), and the family's campaign parts (hypercube: the
// lecture's six; hypercube-esbt: ESBT with s = 2d).
#pragma once

#include "families/common/command.hpp"

namespace collverify::cli {

void register_hypercube_commands(const CommandTree& tree);
ConstructionSummary campaign_hypercube(const CampaignOptions& c, bool& complete);
ConstructionSummary campaign_hypercube_esbt(const CampaignOptions& c, bool& complete);

}  // namespace collverify::cli
