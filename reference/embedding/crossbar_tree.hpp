// Fractional trees on an a x b hierarchical crossbar (seed 002 §4 "Hierarchies of Crossbars"): a
// modules of b PUs, each module with two channels to other modules (Network::hierarchical_crossbar
// (a, b, 2), node l + b m), b >= r. Our construction of the section's outline (docs/DESIGN.md
// "Fractional trees", gaps in docs/ERRATA.md E30):
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
// The variant with one channel less (the section's last paragraph, CrossbarVariant::
// two_global_groups, b >= 2r): "Use two global groups per module. The first one links to the
// second one and one other module. The second one links to the local tree and possibly to one
// other module." Module m's first global group is PUs 0..r-1, its second r..2r-1 (the first's
// down successor), and the local layout holds the other b - 2r PUs (the second's down
// successor). The right slots of the two global groups take other modules' first groups: the
// module tree is built greedily, module 1, 2, ... each taking the slot that reaches it first
// (the first group's head of a module reached at step tau offers its right slot at tau + r + 1,
// the second group's at tau + 2r + 1; ties: earlier parent module, first group first). So a
// module sends to at most 2 other modules and receives from 1 (its parent): three channels
// instead of four. The extra depth against the construction above is measured per size
// (docs/RESULTS-fractional.md; the section's "(r + 1) log b": docs/ERRATA.md E34).
// Cost: O(a b) for the tree (O(a log a) for the slots), O(a b s) for the schedule.
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

enum class CrossbarVariant {
  one_global_group,   // the section's construction: 2 channels each way per module
  two_global_groups,  // "one less connection per module": 2 out, 1 in
};

struct CrossbarEmbedding {
  std::int64_t a = 1, b = 1, r = 1;
  CrossbarVariant variant = CrossbarVariant::one_global_group;
  GroupTree tree;                  // groups module by module: global group, then local groups
  std::vector<std::int64_t> group_module;  // the module of each group
  Schedule schedule;               // Figure 2 in lock step on `tree`, PU id = node id
  network::RoutedSchedule routed;  // on hierarchical_crossbar(a, b, min(2, b))
  std::int64_t depth = 0;          // the step the last PU receives its first packet (d + 1)
  std::int64_t plain_depth = 0;    // d + 1 of the plain fractional layout of P = a b
};

// The tree alone (InputError naming a, b or r: a < 1, r < 1, b < r; b < 2r for the variant).
GroupTree crossbar_tree(std::int64_t a, std::int64_t b, std::int64_t r,
                        std::vector<std::int64_t>* group_module = nullptr,
                        CrossbarVariant variant = CrossbarVariant::one_global_group);

// InputError as above, s < 1, or a schedule over the memory budget (with the estimate).
CrossbarEmbedding embed_fractional_crossbar(std::int64_t a, std::int64_t b, std::int64_t r,
                                            std::int64_t s, Switching switching = Switching::wormhole,
                                            CrossbarVariant variant = CrossbarVariant::one_global_group);

}  // namespace collverify::embedding
