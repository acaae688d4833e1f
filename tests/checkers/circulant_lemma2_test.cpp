// Lemma 2 of seed 000 (checkers/circulant_lemma2.hpp) checked exhaustively for every p <= 2048,
// its definitions against Algorithm 2 and the closed form for powers of two, and the mutated
// statements it must refute, each at its smallest witness.
#include "checkers/circulant_lemma2.hpp"

#include <gtest/gtest.h>

#include "model/error.hpp"

namespace cv = collverify;

namespace {

TEST(CirculantLemma2, HeaderExample) {
  EXPECT_EQ(cv::lemma2_skips(9), (std::vector<std::int64_t>{1, 2, 3, 5, 9}));
  EXPECT_EQ(cv::lemma2_baseblocks(9), (std::vector<std::int64_t>{-1, 0, 1, 2, 0, 3, 0, 1, 2}));
  EXPECT_EQ(cv::lemma2_skips(20), (std::vector<std::int64_t>{1, 2, 3, 5, 10, 20}));
}

TEST(CirculantLemma2, HoldsForEveryPUpTo2048) {
  const auto r = cv::check_circulant_lemma2({2, 2048, cv::Lemma2Ranges::inside});
  EXPECT_FALSE(r.counterexample.has_value()) << r.counterexample->message;
  EXPECT_GT(r.ranges, 20'000'000);
}

// For p = 2^q the recipe gives baseblock(r) = the lowest set bit of r, so (A) is the fact that
// any 2^k consecutive integers hold, for every j < k, one that is 2^j times an odd number (and
// (B)'s size 2^k holds the k + 1 lowest-bit values 0..k when the range avoids the root: the
// multiple of 2^k in it has a lowest bit >= k).
TEST(CirculantLemma2, PowersOfTwoHaveTheClosedForm) {
  for (std::int64_t q = 1; q <= 16; ++q) {
    const std::int64_t p = std::int64_t{1} << q;
    const auto base = cv::lemma2_baseblocks(p);
    for (std::int64_t r = 1; r < p; ++r) {
      ASSERT_EQ(base[static_cast<std::size_t>(r)],
                __builtin_ctzll(static_cast<unsigned long long>(r)))
          << "p = " << p << " r = " << r;
    }
  }
}

struct Expected {
  const char* part;
  std::int64_t p, k, a;
};

void expect_refuted(const cv::Lemma2Range& range, const cv::Lemma2Statement& st,
                    const Expected& e) {
  const auto r = cv::check_circulant_lemma2(range, st);
  ASSERT_TRUE(r.counterexample.has_value());
  const auto& c = *r.counterexample;
  EXPECT_EQ(c.part, e.part) << c.message;
  EXPECT_EQ(c.p, e.p) << c.message;
  EXPECT_EQ(c.k, e.k) << c.message;
  EXPECT_EQ(c.a, e.a) << c.message;
  EXPECT_LT(c.blocks, c.needed);
}

// Each witness was found by the checker and then confirmed by hand from the baseblocks:
// p = 9: ranks 4..6 hold 0, 3, 0; p = 2: rank 1 alone holds one block.
TEST(CirculantLemma2, MutatedStatementsAreRefutedAtTheirSmallestWitness) {
  const cv::Lemma2Range inside{2, 512, cv::Lemma2Ranges::inside};
  cv::Lemma2Statement more_a;
  more_a.a_blocks = 1;  // k + 1 blocks in skips[k] ranks
  expect_refuted(inside, more_a, {"A", 9, 2, 4});
  cv::Lemma2Statement shorter_b;
  shorter_b.b_size_offset = 0;  // sum_{i<k} skips[i] ranks, without the 1
  expect_refuted(inside, shorter_b, {"B", 2, 1, 1});
  cv::Lemma2Statement more_b;
  more_b.b_blocks = 2;
  expect_refuted(inside, more_b, {"B", 2, 0, 1});
  // Ranges through the root, which holds no baseblock: the lemma as stated fails at once.
  expect_refuted({2, 512, cv::Lemma2Ranges::cyclic_root_empty}, {}, {"B", 2, 0, 0});
  cv::Lemma2Statement only_a;
  only_a.b_blocks = -100;  // (A) alone through the root
  expect_refuted({2, 512, cv::Lemma2Ranges::cyclic_root_empty}, only_a, {"A", 5, 2, 4});
}

// (A) is not tight: one rank fewer, skips[k] - 1, still holds k different baseblocks for every
// p <= 2048; two fewer fails at p = 3 (rank 1 alone for k = 2).
TEST(CirculantLemma2, PartAHoldsWithOneRankLessButNotTwo) {
  cv::Lemma2Statement one_less;
  one_less.a_size_offset = -1;
  const auto r = cv::check_circulant_lemma2({2, 2048, cv::Lemma2Ranges::inside}, one_less);
  EXPECT_FALSE(r.counterexample.has_value()) << r.counterexample->message;
  cv::Lemma2Statement two_less;
  two_less.a_size_offset = -2;
  expect_refuted({2, 512, cv::Lemma2Ranges::inside}, two_less, {"A", 3, 2, 1});
}

TEST(CirculantLemma2, RefusesBadRanges) {
  EXPECT_THROW(cv::check_circulant_lemma2({1, 10}), cv::InputError);
  EXPECT_THROW(cv::check_circulant_lemma2({2, (std::int64_t{1} << 20) + 1}), cv::InputError);
}

}  // namespace
