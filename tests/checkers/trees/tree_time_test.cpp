#include "checkers/trees/tree_time.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "model/error.hpp"

namespace cv = collverify;

namespace {

cv::TreeProblem<std::int64_t> unit_problem(std::vector<std::int64_t> m) {
  return {std::move(m), cv::CostModel<std::int64_t>::uniform(1, 1, 1)};
}

TEST(TreeTime, StarMatchesHandComputedExample) {
  // Header example: copy 1, then 0 and 2 one after the other: 1 -> 3 -> 5.
  const auto t = cv::GatherTree::star(3, 1);
  EXPECT_EQ(cv::trees::gather_time(t, unit_problem({1, 1, 1})), 5);
}

TEST(TreeTime, OrderOfChildrenAndCopyMatters) {
  // The leaves' own copies finish at T1 = 2 and T2 = 5.
  // Copy last: from 1 at max(0, 2) + 1 + 2 = 5, from 2 at max(5, 5) + 1 + 5 = 11, copy: 14.
  cv::GatherTree t;
  t.root = 0;
  t.sequence = {{1, 2, 0}, {1}, {2}};
  EXPECT_EQ(cv::trees::gather_time(t, unit_problem({3, 2, 5})), 14);
  t.sequence = {{0, 2, 1}, {1}, {2}};  // copy 3, from 2 at max(3, 5) + 6 = 11, from 1 at 14
  EXPECT_EQ(cv::trees::gather_time(t, unit_problem({3, 2, 5})), 14);
  t.sequence = {{0, 1, 2}, {1}, {2}};  // copy 3, from 1 at max(3, 2) + 3 = 6, from 2 at 12
  EXPECT_EQ(cv::trees::gather_time(t, unit_problem({3, 2, 5})), 12);
}

TEST(TreeTime, SubtreeWaitsForItsChildAndSendsItsWholeSize) {
  // Chain 2 -> 1 -> 0, m = {1, 1, 1}: T2 = 1; T1 = copy 1, then max(1, 1) + 1 + 1 = 3;
  // T0 = copy 1, then max(1, 3) + 1 + 2 = 6.
  cv::GatherTree t;
  t.root = 0;
  t.sequence = {{0, 1}, {1, 2}, {2}};
  const auto times = cv::trees::gather_times(t, unit_problem({1, 1, 1}));
  EXPECT_EQ(times[2], 1);
  EXPECT_EQ(times[1], 3);
  EXPECT_EQ(times[0], 6);
  EXPECT_EQ(cv::trees::subtree_sizes(t, {1, 1, 1}), (std::vector<std::int64_t>{3, 2, 1}));
}

TEST(TreeTime, EmptySubtreeSendsNoMessage) {
  const auto t = cv::GatherTree::star(3, 0);
  EXPECT_EQ(cv::trees::gather_time(t, unit_problem({2, 0, 0})), 2);
}

TEST(TreeTime, PerPairCostsUseChildToParentEntries) {
  cv::TreeProblem<double> pr;
  pr.m = {1, 4};
  pr.cost.p = 2;
  pr.cost.alpha_ij = {0, 100, 7, 0};  // alpha_10 = 7 (1 -> 0), alpha_01 = 100
  pr.cost.beta_ij = {0, 100, 0.5, 0};
  pr.cost.gamma_i = {2, 2};
  // copy at 0: 2; T1 = gamma_1 * 4 = 8; from 1 at max(2, 8) + 7 + 0.5 * 4 = 17.
  EXPECT_DOUBLE_EQ(cv::trees::gather_time(cv::GatherTree::star(2, 0), pr), 17.0);
}

TEST(TreeTime, Int64OverflowIsRefused) {
  const std::int64_t big = std::numeric_limits<std::int64_t>::max() / 2;
  EXPECT_THROW(cv::trees::gather_time(cv::GatherTree::star(3, 0), unit_problem({big, big, big})),
               cv::InputError);
}

TEST(TreeTimeDeath, NodeReachedTwiceIsNotEvaluated) {
  cv::GatherTree t;
  t.root = 0;
  t.sequence = {{0, 1, 2}, {1, 2}, {2}};
  EXPECT_DEATH(cv::trees::gather_time(t, unit_problem({1, 1, 1})), "reached twice");
}

}  // namespace
