// Seed 000, Algorithm 3, RangeBlocks(a, b, k): the set of baseblocks of the ranks in [a, b],
// 0 <= a <= b < p, as a bit mask (bit j set = block j present). Rank 0 (the root, or the
// origin of a relative range) contributes no block. O(q) time.
// Example: p = 33 (skips 1 2 3 5 9 17 33), RangeBlocks(3, 4) = {2, 0}.
//
// Two transcriptions (docs/ERRATA.md, E2): `literal` follows the pseudo-code line by line and
// answers {0..k-1} in the last case (line 20) even for the small homeranges the paper warns
// about; `corrected` splits those small cases at skips[k-1] and recurses, which is exact.
// Both add the guards the pseudo-code needs to terminate (skips[-1] read as 0, empty ranges).
#pragma once

#include <cstdint>

#include "reference/circulant/skips.hpp"
#include "reference/circulant/transcription.hpp"

namespace collverify::circulant {

std::uint64_t range_blocks(const Circulant& c, std::int64_t a, std::int64_t b, Transcription t);

// The cyclic range a, a+1, ..., b taken mod p (a may exceed b, or be negative; b - a < p).
std::uint64_t cyclic_range_blocks(const Circulant& c, std::int64_t a, std::int64_t b,
                                  Transcription t);

// The slow, obviously correct twin: baseblock() of every rank in [a, b] (root excluded).
std::uint64_t range_blocks_brute_force(const Circulant& c, std::int64_t a, std::int64_t b);

}  // namespace collverify::circulant
