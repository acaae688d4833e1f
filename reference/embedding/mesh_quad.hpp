// Edge congestion 1 by construction for fractional trees on meshes of n x n cells with n <= 2
// (seed 002 §4, Figure 4's claim "edge congestion one even with x-y routing"; docs/ERRATA.md E28,
// the proof in docs/RESULTS-fractional.md "Congestion one by construction").
//
// For n = 2 the tree full_fractional_groups(4, r) is, for every r, group 0 (the root, budget 2r)
// with down successor 1 (budget r), whose down successor is 2 (budget 0), and right successor 3
// (budget r - 1); groups 2 and 3 are leaves. The placement (cells of r1 x r2 nodes, node = c0 + a c1,
// a = 2 r1; "column k" = c0 offset k inside the cell):
//   group 0, cell (0, 0): a column snake that starts at the top of column 0 and goes down it, up
//            column 1, ...; its last PU (the tail) is at (r1 - 1, y_t), y_t = 0 for odd r1 and
//            r2 - 1 for even r1;
//   group 1, cell (1, 0): a column snake from (r1, y_t) (its head next to group 0's tail), columns
//            going away from row y_t first; its tail is always at (2 r1 - 1, r2 - 1);
//   group 2, cell (1, 1): a column snake from (2 r1 - 1, r2) (above group 1's tail), up first,
//            columns going to smaller c0;
//   group 3, cell (0, 1): a column snake from (0, r2) (above column 0 of the root), up first.
// Why congestion 1 for every s: every transfer except group 0's right sends is one hop (snakes,
// tail -> head), and a one-hop arc carries only its sender, which sends at most once a step. A
// right send of group 0 goes from its PU along its row towards c0 = 0 ("-0": the snake's turns all
// go "+0") and then up column 0 ("+1": column 0 of the root runs "-1"), into group 3's head; no
// one-hop transfer uses those arcs, and group 0 sends right from one PU at a time (PU i only at
// steps i + (m + 1)(r + 1)). n = 1: the one group in its column snake, no transfer leaves it.
// Cost: O(a b).
// Example: 4 x 4 mesh, r = 4 (2 x 2 cells, y_t = 1): PUs 0..15 on nodes 4 0 1 5 | 6 2 3 7 |
// 11 15 14 10 | 8 12 13 9.
#pragma once

#include <cstdint>
#include <vector>

#include "reference/embedding/group_tree.hpp"
#include "reference/embedding/mesh_placement.hpp"

namespace collverify::embedding {

// Mutants of the construction (the tests hold the congestion checker and the routed checker to
// rejecting them on 4 x 2 cells, where both break it; neither breaks every shape, e.g. r = 1):
//   root_snake_reversed   group 0's snake starts at the bottom of column 0, so column 0 runs "+1"
//                         and the right sends meet the root's own chain;
//   down_groups_swapped   groups 1 and 2 trade cells: the down hop 0 -> 1 becomes a path that
//                         crosses cell (1, 0) against the traffic of group 2.
enum class QuadMutant { none, root_snake_reversed, down_groups_swapped };

// True when the construction applies: n = a / r1 <= 2.
bool quad_applies(const MeshShape& m);

// PU -> node for the tree full_fractional_groups(n^2, r). InputError naming n when n > 2;
// std::logic_error when the tree is not of the shape above (it always is: the tests hold it for
// every r they build).
std::vector<std::int64_t> quad_placement(const MeshShape& m, const GroupTree& tree,
                                         QuadMutant mutant = QuadMutant::none);

}  // namespace collverify::embedding
