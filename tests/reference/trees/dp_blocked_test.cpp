// The blocked range order and the vectorised kernels of the fast tree DPs (reference/trees,
// dp_common.hpp for_ranges_blocked, dp_kernels.cpp) against their plain twins: the order visits
// every range once and only after every range it reads, and on random instances large enough
// for several row blocks the fast DPs (Figures 6 and 7, both root modes) give the times of the
// plain triple loops, with trees the independent checkers accept and time the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

#include "checkers/trees/tree_check.hpp"
#include "checkers/trees/tree_time.hpp"
#include "reference/trees/binary.hpp"
#include "reference/trees/dp_common.hpp"
#include "reference/trees/optimal.hpp"
#include "tests/reference/trees/tree_test_util.hpp"

namespace cv = collverify;
namespace tr = collverify::trees;
using tr::testing::draw;
using tr::testing::random_homogeneous;

namespace {

// Every [i..j] with i <= i_top, max(j_min, i + 1) <= j < p, exactly once, each after all the
// ranges [i'..j'] (i' >= i, j' <= j) of that set that a DP entry reads.
TEST(DpBlocked, OrderVisitsEveryRangeOnceAfterItsInputs) {
  for (const std::int64_t p : {1, 2, 3, 23, 24, 25, 26, 49, 50, 97}) {
    // (p - 2, 0): the best-root tables; (r, r): the fixed-root table of root r.
    const std::vector<std::pair<std::int64_t, std::int64_t>> shapes{
        {p - 2, 0}, {0, 0}, {p / 3, p / 3}, {p - 1, p - 1}};
    for (const auto& [i_top, j_min] : shapes) {
      std::vector<std::vector<int>> done(static_cast<std::size_t>(p),
                                         std::vector<int>(static_cast<std::size_t>(p), 0));
      std::int64_t visits = 0;
      bool ordered = true;
      tr::detail::for_ranges_blocked(i_top, p, j_min, [&](std::int64_t i, std::int64_t j) {
        ++visits;
        ++done[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
        for (std::int64_t i2 = i; i2 <= i_top; ++i2) {
          for (std::int64_t j2 = std::max(j_min, i2 + 1); j2 <= j; ++j2) {
            if (i2 == i && j2 == j) continue;
            if (done[static_cast<std::size_t>(i2)][static_cast<std::size_t>(j2)] != 1) {
              ordered = false;
            }
          }
        }
      });
      std::int64_t expected = 0;
      for (std::int64_t i = 0; i <= i_top; ++i) {
        for (std::int64_t j = std::max(j_min, i + 1); j < p; ++j) {
          ++expected;
          EXPECT_EQ(done[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)], 1)
              << "p = " << p << " [" << i << ".." << j << "]";
        }
      }
      EXPECT_EQ(visits, expected) << "p = " << p << " j_min = " << j_min;
      EXPECT_TRUE(ordered) << "p = " << p << " j_min = " << j_min;
    }
  }
}

template <class T>
void expect_sound(const tr::TreeResult<T>& r, const cv::TreeProblem<T>& pr, tr::OrderRule rule) {
  ASSERT_FALSE(tr::check_tree_shape(r.tree).has_value());
  ASSERT_FALSE(tr::check_tree_order(r.tree, rule).has_value());
  EXPECT_EQ(tr::gather_time(r.tree, pr, tr::LeafCopy::free), r.time);
}

TEST(DpBlocked, FastEqualsPlainLoopsOverSeveralRowBlocks) {
  std::mt19937_64 g(2026);
  for (int round = 0; round < 6; ++round) {
    const std::int64_t p = draw(g, 60, 130);
    auto pr = random_homogeneous(g, p);
    // Some rounds with many empty blocks (comm(0) = 0 on every path of the kernels).
    if (round % 2 == 1) {
      for (auto& m : pr.m) m = draw(g, 0, 2) == 0 ? m : 0;
    }
    for (const auto mode : {tr::RootMode::best_root(), tr::RootMode::fixed(draw(g, 0, p - 1)),
                            tr::RootMode::fixed(p - 1), tr::RootMode::fixed(0)}) {
      const auto fast = tr::optimal_ordered_tree(pr, mode);
      EXPECT_EQ(fast.time, tr::optimal_ordered_tree_naive(pr, mode).time) << "p = " << p;
      expect_sound(fast, pr, tr::OrderRule::segment);
      const auto bin = tr::optimal_binary_tree(pr, mode);
      EXPECT_EQ(bin.time, tr::optimal_binary_tree_naive(pr, mode).time) << "p = " << p;
      expect_sound(bin, pr, tr::OrderRule::rank);
    }
  }
}

}  // namespace
