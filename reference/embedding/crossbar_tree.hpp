// Fractional trees on an a x b hierarchical crossbar (seed 002 §4 "Hierarchies of Crossbars"): a
// modules of b PUs, each module with two channels to other modules (Network::hierarchical_crossbar
// (a, b, 2), node l + b m), b >= r. Our construction of the section's outline (docs/DESIGN.md
// "Fractional trees", gaps in docs/ERRATA.md E43):
//
//   global tree  one group per module, PUs 0..r-1 of module m: the a groups form
//                full_fractional_groups(a, r) (group_tree.hpp; group k = module k), so PU 0 of
//                module 0 is the root and module-to-module edges are down or right edges;
//   local trees  the b - r other PUs of module m (l = r..b-1) form the fractional layout of
//                reference/fractional/layout.hpp for P = b - r (local id x = l - r);
//   joining      (the section's rule) a global group with one successor feeds its own local tree
//                through its free slot; a leaf group feeds its own local tree through its down
//                slot and, through its right slot, the local tree of a module whose global group
//                has two successors (the k-th leaf in module order feeds the k-th such module);
//                a binary tree has one leaf more than two-successor nodes, so exactly one right
//                slot stays unused (the section's "one remaining unused link").
// So a module sends to at most 2 other modules (its successors, or one successor and one foreign
// local tree) and receives from at most 2 (its parent and the leaf feeding its local tree): the
// channel budget that checkers/network/channel_budget.hpp checks on the routed schedule.
// Numbering: PU id = node id = l + b m (the placement is the identity). The broadcast is Figure 2
// in lock step on this tree (fractional::run_lock_step), embedded with the crossbar routing of
// embed.hpp (gateways 0 and 1).
// Cost: O(a b) for the tree, O(a b s) for the schedule.
// Modules of b = 1 PU have one gateway (hierarchical_crossbar(a, 1, 1)); the budget is still 2.
// Example: a = 4, b = 3, r = 1: the global tree is 0 -down-> 1 -down-> 2 and 0 -right-> 3 (modules);
// module 1 feeds its own local tree (PUs 4, 5) through its free right slot; leaf module 2 feeds
// its own (PUs 7, 8) through its down slot and module 0's (PUs 1, 2) through its right slot; leaf
// module 3 feeds its own and leaves its right slot unused.
#pragma once

#include <cstdint>
#include <vector>

#include "model/comm_model.hpp"
#include "model/network/routed_schedule.hpp"
#include "model/schedule.hpp"
#include "reference/embedding/group_tree.hpp"

namespace collverify::embedding {

struct CrossbarEmbedding {
  std::int64_t a = 1, b = 1, r = 1;
  GroupTree tree;                  // groups module by module: global group, then local groups
  std::vector<std::int64_t> group_module;  // the module of each group
  Schedule schedule;               // Figure 2 in lock step on `tree`, PU id = node id
  network::RoutedSchedule routed;  // on hierarchical_crossbar(a, b, min(2, b))
  std::int64_t depth = 0;          // the step the last PU receives its first packet (d + 1)
  std::int64_t plain_depth = 0;    // d + 1 of the plain fractional layout of P = a b
};

// The tree alone (InputError naming a, b or r: a < 1, r < 1, b < r).
GroupTree crossbar_tree(std::int64_t a, std::int64_t b, std::int64_t r,
                        std::vector<std::int64_t>* group_module = nullptr);

// InputError as above, s < 1, or a schedule over the memory budget (with the estimate).
CrossbarEmbedding embed_fractional_crossbar(std::int64_t a, std::int64_t b, std::int64_t r,
                                            std::int64_t s, Switching switching = Switching::wormhole);

}  // namespace collverify::embedding
