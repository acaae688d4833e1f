// One-to-all broadcast on 2D tori, all-port, full duplex, wormhole (seed 004, slides 78-103).
// Directions are the network's: 0 = "+0" (x + 1), 1 = "-0", 2 = "+1" (y + 1), 3 = "-1"; node
// x + a y on the a x b torus (dimension 0 has side a). Every worm carries the packet (root, 0)
// and every node is entered by exactly one worm (the root by none).
//
// recursive_tiling(k)  5^k x 5^k torus, 2k rounds = ceil(log5 N), the lower bound (each informed
//   node informs at most 4 new ones a round). Our reading of the A/B patterns of slides 80-92:
//   the lattices L_j = g_j Z[i] with g_0 = 1, g_{j+1} = g_j (1 + 2i) for even j and g_j (1 - 2i)
//   for odd j, so g_2k = 5^k and the torus is Z[i]/L_2k. Before round r (0-based) the informed
//   nodes are root + L_{2k-r}; each sends to the four nodes x + i^e g_{2k-1-r} (e = 0..3: one
//   "plus" tile, {0, +-1, +-i} being a full residue system mod 1 +- 2i). The worm for e = 0 runs
//   |Re g| hops along x, then |Im g| along y (components reduced to (-m/2, m/2]); the worm for e
//   is that route turned by e quarter turns (+0 -> +1 -> -0 -> -1 -> +0), so the four worms
//   leave by four different arcs.
// dilated_diagonal(a, b)  any a x b with a, b >= 3. Let R >= C be the sides, Y the dimension of
//   side R ("rows" indexed by Y), X the other. Our design of the three phases (the seed gives the
//   picture only):
//   I   strips: the rows are split into 5 consecutive strips of at most ceil(s/5) rows with the
//       holder's row in the middle strip; the holder at (c, y) sends to the middle row of the
//       strips above by +Y (straight) and +X then +Y (column c + 1), below by -Y and -X then -Y
//       (column c - 1). Worms stay inside their parent strip, so the strips of a round are
//       disjoint. ceil(log5 R) rounds; afterwards every row holds the packet once.
//   II  when C divides R (the square tori among them): one round, row y's holder moves along
//       its row to the diagonal column y mod C (the diagonal wraps R/C times: dilated).
//   III with the diagonal: offsets t = x - y mod C; the five strips now are offset intervals and
//       the four worms are +X, -Y (offsets increase) and -X, +Y (decrease), every row (resp.
//       column) doing the same: ceil(log5 C) rounds. A node that already holds the packet (a
//       phase-I holder off the diagonal) is not sent to again; it forwards as if it had been.
//       Without the diagonal (C does not divide R): each row broadcasts along itself, 3 strips
//       per round (+X, -X): ceil(log3 C) rounds.
//   Rounds: ceil(log5 R) + 1 + ceil(log5 C), or ceil(log5 R) + ceil(log3 C); against
//   ceil(log5 N) that is at most 3 above when C divides R and grows like 0.46 log5 C otherwise
//   (docs/RESULTS-tori-cycles.md has the table, docs/ERRATA.md the gap).
// Cost: O(N) worms of O(a + b) hops, materialised. Ties: worms of a round by sender, then
// +, -, +/-1-column, in the order above.
// Example: recursive_tiling(1): round 0: 0 -> (1, 2), (-2, 1), (-1, -2), (2, -1); round 1: every
//   informed node to its four neighbours.
#pragma once

#include <cstdint>

#include "model/network/routed_schedule.hpp"

namespace collverify::torus {

// x mod m in [0, m) for m > 0: a coordinate on a ring of m nodes.
inline std::int64_t ring_mod(std::int64_t x, std::int64_t m) { return ((x % m) + m) % m; }

// The smallest r with base^r >= n (base >= 2).
inline std::int64_t ceil_log(std::int64_t base, std::int64_t n) {
  std::int64_t r = 0;
  for (std::int64_t p = 1; p < n; p *= base) ++r;
  return r;
}

// ceil(log5 n): the all-port lower bound of broadcast on a 2D torus of n nodes (degree 4).
std::int64_t log5_bound(std::int64_t nodes);

// InputError naming k when k < 1 or 5^k x 5^k exceeds 2^24 nodes.
network::RoutedSchedule recursive_tiling(int k, std::int64_t root = 0);

// InputError naming the side when a or b < 3, or a b > 2^24; the root when it is not a node.
network::RoutedSchedule dilated_diagonal(std::int64_t a, std::int64_t b, std::int64_t root = 0);

// The rounds dilated_diagonal takes on a x b, from the formula above (tests compare it).
std::int64_t dilated_diagonal_rounds(std::int64_t a, std::int64_t b);

}  // namespace collverify::torus
