// Seed 000, Section 2.3, Algorithm 7: the regular allgather on the circulant graph, q rounds.
// In round k rank r sends its buffer[0 .. skips[k+1] - skips[k] - 1] to t = (r - skips[k]) mod p
// and receives buffer[skips[k] .. skips[k+1] - 1] from f = (r + skips[k]) mod p; buffer[j] of
// rank r is the block of origin (r + j) mod p (buffer[0] is r's own). After round k rank r holds
// origins r .. r + skips[k+1] - 1, so after q rounds all p.
// Each message's items are the sender's buffer slots, its stored_as the receiver's, computed
// independently from each side's own buffer indices (the checker compares them).
// Cost: O(p^2) time and items (p - 1 items received per rank); ties: none (deterministic).
// Example: p = 3 (skips 1 2 3). Round 0: rank 1 sends {(1,0)} to rank 0. Round 1: rank 1 sends
// {(1,0)} to rank 2, which files it as buffer[2] = origin (2 + 2) mod 3 = 1.
#pragma once

#include <cstdint>

#include "model/collective_schedule.hpp"
#include "reference/circulant/skips.hpp"

namespace collverify::circulant {

CollectiveSchedule build_allgather(std::int64_t p);

// Round k alone (0 <= k < q), for runs that must not keep all q rounds; O(p skips[k+1]).
Round allgather_round(const Circulant& c, int k);

}  // namespace collverify::circulant
