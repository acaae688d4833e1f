// Pairwise link-disjoint Hamiltonian cycles of a torus (seed 003, ParallelHamilCycleAAB step (1)
// and its n-dimensional generalisation). An n-dimensional torus with every side >= 3 is
// 2n-regular; we look for n Hamiltonian cycles that share no link (a Hamiltonian decomposition).
//
// Our choice (the seed only says "well known"; recorded in docs/RESULTS-tori-cycles.md):
//   every 2D torus a x b   the closed form of reference/torus/hamilton_closed.hpp: square
//                          exchanges at positions given by a formula in (a, b), O(N), no search.
//   3D tori               by construction where it applies (reference/torus/hamilton_product.hpp:
//                          the 2D closed form of the layer, a closed-form or (every side even)
//                          diagonal frame, then c - 1 vertical square exchanges, method
//                          "product"), else the search below.
//   n >= 4 dimensions      by construction where it applies (reference/torus/hamilton_lift.hpp:
//                          the (n-1)-dimensional construction of a layer lifted with one more
//                          ring, method "product"), else the search below.
//   otherwise              a seeded search by square exchanges (also the twin in every dimension,
//                          with `force_search`): start from the n parallel classes
//                          (class i = every link of dimension i, s/s_i cycles each); repeatedly
//                          pick a unit square whose two dimension-i links have colour c and whose
//                          two dimension-j links colour c' != c, swap the colours and keep the
//                          swap when the number of cycles of colours c and c' does not grow.
//                          Degrees stay 2 per colour; an attempt stops when every colour is one
//                          cycle, after `max_moves` squares, or after 50 N n + 2000 squares in a
//                          row that changed nothing (stuck: seen on 4x3x3 with seed 940408); up
//                          to 8 attempts with seeds seed, seed + 1, ... (then found = false). It is
//                          not a proof that a decomposition exists: every size we claim is
//                          re-checked by checkers/network/cycle_check.hpp.
// Cost: the closed form O(N); the search O(N * n) per square tried (the two colours' cycles are
// recounted), measured in docs/PERFORMANCE.md "Tori: cycles and wormhole".
// Ties: the pseudo-random squares come from std::mt19937_64(seed) reduced modulo the range, so a
// seed gives the same cycles on every platform. Cycles are listed from node 0, first step towards
// the smaller-numbered neighbour.
// Example: sides {3, 3} (node x + 3y): closed form (squares (0,0), (1,1)), cycle 0 =
// 0 2 1 4 7 6 8 5 3, cycle 1 = 0 1 7 8 2 5 4 3 6 (the other 9 links).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace collverify::torus {

struct HamiltonOptions {
  std::uint64_t seed = 1;
  std::int64_t max_moves = 0;  // squares tried per attempt; 0: 400 N + 100000
  bool force_search = false;   // the search instead of the construction (the cross-check)
};

struct HamiltonCycles {
  std::vector<std::int64_t> sides;
  bool found = false;
  std::string method;  // "closed" (2D), "product" (3D) or "search"
  std::int64_t attempts = 0;  // search attempts started
  std::int64_t moves = 0;  // squares tried (search, every attempt)
  std::int64_t swaps = 0;  // squares kept (search)
  // found: n cycles, each the N nodes in cycle order (the last joined to the first).
  std::vector<std::vector<std::int64_t>> cycles;
};

// InputError naming the side when there are fewer than 2 sides, a side is < 3, or N is above
// 2^24 (the search holds N n colours; far beyond what the checks can afford).
void require_cycle_sides(std::span<const std::int64_t> sides);

HamiltonCycles hamilton_cycles(std::span<const std::int64_t> sides, HamiltonOptions options = {});

}  // namespace collverify::torus
