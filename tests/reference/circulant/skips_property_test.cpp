#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <vector>

#include "model/int_math.hpp"
#include "reference/circulant/skips.hpp"

namespace collverify::circulant {
namespace {

// Lemma 1, for p up to 2^62: skips[k] + skips[k] >= skips[k+1], sum_{i<=k} skips[i] >=
// skips[k+1] - 1, the differences sum to p - 1, and skips[0] = 1, skips[q] = p.
RC_GTEST_PROP(Skips, Lemma1HoldsForAnyP, ()) {
  const auto bits = *rc::gen::inRange(1, 62);
  const std::int64_t p = *rc::gen::inRange<std::int64_t>(std::int64_t{1} << (bits - 1),
                                                         std::int64_t{1} << bits);
  const auto s = compute_skips(p);
  const int q = ceil_log2(p);
  RC_ASSERT(static_cast<int>(s.size()) == q + 1);
  RC_ASSERT(s.front() == 1);
  RC_ASSERT(s.back() == p);
  std::int64_t prefix = 0, diffs = 0;
  for (int k = 0; k < q; ++k) {
    prefix += s[static_cast<std::size_t>(k)];
    diffs += s[static_cast<std::size_t>(k) + 1] - s[static_cast<std::size_t>(k)];
    RC_ASSERT(2 * s[static_cast<std::size_t>(k)] >= s[static_cast<std::size_t>(k) + 1]);
    RC_ASSERT(prefix >= s[static_cast<std::size_t>(k) + 1] - 1);
  }
  RC_ASSERT(diffs == p - 1);
}

// For huge p: baseblock(skips[k]) = k, and inside a homerange the pattern repeats from rank 1.
RC_GTEST_PROP(Baseblock, HomerangeStructureForHugeP, ()) {
  const std::int64_t p = *rc::gen::inRange<std::int64_t>(3, std::int64_t{1} << 40);
  const Circulant c(p);
  const int k = *rc::gen::inRange(1, c.q);
  RC_ASSERT(baseblock(c, c.skip(k)) == k);
  const std::int64_t width = c.skip(k + 1) - c.skip(k);
  if (width > 1) {
    const std::int64_t j = *rc::gen::inRange<std::int64_t>(1, width);
    RC_ASSERT(baseblock(c, c.skip(k) + j) == baseblock(c, j));
  }
}

}  // namespace
}  // namespace collverify::circulant
