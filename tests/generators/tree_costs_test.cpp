// Random per-pair costs (generators/tree_costs): the shape, every value in its range, cheap links
// present, the same seed giving the same costs and another seed others, bad parameters refused.
#include "generators/tree_costs.hpp"

#include <gtest/gtest.h>

#include "model/error.hpp"

namespace cv = collverify;

namespace {

TEST(TreeCosts, ShapeRangesAndSeeds) {
  const cv::PairCostParams params{50, 3, 2, 7};
  const auto c = cv::random_pair_costs(20, params);
  EXPECT_FALSE(c.homogeneous());
  EXPECT_EQ(c.p, 20);
  ASSERT_EQ(c.alpha_ij.size(), 400u);
  ASSERT_EQ(c.beta_ij.size(), 400u);
  ASSERT_EQ(c.gamma_i.size(), 20u);
  int zeros = 0;
  for (const auto a : c.alpha_ij) {
    EXPECT_GE(a, 0);
    EXPECT_LE(a, 50);
    zeros += a == 0 ? 1 : 0;
  }
  for (const auto b : c.beta_ij) {
    EXPECT_GE(b, 1);
    EXPECT_LE(b, 3);
  }
  for (const auto g : c.gamma_i) {
    EXPECT_GE(g, 0);
    EXPECT_LE(g, 2);
  }
  EXPECT_GT(zeros, 60);  // one in four forced to 0, plus the uniform draws of 0
  const auto again = cv::random_pair_costs(20, params);
  EXPECT_EQ(again.alpha_ij, c.alpha_ij);
  EXPECT_EQ(again.beta_ij, c.beta_ij);
  EXPECT_EQ(again.gamma_i, c.gamma_i);
  EXPECT_NE(cv::random_pair_costs(20, {50, 3, 2, 8}).alpha_ij, c.alpha_ij);
  EXPECT_EQ(cv::random_pair_costs(1, params).alpha_ij.size(), 1u);
}

TEST(TreeCosts, RefusesBadParameters) {
  EXPECT_THROW(cv::random_pair_costs(0, {}), cv::InputError);
  EXPECT_THROW(cv::random_pair_costs(3, {-1, 4, 2, 1}), cv::InputError);
  EXPECT_THROW(cv::random_pair_costs(3, {10, 0, 2, 1}), cv::InputError);
  EXPECT_THROW(cv::random_pair_costs(3, {10, 4, -1, 1}), cv::InputError);
}

}  // namespace
