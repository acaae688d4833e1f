// The optimal ordered tree DP (Figures 5 and 6) against the brute force over ALL segment-ordered
// trees (checkers/trees/brute_force.hpp) for every p <= 9, both cost models, every fixed root
// and the best root; every returned tree re-checked by the independent checkers.
#include "reference/trees/optimal.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "checkers/trees/brute_force.hpp"
#include "checkers/trees/scatter_time.hpp"
#include "checkers/trees/tree_check.hpp"
#include "checkers/trees/tree_time.hpp"
#include "model/error.hpp"
#include "tests/reference/trees/tree_test_util.hpp"

namespace cv = collverify;
namespace tr = collverify::trees;
using tr::testing::random_homogeneous;
using tr::testing::random_per_pair;

namespace {

template <class T>
void expect_sound(const tr::TreeResult<T>& r, const cv::TreeProblem<T>& pr) {
  ASSERT_FALSE(tr::check_tree_shape(r.tree).has_value());
  const auto order = tr::check_tree_order(r.tree, tr::OrderRule::segment);
  ASSERT_FALSE(order.has_value()) << order->message;
  EXPECT_EQ(tr::gather_time(r.tree, pr, tr::LeafCopy::free), r.time);
}

TEST(OptimalTree, HeaderExample) {
  cv::TreeProblem<std::int64_t> pr{{1, 1, 1, 1}, cv::CostModel<std::int64_t>::uniform(10, 1, 1)};
  const auto r = tr::optimal_ordered_tree(pr, tr::RootMode::best_root());
  EXPECT_EQ(r.time, 24);
  EXPECT_EQ(r.tree.root, 0);
  expect_sound(r, pr);
}

// One enumeration per p; every tree evaluated for several problems at once.
TEST(OptimalTree, EqualsBruteForceForEveryPUpToNine) {
  std::mt19937_64 g(2024);
  for (std::int64_t p = 1; p <= 9; ++p) {
    std::vector<cv::TreeProblem<std::int64_t>> problems;
    const int per_model = p <= 6 ? 4 : (p <= 8 ? 2 : 1);
    for (int x = 0; x < per_model; ++x) {
      problems.push_back(random_homogeneous(g, p));
      problems.push_back(random_per_pair(g, p));
    }
    // best[problem][root]
    std::vector<std::vector<std::int64_t>> best(problems.size(),
                                                std::vector<std::int64_t>(p, INT64_MAX));
    std::int64_t trees = 0;
    tr::for_each_ordered_tree(p, {}, [&](const cv::GatherTree& t) {
      ++trees;
      for (std::size_t q = 0; q < problems.size(); ++q) {
        auto& b = best[q][static_cast<std::size_t>(t.root)];
        b = std::min(b, tr::gather_time(t, problems[q], tr::LeafCopy::free));
      }
    });
    for (std::size_t q = 0; q < problems.size(); ++q) {
      const auto& pr = problems[q];
      SCOPED_TRACE(testing::Message() << "p = " << p << " problem " << q
                                      << (pr.cost.homogeneous() ? " homogeneous" : " per-pair"));
      std::int64_t overall = INT64_MAX;
      for (std::int64_t r = 0; r < p; ++r) {
        const auto res = tr::optimal_ordered_tree(pr, tr::RootMode::fixed(r));
        EXPECT_EQ(res.time, best[q][static_cast<std::size_t>(r)]) << "root " << r;
        EXPECT_EQ(res.tree.root, r);
        expect_sound(res, pr);
        overall = std::min(overall, res.time);
      }
      const auto res = tr::optimal_ordered_tree(pr, tr::RootMode::best_root());
      EXPECT_EQ(res.time, overall);
      expect_sound(res, pr);
    }
    if (p == 9) {
      EXPECT_EQ(trees, 366080);
    }
  }
}

// Figure 4 as printed (the lone right-end root copies after its child) against the brute force
// over the trees that rule allows, every root.
TEST(OptimalTree, Figure4PlacementEqualsBruteForce) {
  std::mt19937_64 g(77);
  const auto place = tr::CopyPlacement::figure4;
  for (std::int64_t p = 1; p <= 8; ++p) {
    for (const bool pairwise : {false, true}) {
      const auto pr = pairwise ? random_per_pair(g, p) : random_homogeneous(g, p);
      for (std::int64_t r = -1; r < p; ++r) {
        const auto mode = r < 0 ? tr::RootMode::best_root() : tr::RootMode::fixed(r);
        const auto dp = tr::optimal_ordered_tree(pr, mode, place);
        const auto bf = tr::brute_force_minimum(pr, {tr::OrderRule::figure4, -1, r});
        EXPECT_EQ(dp.time, bf.time) << "p = " << p << " root " << r;
        ASSERT_FALSE(tr::check_tree_order(dp.tree, tr::OrderRule::figure4).has_value());
        EXPECT_EQ(tr::gather_time(dp.tree, pr, tr::LeafCopy::free), dp.time);
        if (!pairwise) {
          EXPECT_EQ(tr::optimal_ordered_tree_naive(pr, mode, place).time, dp.time);
        }
        // Copying first is never slower.
        EXPECT_LE(tr::optimal_ordered_tree(pr, mode).time, dp.time);
      }
    }
  }
}

TEST(OptimalTree, FastEqualsNaiveTripleLoop) {
  std::mt19937_64 g(7);
  for (int round = 0; round < 40; ++round) {
    const std::int64_t p = tr::testing::draw(g, 1, 70);
    const auto pr = random_homogeneous(g, p);
    for (const auto mode : {tr::RootMode::best_root(), tr::RootMode::fixed(p / 2)}) {
      const auto fast = tr::optimal_ordered_tree(pr, mode);
      const auto naive = tr::optimal_ordered_tree_naive(pr, mode);
      EXPECT_EQ(fast.time, naive.time) << "p = " << p;
      expect_sound(fast, pr);
      expect_sound(naive, pr);
    }
    const auto prd = tr::testing::as_double(pr);
    EXPECT_DOUBLE_EQ(tr::optimal_ordered_tree(prd, tr::RootMode::best_root()).time,
                     tr::optimal_ordered_tree_naive(prd, tr::RootMode::best_root()).time);
  }
}

TEST(OptimalTree, PerPairDpOnHomogeneousCostsEqualsFigure6) {
  std::mt19937_64 g(11);
  for (int round = 0; round < 15; ++round) {
    const std::int64_t p = tr::testing::draw(g, 1, 25);
    const auto pr = random_homogeneous(g, p);
    const auto wide = tr::testing::expanded(pr);
    for (const auto mode : {tr::RootMode::best_root(), tr::RootMode::fixed(p - 1)}) {
      const auto a = tr::optimal_ordered_tree(pr, mode);
      const auto b = tr::optimal_ordered_tree(wide, mode);
      EXPECT_EQ(a.time, b.time);
      expect_sound(b, wide);
    }
  }
}

TEST(OptimalTree, DoubleCostsMatchTheEvaluator) {
  std::mt19937_64 g(5);
  for (int round = 0; round < 10; ++round) {
    const std::int64_t p = tr::testing::draw(g, 1, 20);
    const auto pr = tr::testing::as_double(round % 2 ? random_per_pair(g, p) : random_homogeneous(g, p));
    const auto r = tr::optimal_ordered_tree(pr, tr::RootMode::best_root());
    EXPECT_NEAR(tr::gather_time(r.tree, pr, tr::LeafCopy::free), r.time, 1e-9 * (1 + r.time));
  }
}

// Theorem 4: broadcast trees by the same DP with every message of the whole size.
TEST(OptimalTree, BroadcastEqualsBruteForce) {
  std::mt19937_64 g(99);
  for (std::int64_t p = 1; p <= 7; ++p) {
    for (const bool pairwise : {false, true}) {
      const auto pr = pairwise ? random_per_pair(g, p) : random_homogeneous(g, p);
      const auto res = tr::optimal_ordered_broadcast_tree(pr, tr::RootMode::best_root());
      // The DP works in gather direction (child -> parent); the broadcast runs parent -> child.
      const auto down = tr::transposed_costs(pr);
      EXPECT_EQ(tr::broadcast_time(tr::reversed_sequences(res.tree), down), res.time);
      EXPECT_EQ(tr::brute_force_broadcast_minimum(down, {}).time, res.time) << "p = " << p;
    }
  }
}

TEST(OptimalTree, BadInputIsRefused) {
  using P = cv::TreeProblem<std::int64_t>;
  const auto u = cv::CostModel<std::int64_t>::uniform(1, 1, 1);
  EXPECT_THROW(tr::optimal_ordered_tree(P{{}, u}, tr::RootMode::best_root()), cv::InputError);
  EXPECT_THROW(tr::optimal_ordered_tree(P{{1, -2}, u}, tr::RootMode::best_root()), cv::InputError);
  EXPECT_THROW(tr::optimal_ordered_tree(P{{1, 2}, u}, tr::RootMode::fixed(2)), cv::InputError);
  EXPECT_THROW(tr::optimal_ordered_tree(P{{1, 2}, u}, tr::RootMode::fixed(-1)), cv::InputError);
  P shape{{1, 2}, {}};
  shape.cost.p = 2;
  shape.cost.alpha_ij = {1, 1, 1};
  shape.cost.beta_ij = {1, 1, 1, 1};
  shape.cost.gamma_i = {1, 1};
  EXPECT_THROW(tr::optimal_ordered_tree(shape, tr::RootMode::best_root()), cv::InputError);
  const std::int64_t big = INT64_MAX / 4;
  EXPECT_THROW(tr::optimal_ordered_tree(P{{big, big, big}, u}, tr::RootMode::best_root()),
               cv::InputError);
  EXPECT_THROW(tr::optimal_ordered_tree(P{{4, 4}, cv::CostModel<std::int64_t>::uniform(INT64_MAX / 2, 1, 1)},
                                        tr::RootMode::best_root()),
               cv::InputError);
  // p = 10^6 needs about 40 TB of tables: refused with the estimate before allocating.
  P huge{std::vector<std::int64_t>(1'000'000, 1), u};
  try {
    tr::optimal_ordered_tree(huge, tr::RootMode::best_root());
    FAIL() << "no InputError";
  } catch (const cv::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("p = 1000000"), std::string::npos) << e.what();
  }
}

}  // namespace
