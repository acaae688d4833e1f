// The eleven block-size distributions of seed 001 Section 5.1: exact formulas, seeds, bad input.
#include "generators/tree_distributions.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "model/error.hpp"

namespace cv = collverify;
using D = cv::TreeDistribution;

namespace {

std::int64_t total(const std::vector<std::int64_t>& m) {
  return std::accumulate(m.begin(), m.end(), std::int64_t{0});
}

TEST(TreeDistributions, ExactFormulas) {
  const cv::DistributionParams pr{2, 5, 1};
  EXPECT_EQ(cv::block_sizes(D::decreasing, 4, pr), (std::vector<std::int64_t>{5, 4, 3, 2}));
  EXPECT_EQ(cv::block_sizes(D::increasing, 4, pr), (std::vector<std::int64_t>{2, 3, 4, 5}));
  EXPECT_EQ(cv::block_sizes(D::same, 3, pr), (std::vector<std::int64_t>{2, 2, 2}));
  EXPECT_EQ(cv::block_sizes(D::alternating, 3, {3, 5, 1}), (std::vector<std::int64_t>{4, 2, 4}));
  EXPECT_EQ(cv::block_sizes(D::two_blocks, 4, {3, 5, 1}), (std::vector<std::int64_t>{6, 0, 0, 6}));
  EXPECT_EQ(cv::block_sizes(D::skewed, 7, {10, 5, 1}),
            (std::vector<std::int64_t>{14, 14, 14, 14, 14, 1, 1}));
  // The paper's Table 1 instance sizes: p = 2000, b = 1000.
  const cv::DistributionParams t1{1000, 5, 1};
  EXPECT_EQ(total(cv::block_sizes(D::decreasing, 2000, t1)), 2003000);
  EXPECT_EQ(total(cv::block_sizes(D::same, 2000, t1)), 2000000);
  EXPECT_EQ(total(cv::block_sizes(D::two_blocks, 2000, t1)), 2000000);
  EXPECT_EQ(total(cv::block_sizes(D::skewed, 2000, t1)), 5 * 400000 + 1995);
}

TEST(TreeDistributions, RandomOnesStayInRangeAndFollowTheSeed) {
  const cv::DistributionParams pr{100, 5, 42};
  const auto r = cv::block_sizes(D::random, 500, pr);
  EXPECT_EQ(r, cv::block_sizes(D::random, 500, pr));
  EXPECT_NE(r, cv::block_sizes(D::random, 500, {100, 5, 43}));
  for (const auto x : r) EXPECT_TRUE(x >= 1 && x <= 200);
  auto sorted = r;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(cv::block_sizes(D::random_increasing, 500, pr), sorted);
  std::reverse(sorted.begin(), sorted.end());
  EXPECT_EQ(cv::block_sizes(D::random_decreasing, 500, pr), sorted);
  for (const auto x : cv::block_sizes(D::bucket, 500, pr)) EXPECT_TRUE(x >= 51 && x <= 150);
  const auto s = cv::block_sizes(D::spikes, 2000, pr);
  const auto spikes = std::count(s.begin(), s.end(), 500);
  EXPECT_EQ(spikes + std::count(s.begin(), s.end(), 1), 2000);
  EXPECT_GT(spikes, 300);  // about 1 in lambda = 5
  EXPECT_LT(spikes, 500);
}

TEST(TreeDistributions, NamesAndBadInput) {
  EXPECT_EQ(cv::all_tree_distributions().size(), 11u);
  for (const auto d : cv::all_tree_distributions()) {
    EXPECT_EQ(cv::parse_distribution(cv::distribution_name(d)), d);
  }
  EXPECT_THROW(cv::parse_distribution("zipf"), cv::InputError);
  EXPECT_THROW(cv::block_sizes(D::same, 0, {}), cv::InputError);
  EXPECT_THROW(cv::block_sizes(D::same, 4, {0, 5, 1}), cv::InputError);
  EXPECT_THROW(cv::block_sizes(D::spikes, 4, {10, 0, 1}), cv::InputError);
  EXPECT_THROW(cv::block_sizes(D::same, 1 << 20, {INT64_MAX / 1000, 5, 1}), cv::InputError);
}

}  // namespace
