// uniform(g, lo, hi): an integer uniform in [lo, hi] (lo <= hi) drawn from a 64-bit Mersenne
// Twister without modulo bias (draws above the largest multiple of the span are redrawn). The
// seeded instance generators share it, so a seed gives the same numbers in each of them.
#pragma once

#include <cstdint>
#include <limits>
#include <random>

namespace collverify {

inline std::int64_t uniform(std::mt19937_64& g, std::int64_t lo, std::int64_t hi) {
  const auto span = static_cast<std::uint64_t>(hi - lo) + 1;
  const std::uint64_t limit =
      std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % span;
  std::uint64_t x = g();
  while (x >= limit) x = g();
  return lo + static_cast<std::int64_t>(x % span);
}

}  // namespace collverify
