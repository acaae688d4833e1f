// Registers `schedule torus --algo A --sides 5x5 [--format table|json|svg]` (the routed schedule
// of a torus algorithm as a table or collverify-routed/1 JSON, or the picture of its generic
// tree) and `verify torus --algo A --sides 3x3..41x41 [common flags]` (families/torus/torus_family.hpp),
// and the torus part of the campaign.
#pragma once

#include "families/common/command.hpp"

namespace collverify::cli {

void register_torus_commands(const CommandTree& tree);
ConstructionSummary campaign_torus(const CampaignOptions& c, bool& complete);
ConstructionSummary campaign_torus_cycles(const CampaignOptions& c, bool& complete);
ConstructionSummary campaign_torus_wormhole(const CampaignOptions& c, bool& complete);
// The Z3 synthesis of small tori, each tree re-checked (families/torus/campaign_torus_synth.cpp).
ConstructionSummary campaign_torus_synth(const CampaignOptions& c, bool& complete);
// Issue 23 (families/torus/campaign_torus_mesh.cpp): mesh TADTs; Lemma 8 for every k on tori.
ConstructionSummary campaign_torus_mesh(const CampaignOptions& c, bool& complete);
ConstructionSummary campaign_torus_kport(const CampaignOptions& c, bool& complete);

}  // namespace collverify::cli
