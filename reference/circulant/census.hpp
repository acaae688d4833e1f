// Seed 000, Section 2.3, Algorithm 8: census (all-reduce with an associative, commutative
// operator) on the circulant graph, q rounds, one partial sum per message.
// Invariant after round k: S_r = x_{r+1} + ... + x_{r + skips[k+1] - 1} (indices mod p).
// Round k: if skips[k] + skips[k] > skips[k+1] (skips[k+1] odd), rank r sends O = S_r to
// t = (r - skips[k] + 1) mod p and receives from f = (r + skips[k] - 1) mod p; otherwise it sends
// O = x_r + S_r to t = (r - skips[k]) mod p and receives from f = (r + skips[k]) mod p. Then
// S_r = S_r + B; after the loop the result is x_r + S_r.
// Line 3 tests skips[i] with i unbound; we read i = k (docs/ERRATA.md E9).
// Cost: O(p q) messages; ties: none.
// Example: p = 3 (skips 1 2 3). Round 0 (1 + 1 = skips[1], even case): rank 1 sends
// x_1 + S_1 = x_1 to rank 0. Round 1 (2 + 2 > 3, odd case): rank 1 sends S_1 = x_2 to rank 0
// (t = 1 - 2 + 1); rank 0 ends with x_0 + x_1 + x_2.
#pragma once

#include <cstdint>

#include "model/collective_schedule.hpp"

namespace collverify::circulant {

CollectiveSchedule build_census(std::int64_t p);

}  // namespace collverify::circulant
