// The structural checkers, the scatter evaluator (duality with gather), the brute-force
// enumerator's counts and the lower bounds, each against hand-made trees and mutants.
#include "checkers/trees/tree_check.hpp"

#include <gtest/gtest.h>

#include <random>

#include "checkers/trees/brute_force.hpp"
#include "checkers/trees/scatter_time.hpp"
#include "checkers/trees/tree_bounds.hpp"
#include "checkers/trees/tree_time.hpp"
#include "generators/tree_mutants.hpp"

namespace cv = collverify;
namespace tr = collverify::trees;

namespace {

cv::GatherTree tree(std::int64_t root, std::vector<std::vector<std::int64_t>> seq) {
  cv::GatherTree t;
  t.root = root;
  t.sequence = std::move(seq);
  return t;
}

std::string shape_property(const cv::GatherTree& t) {
  const auto v = tr::check_tree_shape(t);
  return v ? v->property : "";
}
std::string order_property(const cv::GatherTree& t, tr::OrderRule rule) {
  const auto v = tr::check_tree_order(t, rule);
  return v ? v->property : "";
}

TEST(TreeShape, AcceptsWellFormedAndNamesEachBreak) {
  EXPECT_EQ(shape_property(tree(1, {{0}, {1, 0, 2}, {2}})), "");
  EXPECT_EQ(shape_property(tree(3, {{0}, {1}, {2}})), "root_out_of_range");
  EXPECT_EQ(shape_property(tree(0, {{0, 1, 5}, {1}, {2}})), "entry_out_of_range");
  EXPECT_EQ(shape_property(tree(0, {{0, 1, 2}, {1, 2}, {2}})), "sends_twice");
  EXPECT_EQ(shape_property(tree(0, {{0, 1}, {1, 0}, {2}})), "root_sends");
  EXPECT_EQ(shape_property(tree(0, {{1, 2}, {1}, {2}})), "local_copy_missing");
  EXPECT_EQ(shape_property(tree(0, {{0, 0, 1, 2}, {1}, {2}})), "local_copy_twice");
  EXPECT_EQ(shape_property(tree(0, {{0}, {1, 2}, {2, 1}})), "not_spanning");  // cycle 1 <-> 2
}

TEST(TreeOrder, RankAndSegmentRules) {
  const auto rank_star = tree(1, {{0}, {0, 1, 2}, {2}});
  const auto seg_star = tree(1, {{0}, {1, 2, 0}, {2}});
  EXPECT_EQ(order_property(rank_star, tr::OrderRule::rank), "");
  EXPECT_EQ(order_property(rank_star, tr::OrderRule::segment), "segment_order");
  EXPECT_EQ(order_property(seg_star, tr::OrderRule::segment), "");
  EXPECT_EQ(order_property(seg_star, tr::OrderRule::rank), "rank_order");
  // 0 gathers 2 while 1 sits between them: the subtree {0, 2} is not consecutive.
  EXPECT_EQ(order_property(tree(1, {{0, 2}, {1, 0}, {2}}), tr::OrderRule::segment),
            "not_consecutive");
  // Segment rule: a child not adjacent to the segment so far.
  EXPECT_EQ(order_property(tree(0, {{0, 2, 1}, {1}, {2}}), tr::OrderRule::segment),
            "segment_order");
}

// Every mutant of every tree the enumerator produces for p = 5 is caught by shape or order.
TEST(TreeMutants, EveryMutantIsCaught) {
  std::int64_t mutants = 0;
  for (const auto rule : {tr::OrderRule::segment, tr::OrderRule::rank}) {
    std::uint64_t seed = 0;
    tr::for_each_ordered_tree(5, {rule, -1, -1}, [&](const cv::GatherTree& t) {
      ++seed;
      for (const auto m : {cv::TreeMutation::moved_subtree, cv::TreeMutation::swapped_children,
                           cv::TreeMutation::wrong_root}) {
        const auto bad = cv::mutate_tree(t, m, seed, rule == tr::OrderRule::segment);
        if (!bad) continue;
        ++mutants;
        const bool caught = tr::check_tree_shape(*bad).has_value() ||
                            tr::check_tree_order(*bad, rule).has_value();
        ASSERT_TRUE(caught) << cv::mutation_name(m);
      }
    });
  }
  EXPECT_GT(mutants, 1000);
}

TEST(BruteForce, CountsOfSegmentOrderedTrees) {
  const std::vector<std::int64_t> expected{1, 2, 8, 40, 224, 1344, 8448};
  for (std::int64_t p = 1; p <= 7; ++p) {
    std::int64_t n = 0;
    tr::for_each_ordered_tree(p, {}, [&](const cv::GatherTree& t) {
      ++n;
      ASSERT_FALSE(tr::check_tree_shape(t).has_value());
      ASSERT_FALSE(tr::check_tree_order(t, tr::OrderRule::segment).has_value());
    });
    EXPECT_EQ(n, expected[static_cast<std::size_t>(p - 1)]) << "p = " << p;
  }
  // Rank-ordered binary trees are a subset; each one is rank-ordered with <= 2 children.
  tr::for_each_ordered_tree(6, {tr::OrderRule::rank, 2, -1}, [&](const cv::GatherTree& t) {
    ASSERT_FALSE(tr::check_tree_order(t, tr::OrderRule::rank).has_value());
    ASSERT_LE(tr::max_children(t), 2);
  });
}

TEST(ScatterTime, HeaderExample) {
  cv::TreeProblem<std::int64_t> pr{{1, 1, 1}, cv::CostModel<std::int64_t>::uniform(1, 1, 1)};
  EXPECT_EQ(tr::scatter_time(tree(0, {{1, 2, 0}, {1}, {2}}), pr, tr::LeafCopy::free), 5);
}

// Duality: scatter of the reversed sequences with transposed costs = gather, for every ordered
// tree over p = 5 and random per-pair costs, and both leaf-copy conventions.
TEST(ScatterTime, DualityWithGather) {
  std::mt19937_64 g(8);
  cv::TreeProblem<std::int64_t> pr;
  pr.m = {3, 0, 7, 1, 4};
  pr.cost.p = 5;
  for (int x = 0; x < 25; ++x) {
    pr.cost.alpha_ij.push_back(static_cast<std::int64_t>(g() % 50));
    pr.cost.beta_ij.push_back(static_cast<std::int64_t>(1 + g() % 4));
  }
  pr.cost.gamma_i = {1, 2, 0, 3, 1};
  const auto back = tr::transposed_costs(pr);
  std::int64_t n = 0;
  tr::for_each_ordered_tree(5, {}, [&](const cv::GatherTree& t) {
    ++n;
    const auto rev = tr::reversed_sequences(t);
    ASSERT_EQ(tr::scatter_time(rev, back, tr::LeafCopy::free),
              tr::gather_time(t, pr, tr::LeafCopy::free));
    ASSERT_EQ(tr::scatter_time(rev, back, tr::LeafCopy::paid), tr::gather_time(t, pr));
  });
  EXPECT_EQ(n, 224);
}

TEST(TreeTime, FreeLeavesFollowFigure1) {
  // The lead's example tree with leaves that send straight from their buffers.
  cv::TreeProblem<std::int64_t> pr{{3, 2, 5}, cv::CostModel<std::int64_t>::uniform(1, 1, 1)};
  // copy 3, from 1 at max(3, 0) + 3 = 6, from 2 at max(6, 0) + 6 = 12.
  EXPECT_EQ(tr::gather_time(tree(0, {{0, 1, 2}, {1}, {2}}), pr, tr::LeafCopy::free), 12);
  // from 1 at 0 + 3 = 3, from 2 at 3 + 6 = 9, copy at 12.
  EXPECT_EQ(tr::gather_time(tree(0, {{1, 2, 0}, {1}, {2}}), pr, tr::LeafCopy::free), 12);
  EXPECT_EQ(tr::gather_time(tree(0, {{0}}), cv::TreeProblem<std::int64_t>{{9}, pr.cost},
                            tr::LeafCopy::free),
            0);
}

TEST(LowerBounds, HoldForEveryOrderedTree) {
  cv::TreeProblem<std::int64_t> pr{{4, 1, 0, 6, 2}, cv::CostModel<std::int64_t>::uniform(7, 2, 1)};
  tr::for_each_ordered_tree(5, {}, [&](const cv::GatherTree& t) {
    const auto time = tr::gather_time(t, pr, tr::LeafCopy::free);
    ASSERT_GE(time, tr::gather_lower_bound(pr, t.root));
    ASSERT_GE(time, tr::gather_lower_bound_k_ported(pr, t.root, 1));
  });
  // Root 0: copy 4, then alpha + beta (1 + 6 + 2) = 7 + 18.
  EXPECT_EQ(tr::gather_lower_bound(pr, 0), 29);
  EXPECT_EQ(tr::gather_lower_bound_k_ported(pr, 0, 2), 4 + 7 + 2 * 5);
  EXPECT_EQ(tr::gather_lower_bound(cv::TreeProblem<std::int64_t>{{5, 0}, pr.cost}, 0), 5);
}

}  // namespace
