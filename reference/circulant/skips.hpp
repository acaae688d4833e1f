// Seed 000, Algorithm 1: the skips (jumps) of the p-processor circulant graph, by repeated
// halving of p rounding up. skips[q] = p, skips[0] = 1, q = ceil(log2 p); O(q) time.
// Example: p = 20 gives skips = {1, 2, 3, 5, 10, 20}.
// Also Algorithm 2, baseblock(r): the first block that rank r, 0 < r < p, receives; O(q).
// Example: p = 20, r = 4 gives baseblock 0 (rank 4 receives rank 1's baseblock in round 2).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace collverify::circulant {

struct Circulant {
  std::int64_t p = 0;
  int q = 0;
  std::vector<std::int64_t> skips;  // q + 1 entries

  explicit Circulant(std::int64_t p);
  std::int64_t skip(int k) const { return skips[static_cast<std::size_t>(k)]; }
};

std::vector<std::int64_t> compute_skips(std::int64_t p);

// Algorithm 2 for 0 < r < p.
int baseblock(const Circulant& c, std::int64_t r);

}  // namespace collverify::circulant
