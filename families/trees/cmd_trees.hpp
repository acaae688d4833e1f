// `collverify trees` (completion times of every tree construction of seed 001, Table 1 layout)
// and `collverify verify trees` (the tree checkers over a range of p and distributions).
#pragma once

#include "families/common/command.hpp"

namespace collverify::cli {

void register_trees_commands(const CommandTree& tree);

// The campaign's share: verify trees over small p, every distribution, gamma = beta and 0.
ConstructionSummary campaign_trees(const CampaignOptions& c, bool& complete);
// Theorem 3's per-pair binary DP (families/trees/binary_per_pair_family.hpp).
ConstructionSummary campaign_trees_binary_per_pair(const CampaignOptions& c, bool& complete);

}  // namespace collverify::cli

namespace collverify::cli {
// `verify trees` (families/trees/verify_trees.cpp), registered by register_trees_commands.
void register_verify_trees(const CommandTree& tree);
}  // namespace collverify::cli
