// A generic time-arc-disjoint tree for ANY 2D or 3D torus (issue 11, "beyond the seed, where no
// closed form is given": even z, rectangular a x b, unequal 3D sides), built level by level.
//
// Contract: tadt_built_tree(sides) returns a network::LevelTree of Network::torus(sides) rooted
//   at 0 that is a valid generic TADT (Definition 9, Lemma 11): N - 1 arcs, every node but 0
//   entered once, an arc's level above the level of the arc entering its tail, and at every level
//   the arcs have pairwise distinct directions. Its height is at least Lemma 8's bound
//   ceil((N - 1)/2n) (and the eccentricity of 0); how far above is measured, not promised
//   (docs/RESULTS-tori.md "Generic trees for every torus").
//
// Method (our design): R = the nodes holding the packet (the root, then every node entered at an
//   earlier level). Level l takes at most one arc per direction d, from a node of R to a node not
//   yet reached, the heads pairwise distinct: a matching between the 2n directions and the
//   frontier. Each direction proposes its best candidate by a priority (a "ball" growing from the
//   root, so that the last unreached nodes are the antipodal region, enclosed from every side);
//   a head claimed by two directions goes to the first and the second takes its next candidate;
//   directions with fewer candidates choose first. Strategies (priorities) tried, the lowest
//   height kept, the earlier strategy on ties (deterministic):
//     0  torus distance from 0 (sum of the shortest ring distances), ties by node id;
//     1  distance scaled by the sides (sum of ring distance / side): a ball in the shape of the
//        torus, so rectangular tori are finished evenly;
//     2  the largest coordinate ring distance first (a box), then the distance;
//     3+ as 0 and 1 with the ties broken by a fixed hash of (node, strategy) (seeded restarts).
// Sides: 2 or 3 dimensions, every side >= 2 (a side of 1 has no link in its dimension: not the
//   n-dimensional torus; a side of 2 has two parallel links, both used); N < 2^31. Otherwise
//   InputError naming the sides.
// Cost: O(S N n log N) time for S strategies, O(N n) memory; 41x41 and 13^3 in a few ms.
// Example: tadt_built_tree({4, 6}): 23 arcs, height 6 = ceil(23/4).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "model/network/level_tree.hpp"

namespace collverify::torus {

// Empty when tadt_built_tree takes `sides`; otherwise why not, naming them.
std::string tadt_builder_gap(std::span<const std::int64_t> sides);

// The best of all strategies (above).
network::LevelTree tadt_built_tree(std::span<const std::int64_t> sides);

// One strategy (0 <= strategy < tadt_builder_strategies()), for tests and measurements.
network::LevelTree tadt_built_tree(std::span<const std::int64_t> sides, int strategy);
int tadt_builder_strategies();

// Lemma 8 for every k (issue 23): the same builder with at most `ports` (>= 1) arcs per level, the
// directions of one level still pairwise distinct. Its N translations are a k-port all-to-all
// broadcast: in round l every node sends one packet on each direction of level l and receives
// one on each, so at most k of each. Height >= max(ceil((N - 1)/k), the eccentricity of 0); k = 1
// always meets it (one arc per level: N - 1 levels while a frontier exists). Strategies: the nine
// above with the directions of a level chosen the fewest candidates first (0..8), and the same
// nine with the directions offered in turn, level l from direction (l k) mod 2n (9..17), which
// balances the directions' use. The best of all, as above, or one of them.
network::LevelTree tadt_built_tree_kport(std::span<const std::int64_t> sides, std::int64_t ports);
network::LevelTree tadt_built_tree_kport(std::span<const std::int64_t> sides, std::int64_t ports, int strategy);
int tadt_builder_kport_strategies();

// The tree `verify torus` and `schedule torus --algo tadt` use: the seed's construction where
// reference/torus/tadt.hpp has one (z x z, z x z x z, z odd: they meet Lemma 8's bound), the
// builder above for every other torus it takes.
struct TadtTreeChoice {
  network::LevelTree tree;
  bool closed_form = false;  // the seed's snakes / pyramids (their height is the bound, claimed)
  std::string source;        // "four rotated snakes", "six pyramids and the diagonal", "builder"
};
// Empty when tadt_tree_for takes `sides`; otherwise why not (the builder's refusal).
std::string tadt_tree_gap(std::span<const std::int64_t> sides);
TadtTreeChoice tadt_tree_for(std::span<const std::int64_t> sides);

}  // namespace collverify::torus
