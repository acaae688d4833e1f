// Seed 000, Algorithm 4: the receive schedule of rank r, entries 0..k (the loop of line 3 is
// inclusive, which Algorithm 5 relies on). recv[i] = baseblock(r) in the round i of r's
// homerange; otherwise a block b - q of the previous phase, the largest baseblock not yet
// received found in the range [r - skips[i+1] + 1, r - skips[i]] or, failing that, in
// [r - sum_{j<=i} skips[j], r - skips[i+1]]; the last round takes the block still missing.
// O(k q) time, O(q) space.
//
// Transcriptions (docs/ERRATA.md): with alg4_line2 literal, B starts empty as line 2 says, so a
// rank can be scheduled to receive its own baseblock of the previous phase again, and line 16
// may leave two candidates (the largest is taken); corrected starts with B = {baseblock(r)}
// (r already holds it). alg3_line20 selects the RangeBlocks reading. For the root (r = 0), which has no baseblock and never
// receives, both start from B = {}; its row only feeds Algorithm 5 for the rank sending to it.
#pragma once

#include <climits>
#include <cstdint>
#include <span>

#include "reference/circulant/range_blocks.hpp"
#include "reference/circulant/skips.hpp"

namespace collverify::circulant {

// Written where a step of the algorithm has no block to take (max of an empty set); it lies
// outside [-q, q), so every checker reports it as a value_range violation.
inline constexpr std::int8_t kUndefinedEntry = INT8_MIN;

// Writes recv[0..k] for rank r (0 <= k < q) into out (at least k + 1 entries).
void recv_schedule(const Circulant& c, std::int64_t r, int k, const Transcriptions& t,
                   std::span<std::int8_t> out);

}  // namespace collverify::circulant
