// Two link-disjoint Hamiltonian cycles of EVERY a x b torus, a, b >= 3, in closed form (seed 003,
// ParallelHamilCycleAAB step (1); Kotzig's theorem that C_a x C_b is Hamilton-decomposable, with
// our own construction: square exchanges at positions given by a formula, no search).
//
// Frame: L = max(a, b) is the long side (dimension "long" = 0 when a >= b, else 1), S = min(a, b)
// the short one; frame node (u, w), u in Z_L along the long side, w in Z_S. Start from the two
// parallel classes: colour R = every long-direction link (S "rows" of L nodes), colour B = every
// short-direction link (L "columns"). A square exchange at (gap k, row z) takes the square with
// corners (k, z), (k+1, z), (k, z+1), (k+1, z+1): its two R links (k, z)-(k+1, z) and
// (k, z+1)-(k+1, z+1) become B, its two B links (k, z)-(k, z+1) and (k+1, z)-(k+1, z+1) become
// R. Every node keeps two links of each colour. The squares, gap by gap (rows z_k):
//   A  L - S even:          z = [0 1] x m, then 0 1 ... S-2   (m = (L-S)/2; gaps 0..L-2)
//   B  L - S odd, S odd:    z = [0 1] x m, then 0 1 ... S-1   (m = (L-S-1)/2; gaps 0..L-2)
//   C  L - S odd, S even:   z = [0 1] x m, then 0 1 ... S-2   (m = (L-S+1)/2; every gap 0..L-1)
// Consecutive squares sit in different rows (also gap L-1 and gap 0 in C), so no two share a
// link and each exchange sees the starting colours.
// Why both colours are single cycles (the full argument: docs/RESULTS-tori-cycles.md):
//   merge   an exchange whose two links of one colour lie on different cycles of that colour
//           joins them (two paths closed by two links make one cycle), whatever the orientation;
//   twist   on one cycle it keeps one cycle iff the cycle runs through both links the same way.
//   B: the squares in gaps 0..k join column k+1 to columns 0..k: after gap L-2 one cycle (A, B);
//      in C the square of gap L-1 is a twist whose two column links, (0, S-2)-(0, S-1) and
//      (L-1, S-2)-(L-1, S-1), B walks both upwards (S even). R: the m pairs at rows 0, 1 turn columns 1..2m of rows 0..2 into one serpentine
//      path from (0, 2) to (2m+1, 2) and leave every other row straight, so R has the cycles of
//      the m = 0 pattern on an (L - 2m) x S torus: A, C -> squares (j, j), j = 0..S-2, each a
//      merge of row j+1 into rows 0..j (one cycle); B -> (S+1) x S, whose last square (S-1, S-1)
//      is a twist between rows S-1 and 0, both run left to right when S is odd.
// Cost: O(N) time, 2N bytes of colours plus the two cycles (N = a b); measured in
// docs/PERFORMANCE.md "Tori: closed-form Hamiltonian cycles".
// Ties: none (the formula fixes every square). Cycles are listed from node 0 (node x + a y),
// first step towards the smaller-numbered neighbour; cycle i holds the links that start in
// dimension i (cycle 0 = R when a >= b).
// Example: 5x3 (pattern A, m = 1): squares (0,0) (1,1) (2,0) (3,1); cycle 0 =
// 0 4 3 8 13 12 7 2 1 6 11 10 14 9 5, cycle 1 = 0 1 11 12 2 3 13 14 4 9 8 7 6 5 10.
#pragma once

#include <cstdint>
#include <vector>

namespace collverify::torus {

struct ExchangeSquare {
  std::int64_t gap = 0;  // long-side coordinate k of the square's corner (k, z)
  std::int64_t row = 0;  // short-side coordinate z
};

struct ClosedPlan {
  std::int64_t a = 0;
  std::int64_t b = 0;
  int long_dim = 0;  // 0 when a >= b
  std::int64_t long_side = 0;
  std::int64_t short_side = 0;
  char pattern = 'A';     // 'A', 'B' or 'C' (above)
  std::int64_t pairs = 0;  // m
  std::vector<ExchangeSquare> squares;  // gap order
};

// The squares for an a x b torus; CV_ASSERT a, b >= 3 (callers validate with require_cycle_sides).
ClosedPlan closed_plan(std::int64_t a, std::int64_t b);

// colour[2 v + d] (0 or 1) is the colour of the link v -- v + e_d, node v = x + a y, after the
// plan's exchanges (colour d before them).
std::vector<std::uint8_t> plan_colouring(const ClosedPlan& plan);

// The cycle of `colour` through node 0, walked as above; fewer than N nodes when that colour is
// not one cycle (the caller's signal that a plan is broken). CV_ASSERT on a colouring that is not
// 2-regular in `colour`.
std::vector<std::int64_t> colour_cycle(std::int64_t a, std::int64_t b,
                                       const std::vector<std::uint8_t>& colouring, int colour);

}  // namespace collverify::torus
