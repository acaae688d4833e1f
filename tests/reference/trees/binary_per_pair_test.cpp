// Theorem 3's non-homogeneous binary DP (reference/trees/binary_per_pair) judged by its
// independent checker (checkers/trees/binary_check: rank order, at most two children, the
// Figure 1 time, and the brute force over every rank-ordered binary tree), against Figure 7's
// homogeneous DP on the same costs written as matrices, and the DP's mutants, each of which the
// checker must reject on a small instance.
#include "reference/trees/binary_per_pair.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "checkers/trees/binary_check.hpp"
#include "checkers/trees/brute_force.hpp"
#include "checkers/trees/tree_time.hpp"
#include "model/error.hpp"
#include "reference/trees/binary.hpp"
#include "tests/reference/trees/tree_test_util.hpp"

namespace cv = collverify;
namespace tr = collverify::trees;
using tr::testing::draw;
using tr::testing::random_homogeneous;
using tr::testing::random_per_pair;

namespace {

cv::TreeProblem<std::int64_t> header_example() {
  cv::TreeProblem<std::int64_t> pr{{1, 1, 1}, cv::CostModel<std::int64_t>::uniform(10, 1, 0)};
  pr = tr::testing::expanded(pr);
  pr.cost.alpha_ij[2 * 3 + 0] = 0;
  return pr;
}

TEST(BinaryPerPair, HeaderExamples) {
  const auto pr = header_example();
  const auto r = tr::optimal_binary_tree_per_pair(pr, tr::RootMode::best_root());
  EXPECT_EQ(r.time, 12);
  EXPECT_EQ(r.tree.root, 0);
  EXPECT_EQ(r.tree.sequence[0], (std::vector<std::int64_t>{0, 1, 2}));
  const cv::TreeProblem<std::int64_t> hom{{1, 1, 1},
                                          cv::CostModel<std::int64_t>::uniform(10, 1, 0)};
  EXPECT_EQ(tr::optimal_binary_tree(hom, tr::RootMode::best_root()).time, 22);
  // The checker's own example.
  const cv::TreeProblem<std::int64_t> two{{1, 1}, cv::CostModel<std::int64_t>::uniform(10, 1, 1)};
  cv::GatherTree t{0, {{0, 1}, {1}}};
  EXPECT_FALSE(tr::check_binary_optimum<std::int64_t>(two, -1, t, 12).has_value());
  const auto bad = tr::check_binary_optimum<std::int64_t>(two, -1, t, 11);
  ASSERT_TRUE(bad.has_value());
  EXPECT_EQ(bad->property, "claimed_time");
}

// Every root and the best root of random per-pair instances, p = 1..8: the checker (brute force
// included) accepts every claim, and the dispatching entry point gives the same answer.
TEST(BinaryPerPair, EqualsBruteForceOverRankOrderedBinaryTrees) {
  std::mt19937_64 g(2026);
  std::int64_t claims = 0;
  for (std::int64_t p = 1; p <= 8; ++p) {
    const int count = p <= 6 ? 10 : 4;
    for (int x = 0; x < count; ++x) {
      const auto pr = random_per_pair(g, p);
      for (std::int64_t r = -1; r < p; ++r) {
        const auto mode = r < 0 ? tr::RootMode::best_root() : tr::RootMode::fixed(r);
        const auto res = tr::optimal_binary_tree_per_pair(pr, mode);
        const auto v = tr::check_binary_optimum(pr, r, res.tree, res.time, 8);
        EXPECT_FALSE(v.has_value()) << "p = " << p << " root " << r << ": " << v->message;
        EXPECT_EQ(tr::optimal_binary_tree(pr, mode).time, res.time);
        ++claims;
      }
      const auto both = tr::optimal_binary_tree_per_pair_both(pr, p / 2);
      EXPECT_EQ(both.fixed.time,
                tr::optimal_binary_tree_per_pair(pr, tr::RootMode::fixed(p / 2)).time);
      EXPECT_EQ(both.best.time,
                tr::optimal_binary_tree_per_pair(pr, tr::RootMode::best_root()).time);
    }
  }
  EXPECT_EQ(claims, 10 * (2 + 3 + 4 + 5 + 6 + 7) + 4 * (8 + 9));
}

TEST(BinaryPerPair, DoublesEqualBruteForce) {
  std::mt19937_64 g(7);
  for (std::int64_t p = 1; p <= 6; ++p) {
    const auto pr = tr::testing::as_double(random_per_pair(g, p));
    for (std::int64_t r = -1; r < p; ++r) {
      const auto mode = r < 0 ? tr::RootMode::best_root() : tr::RootMode::fixed(r);
      const auto res = tr::optimal_binary_tree_per_pair(pr, mode);
      const auto v = tr::check_binary_optimum(pr, r, res.tree, res.time, 6);
      EXPECT_FALSE(v.has_value()) << "p = " << p << " root " << r << ": " << v->message;
    }
  }
}

// The same costs in every pair: Figure 7's O(p^3) DP and the O(p^4) one agree, far beyond the
// brute force's reach.
TEST(BinaryPerPair, HomogeneousCostsGiveFigure7) {
  std::mt19937_64 g(11);
  for (int round = 0; round < 40; ++round) {
    const std::int64_t p = draw(g, 1, 40);
    const auto pr = random_homogeneous(g, p);
    const auto wide = tr::testing::expanded(pr);
    const std::int64_t r = draw(g, 0, p - 1);
    const auto fig7 = tr::optimal_binary_tree_both(pr, r);
    const auto both = tr::optimal_binary_tree_per_pair_both(wide, r);
    EXPECT_EQ(both.fixed.time, fig7.first.time) << "p = " << p << " root " << r;
    EXPECT_EQ(both.best.time, fig7.second.time) << "p = " << p;
    EXPECT_FALSE(tr::check_binary_optimum(wide, r, both.fixed.tree, both.fixed.time, 0));
    EXPECT_FALSE(tr::check_binary_optimum(wide, -1, both.best.tree, both.best.time, 0));
  }
}

struct Witness {
  std::int64_t p = 0;
  std::string property;
};

// The first (smallest p, then instance, then root) claim of the mutated DP the checker rejects.
Witness first_rejection(tr::BinaryDpMutant mutant) {
  std::mt19937_64 g(99);
  for (std::int64_t p = 1; p <= 7; ++p) {
    for (int x = 0; x < 40; ++x) {
      const auto pr = random_per_pair(g, p);
      for (std::int64_t r = -1; r < p; ++r) {
        const auto mode = r < 0 ? tr::RootMode::best_root() : tr::RootMode::fixed(r);
        const auto res = tr::optimal_binary_tree_per_pair(pr, mode, mutant);
        if (const auto v = tr::check_binary_optimum(pr, r, res.tree, res.time, 7)) {
          return {p, v->property};
        }
      }
    }
  }
  return {};
}

TEST(BinaryPerPair, CheckerRejectsEveryMutant) {
  const struct {
    tr::BinaryDpMutant mutant;
    const char* property;
  } cases[] = {{tr::BinaryDpMutant::split_short, "not_optimal"},
               {tr::BinaryDpMutant::copy_dropped, "claimed_time"},
               {tr::BinaryDpMutant::comm_reversed, "claimed_time"}};
  for (const auto& c : cases) {
    const Witness w = first_rejection(c.mutant);
    EXPECT_GE(w.p, 2) << "mutant " << static_cast<int>(c.mutant) << " was never rejected";
    EXPECT_EQ(w.property, c.property) << "mutant " << static_cast<int>(c.mutant);
    // split_short first loses a tree at a range of three (root i, two leaves); the dropped copy
    // needs a middle root (p >= 3); a reversed message shows on any p = 2 with asymmetric costs.
    if (c.mutant == tr::BinaryDpMutant::comm_reversed) {
      EXPECT_EQ(w.p, 2);
    } else {
      EXPECT_EQ(w.p, 3);
    }
  }
}

// Each rule of the checker, shown a broken claim.
TEST(BinaryPerPair, CheckerNamesEachBrokenRule) {
  const cv::TreeProblem<std::int64_t> pr{{1, 2, 3, 4},
                                         cv::CostModel<std::int64_t>::uniform(5, 1, 1)};
  const auto ok = tr::optimal_binary_tree(pr, tr::RootMode::fixed(0));
  ASSERT_FALSE(tr::check_binary_optimum(pr, 0, ok.tree, ok.time));
  EXPECT_EQ(tr::check_binary_optimum(pr, 1, ok.tree, ok.time)->property, "wrong_root");
  const auto star = cv::GatherTree::star(4, 0);  // three children
  const auto t = tr::gather_time(star, pr, tr::LeafCopy::free);
  EXPECT_EQ(tr::check_binary_optimum(pr, 0, star, t)->property, "not_binary");
  cv::GatherTree unordered{0, {{0, 2, 1}, {1}, {2, 3}, {3}}};  // [2..3] received before [1]
  EXPECT_EQ(
      tr::check_binary_optimum(pr, 0, unordered, tr::gather_time(unordered, pr, tr::LeafCopy::free))
          ->property,
      "rank_order");
  cv::GatherTree chain{0, {{0, 1}, {1, 2}, {2, 3}, {3}}};
  const auto tc = tr::gather_time(chain, pr, tr::LeafCopy::free);
  const auto bf = tr::brute_force_minimum(pr, {tr::OrderRule::rank, 2, 0});
  ASSERT_LT(bf.time, tc);
  EXPECT_EQ(tr::check_binary_optimum(pr, 0, chain, tc)->property, "not_optimal");
  std::mt19937_64 g(1);
  EXPECT_THROW(tr::optimal_binary_tree_naive(random_per_pair(g, 3), tr::RootMode::best_root()),
               cv::InputError);
}

}  // namespace
