#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <vector>

#include "model/int_math.hpp"
#include "reference/circulant/skips.hpp"

namespace collverify::circulant {
namespace {

using V = std::vector<std::int64_t>;

TEST(Skips, Algorithm1OnThePapersExamples) {
  EXPECT_EQ(compute_skips(20), (V{1, 2, 3, 5, 10, 20}));
  EXPECT_EQ(compute_skips(33), (V{1, 2, 3, 5, 9, 17, 33}));
  EXPECT_EQ(compute_skips(32), (V{1, 2, 4, 8, 16, 32}));
  EXPECT_EQ(compute_skips(31), (V{1, 2, 4, 8, 16, 31}));
  EXPECT_EQ(compute_skips(9), (V{1, 2, 3, 5, 9}));
  EXPECT_EQ(compute_skips(1), (V{1}));
  EXPECT_EQ(compute_skips(2), (V{1, 2}));
}

// The slow twin of Algorithm 2: run the first phase as the paper describes it (round i: the
// root sends block i to skips[i]; ranks 1 <= r < skips[i] pass their baseblock to r + skips[i]
// when that is below skips[i+1]) and record the first block each rank receives.
std::vector<int> first_phase_baseblocks(const Circulant& c) {
  std::vector<int> bb(static_cast<std::size_t>(c.p), -1);
  for (int i = 0; i < c.q; ++i) {
    bb[static_cast<std::size_t>(c.skip(i))] = i;
    for (std::int64_t r = 1; r < c.skip(i) && r + c.skip(i) < c.skip(i + 1); ++r) {
      bb[static_cast<std::size_t>(r + c.skip(i))] = bb[static_cast<std::size_t>(r)];
    }
  }
  return bb;
}

TEST(Baseblock, Algorithm2AgreesWithTheFirstPhaseForAllPUpTo2048) {
  for (std::int64_t p = 2; p <= 2048; ++p) {
    const Circulant c(p);
    const auto bb = first_phase_baseblocks(c);
    for (std::int64_t r = 1; r < p; ++r) {
      ASSERT_EQ(baseblock(c, r), bb[static_cast<std::size_t>(r)]) << "p=" << p << " r=" << r;
    }
  }
}

TEST(Baseblock, PapersExample) {
  const Circulant c(20);
  EXPECT_EQ(baseblock(c, 4), 0);
  EXPECT_EQ(baseblock(c, 10), 4);
  EXPECT_EQ(baseblock(c, 19), 0);  // 19 - 10 = 9, 9 - 5 = 4, baseblock(4) = 0
  EXPECT_EQ(baseblock(c, 15), 3);  // 15 - 10 = 5 = skips[3]
}

}  // namespace
}  // namespace collverify::circulant
