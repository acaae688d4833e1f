// Time-arc-disjoint trees for the all-to-all broadcast on 2D and 3D MESHES of every size (issue 23,
// seed 003: "the TADT approach works on meshes as well as tori ... the construction becomes
// harder"). A mesh has no translations (Lemma 11 does not apply), so a solution is N explicit
// trees, tree t rooted at t, no arc used by two trees at one level (Definition 9).
//
// Contract: mesh_tadt_trees(sides) returns N network::LevelTrees of Network::mesh(sides), tree t
//   rooted at t, each a spanning tree in lock step (N - 1 arcs, every node but the root entered
//   once, an arc's level above the level of the arc entering its tail), and no arc (from,
//   direction) at one level in two trees. Height >= mesh_aab_bound(sides); how far above is
//   measured (docs/RESULTS-tori.md "Meshes"), not promised. The checkers of
//   checkers/network/tadt_check.hpp (check_explicit_tadts, simulate_explicit_tadts) judge it.
//
// Method (our design): the all-to-all broadcast is simulated round by round. In round l every
//   node v, on its own, picks for each incoming arc (u -> v) at most one packet that u held before
//   round l and v did not, the packets of one node pairwise distinct; the arc (u, dir, l) joins
//   the tree of that packet's root. Two trees never share an arc at a level (an arc carries one
//   packet), a node is entered once per tree (it takes a packet it does not hold, once) and after
//   its parent (u held the packet before the round): the contract holds by construction. The
//   incoming arcs with the fewest candidates choose first; each takes its candidate of smallest
//   key. Keys (strategies), the lowest height kept, the earlier on ties (deterministic):
//     0  (holders of the packet before the round, -distance of its root from v, root): the
//        rarest packet first, long hauls first among equals;
//     1  (-distance, holders, root);
//     2  (holders - distance, root);
//     3  (holders, root);
//     4  (holders - 2 distance, root);
//     5  (holders, distance, root): the nearest first among equals;
//     6  (-distance, bent, holders, root), bent = 0 when the root lies on the line of the arc
//        (the packet goes on straight), 1 otherwise: the farthest first, straight ones first
//        among equals, which closes the thin meshes (2 x b ladders, 3 x b, 2 x 2 x c) that 0..5
//        leave one or two rounds above the bound;
//     7  (bent, -distance, holders, root).
//   The rounds end when every node holds every packet (a connected mesh always has an arc that
//   carries something new while a node misses a packet, so each round makes progress).
// Lower bound (mesh_aab_bound): max(ceil((N - 1)/c), diameter), c = the number of sides >= 2 (the
//   in-degree of a corner: it receives its N - 1 packets through c arcs, at most one per arc and
//   round); the diameter sum(s_i - 1) (the packet of the opposite corner needs that many hops).
//   Proof in docs/RESULTS-tori.md "Meshes".
// Sides: 2 or 3 dimensions, each >= 1, 2 <= N <= kMeshTadtMaxNodes (the trees take N (N - 1)
//   arcs); otherwise InputError naming the sides.
// Cost: O(S R N deg (N/64 + candidates)) time for S strategies and R rounds (about N/c), O(N^2)
//   bits and N (N - 1) arcs of memory; 32x32 in about a second per strategy.
// Example: mesh_tadt_trees({3, 4}): 12 trees of height 6 = ceil(11/2).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/network/level_tree.hpp"

namespace collverify::torus {

inline constexpr std::int64_t kMeshTadtMaxNodes = 4096;

// Empty when mesh_tadt_trees takes `sides`; otherwise why not, naming them.
std::string mesh_tadt_gap(std::span<const std::int64_t> sides);

// max(ceil((N - 1)/c), diameter) as above; 0 for a single node.
std::int64_t mesh_aab_bound(std::span<const std::int64_t> sides);

int mesh_tadt_strategies();
// One strategy (0 <= strategy < mesh_tadt_strategies()).
std::vector<network::LevelTree> mesh_tadt_trees(std::span<const std::int64_t> sides, int strategy);
// The lowest of all strategies.
std::vector<network::LevelTree> mesh_tadt_trees(std::span<const std::int64_t> sides);

// 1 + the largest level over all trees (the rounds of the all-to-all broadcast).
std::int64_t trees_height(std::span<const network::LevelTree> trees);

}  // namespace collverify::torus
