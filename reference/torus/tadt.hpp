// Time-arc-disjoint trees on square and cubic tori (seed 003, Definition 9, Lemma 11, "TADTs in
// 2D and 3D tori"): one generic spanning tree, rooted at node 0, whose N translations broadcast
// every node's packet at once without two packets on one arc in one round.
//
// Contract (both constructions):
//   - the result is a network::LevelTree of Network::torus(sides) rooted at 0: N - 1 arcs, every
//     node but 0 entered once, an arc's level above the level of the arc entering its tail;
//   - at every level the arcs have pairwise distinct directions (Lemma 11), so the translations
//     are pairwise time-arc-disjoint;
//   - height = ceil((N - 1)/k), Lemma 8's bound for the k = 2 * dims ports.
//
// snake_tree_2d(z), z odd, z = 2m + 1 (coordinates taken in -m..m): the seed's "four rotations of
//   a 2D snake". Our snake: the pinwheel quarter R0 = {1..m} x {0..m} (m(m + 1) nodes) walked
//   row by row, boustrophedon, from (1, 0): row 0 left to right, up, row 1 right to left, ...
//   The arc into the i-th node of the walk has level i (the first one leaves the root along +0).
//   The other three branches are its images under the quarter turn r(x, y) = (-y, x), which maps
//   R0 onto the other three quarters of the pinwheel and the directions +0 -> +1 -> -0 -> -1 ->
//   +0; r has no fixed point but 0 (z odd), so the four quarters and {0} tile the torus and the
//   four arcs of one level have four directions. Height m(m + 1) = (z^2 - 1)/4.
//
// pyramid_tree_3d(z), z odd, z = 2m + 1: the seed's "six pyramids, one per face, each covered by a
//   rotation of a 3D snake", made exact (our design, docs/RESULTS-tori.md):
//   - the six maps g(v) = s * c^j(v) (s = +-1, c the cyclic shift of the coordinates
//     (x, y, w) -> (w, x, y), j = 0, 1, 2) form a group of order 6 that sends any direction to all
//     six directions; so six branches that are images of one branch use six directions per level;
//   - it moves every node but the 2m nodes (t, t, t), t != 0, of the diagonal (c fixes them), so
//     the other z^3 - 1 - 2m nodes fall in orbits of six; the pyramid P = {the representative of
//     each orbit whose coordinates are lexicographically largest}, which is the face pyramid
//     x = max(|x|, |y|, |w|) > 0 with ties broken, holds B = 4 (1^2 + ... + m^2) nodes;
//   - the "3D snake" is a growth order of P: breadth first from 0 inside P + {0}, neighbours tried
//     in the order +0, -0, +1, -1, +2, -2 (P + {0} is connected; the order is a tree, not a
//     Hamiltonian path, which Lemma 11 does not need: one arc per level and branch is enough). The
//     arc into the i-th node has level i; the six branches are its six images;
//   - the 2m diagonal nodes come last: the i-th of (1,1,1), (-1,-1,-1), (2,2,2), ... is entered
//     at level B + i / 6 along direction i mod 6 from its neighbour on that side (never a
//     diagonal node, so reached before level B).
//   Height B + ceil(2m / 6) = ceil((z^3 - 1)/6): Lemma 8's bound for every odd z. Six equal
//   pyramids alone cannot reach it when 6 does not divide z^3 - 1 (z = 3, 5, 9, 11, ...): the
//   diagonal is what is left over.
//
// z = 1 gives the single node (no arc). Even z, rectangles and unequal sides have no construction
// here: tadt_generic_tree throws InputError ("no construction; use synth tadt").
// Cost: O(N) time and memory.
// Example: snake_tree_2d(3): (0,+0,0), (1,+1,1) and its rotations; height 2.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/network/level_tree.hpp"

namespace collverify::torus {

network::LevelTree snake_tree_2d(std::int64_t z);
network::LevelTree pyramid_tree_3d(std::int64_t z);

// Empty when tadt_generic_tree has a construction for `sides` (z x z or z x z x z, z odd);
// otherwise why not, naming the sides.
std::string tadt_construction_gap(std::span<const std::int64_t> sides);
// The construction above for `sides`; InputError with tadt_construction_gap otherwise.
network::LevelTree tadt_generic_tree(std::span<const std::int64_t> sides);

// Lemma 8: ceil((N - 1)/k) rounds for the non-combining all-to-all broadcast with k ports per node
// (on a torus k = the out-degree, 2 per dimension of side > 1); 0 for a single node.
std::int64_t tadt_lower_bound(std::int64_t nodes, std::int64_t ports);

}  // namespace collverify::torus
