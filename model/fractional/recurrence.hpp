// The size recurrences of Sanders and Sibeyn's broadcast layouts (seed 002, §3; docs/DESIGN.md
// "Fractional trees"): the number of PUs a layout reaches within i steps of depth.
//   fractional tree, group size r >= 1:  P_i = i + 1 for i <= r, P_i = r + P_{i-r} + P_{i-r-1};
//   pipelined binary tree = r = 1:        P_0 = 1, P_1 = 2, P_i = 1 + P_{i-1} + P_{i-2};
//   chain (r = infinity):                 P_i = i + 1.
// depth(P, r) = d = min{i : P_i >= P} - 1 as the seed defines it (so d = -1 for P = 1).
// Values saturate at kSaturated = 2^62 - 1 instead of overflowing, so depth() terminates for every
// P < 2^62 (kMaxP); r = kChain means the chain. A group of r >= P - 1 holds the whole chain:
// depth() answers P - 2 there at once instead of walking (and storing) P sizes.
// Shared by the constructions (reference/fractional/), the cost model and the checkers, which
// all take d from here: a change of reading of the recurrence is made once.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

namespace collverify::fractional {

inline constexpr std::int64_t kChain = std::numeric_limits<std::int64_t>::max();
inline constexpr std::int64_t kSaturated = std::numeric_limits<std::int64_t>::max() / 2;

// r + a + b for a, b in [0, kSaturated] and r >= 1, saturated at kSaturated (a + b < 2^63).
inline std::int64_t saturating_step(std::int64_t r, std::int64_t a, std::int64_t b) {
  const std::int64_t ab = a + b;
  return (ab >= kSaturated || r >= kSaturated - ab) ? kSaturated : r + ab;
}

// P_0 .. P_n for group size r (r >= 1, or kChain); saturating.
inline std::vector<std::int64_t> layout_sizes(std::int64_t r, std::int64_t n) {
  std::vector<std::int64_t> p(static_cast<std::size_t>(n + 1));
  for (std::int64_t i = 0; i <= n; ++i) {
    std::int64_t v = 0;
    if (r == kChain || i <= r) {
      v = i + 1;
    } else {
      v = saturating_step(r, p[static_cast<std::size_t>(i - r)],
                          p[static_cast<std::size_t>(i - r - 1)]);
    }
    p[static_cast<std::size_t>(i)] = v < kSaturated ? v : kSaturated;
  }
  return p;
}

// d = min{i : P_i >= P} - 1 for P >= 1 and r >= 1 (or kChain).
inline std::int64_t depth(std::int64_t P, std::int64_t r) {
  if (r == kChain || r >= P - 1) return P - 2;  // P_i = i + 1 up to i = P - 1 <= r
  std::int64_t i = 0;
  std::vector<std::int64_t> p{1};  // P_0
  while (p.back() < P) {
    ++i;
    const std::int64_t v = (i <= r) ? i + 1
                                    : saturating_step(r, p[static_cast<std::size_t>(i - r)],
                                                      p[static_cast<std::size_t>(i - r - 1)]);
    p.push_back(v < kSaturated ? v : kSaturated);
  }
  return i - 1;
}

}  // namespace collverify::fractional
