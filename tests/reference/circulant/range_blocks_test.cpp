#include <gtest/gtest.h>

#include "reference/circulant/range_blocks.hpp"

namespace collverify::circulant {
namespace {

TEST(RangeBlocks, PapersExampleP33) {
  const Circulant c(33);
  EXPECT_EQ(range_blocks(c, 3, 4, Transcription::corrected), 0b101U);  // {2, 0}
}

TEST(RangeBlocks, CorrectedAgreesWithBruteForceOnEveryRange) {
  for (std::int64_t p = 2; p <= 160; ++p) {
    const Circulant c(p);
    for (std::int64_t a = 0; a < p; ++a) {
      for (std::int64_t b = a; b < p; ++b) {
        ASSERT_EQ(range_blocks(c, a, b, Transcription::corrected), range_blocks_brute_force(c, a, b))
            << "p=" << p << " [" << a << "," << b << "]";
      }
    }
  }
}

TEST(RangeBlocks, CyclicRangesWrapAroundWithoutTheRoot) {
  const Circulant c(20);
  EXPECT_EQ(cyclic_range_blocks(c, -2, 1, Transcription::corrected),
            range_blocks_brute_force(c, 18, 19) | range_blocks_brute_force(c, 1, 1));
  EXPECT_EQ(cyclic_range_blocks(c, 5, 4, Transcription::corrected), 0U);  // empty
}

// Erratum E2: line 20 answers {0..k-1} where a small homerange lacks a block. The smallest
// counterexample: p = 5, range [2, 3] holds baseblocks {1, 2}, the literal reading adds 0.
TEST(RangeBlocks, LiteralLine20IsWrongFromP5) {
  const Circulant c(5);
  EXPECT_EQ(range_blocks_brute_force(c, 2, 3), 0b110U);
  EXPECT_EQ(range_blocks(c, 2, 3, Transcription::literal), 0b111U);
  for (std::int64_t p = 2; p < 5; ++p) {
    const Circulant small(p);
    for (std::int64_t a = 0; a < p; ++a) {
      for (std::int64_t b = a; b < p; ++b) {
        EXPECT_EQ(range_blocks(small, a, b, Transcription::literal),
                  range_blocks_brute_force(small, a, b));
      }
    }
  }
}

}  // namespace
}  // namespace collverify::circulant
