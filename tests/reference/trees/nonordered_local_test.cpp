// reference/trees/nonordered_local (the B&B's better first incumbent): every tree it returns is
// spanning, keeps a fixed root, is timed right (the independent Figure 1 evaluator of
// checkers/trees), is never slower than its input and never faster than the subset DP's
// optimum (the slow twin); the B&B with and without it proves the same optimum.
#include "reference/trees/nonordered_local.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "bnb_test_util.hpp"
#include "checkers/trees/tree_time.hpp"
#include "generators/tree_distributions.hpp"
#include "proofs/trees/nonordered_dp.hpp"
#include "proofs/trees/tree_solution.hpp"
#include "reference/trees/nonordered_bnb.hpp"
#include "reference/trees/optimal.hpp"

namespace collverify::trees {
namespace {

using testing::bnb_problem;
using testing::random_bnb_problem;

TEST(NonorderedLocal, StarBecomesTheOptimum) {
  const auto pr = bnb_problem({5, 1, 1, 1, 1}, 10, 1, 1);
  const LocalSearchResult r = improve_tree(pr, GatherTree::star(5, 0));
  EXPECT_EQ(gather_time(GatherTree::star(5, 0), pr, LeafCopy::free), 49);
  const auto dp = proofs::nonordered_subset_dp(pr, proofs::RootChoice::best(), LeafCopy::free);
  EXPECT_EQ(r.time, dp.time);
  EXPECT_EQ(r.time, 36);
  EXPECT_EQ(gather_time(r.tree, pr, LeafCopy::free), r.time);
}

TEST(NonorderedLocal, NeverSlowerTimedRightAndNeverBelowTheOptimum) {
  std::mt19937_64 g(20261127);
  int improved = 0, optimum = 0, runs = 0;
  for (int i = 0; i < 240; ++i) {
    const std::int64_t p = 3 + i % 8;
    const auto pr = random_bnb_problem(g, p);
    const bool paid = i % 2 == 1;
    const bool best = i % 3 != 0;
    const RootMode mode = best ? RootMode::best_root() : RootMode::fixed((i * 7) % p);
    const LeafCopy leaf = paid ? LeafCopy::paid : LeafCopy::free;
    const GatherTree start = optimal_ordered_tree(pr, mode).tree;
    LocalSearchOptions o;
    o.leaf_pays_copy = paid;
    o.fixed_root = !best;
    o.rounds = 20;
    const LocalSearchResult r = improve_tree(pr, start, o);
    ASSERT_TRUE(proofs::is_spanning_tree(r.tree)) << i;
    EXPECT_EQ(gather_time(r.tree, pr, leaf), r.time) << i;
    EXPECT_LE(r.time, gather_time(start, pr, leaf)) << i;
    if (!best) {
      EXPECT_EQ(r.tree.root, mode.root) << i;
    }
    const auto root = best ? proofs::RootChoice::best() : proofs::RootChoice::fixed(mode.root);
    const auto dp = proofs::nonordered_subset_dp(pr, root, leaf);
    EXPECT_GE(r.time, dp.time) << i;
    improved += r.time < gather_time(start, pr, leaf) ? 1 : 0;
    optimum += r.time == dp.time ? 1 : 0;
    ++runs;
  }
  // It does something: some ordered trees are improved, most results are optimal.
  EXPECT_GT(improved, 0);
  EXPECT_GT(optimum, runs / 2);
  std::printf("local search: %d of %d improved, %d optimal\n", improved, runs, optimum);
}

// The search with the local search off (the ordered incumbent as before) proves the same optima.
TEST(NonorderedLocal, BnbWithoutItAgreesWithTheSubsetDp) {
  std::mt19937_64 g(7);
  for (int i = 0; i < 60; ++i) {
    const std::int64_t p = 3 + i % 9;
    const auto pr = random_bnb_problem(g, p);
    for (const bool local : {true, false}) {
      BnbOptions o;
      o.local_search = local;
      o.probe = local;  // both new parts on, or both off (the search as before them)
      o.leaf_pays_copy = i % 2 == 1;
      const BnbResult r = nonordered_bnb(pr, RootMode::best_root(), o);
      const auto dp = proofs::nonordered_subset_dp(
          pr, proofs::RootChoice::best(), o.leaf_pays_copy ? LeafCopy::paid : LeafCopy::free);
      EXPECT_TRUE(r.optimal);
      EXPECT_EQ(r.time, dp.time) << i << " local " << local;
      EXPECT_LE(r.local_incumbent, r.first_incumbent);
      if (!local) {
        EXPECT_EQ(r.local_incumbent, r.first_incumbent);
      }
    }
  }
}

// Probing (the search's bound rising from the root's lower bound): a search stopped by a node
// limit reports a lower bound that the subset DP's optimum respects, and proves the same optima
// as one search below the incumbent. Its mutant (a failed probe's bound raised by one) is caught.
struct ProbeOutcome {
  int wrong = 0;    // a lower bound above the optimum, or a wrong optimum
  int raised = 0;   // stopped runs whose lower bound is above the root bounds
};

ProbeOutcome probe_runs(std::int64_t mutant) {
  std::mt19937_64 g(11);
  ProbeOutcome out;
  for (int i = 0; i < 80; ++i) {
    const std::int64_t p = 8 + i % 6;
    auto pr = random_bnb_problem(g, p);
    pr.cost.alpha = 50 + 10 * (i % 7);  // latency-bound instances: gaps of about one alpha
    const auto dp = proofs::nonordered_subset_dp(pr, proofs::RootChoice::best(), LeafCopy::free);
    for (const std::int64_t nodes : {20, 200, 0}) {
      BnbOptions o;
      o.local_search = false;  // the ordered incumbent: more to prove
      o.max_nodes = nodes;
      o.mutant_probe_inflate = mutant;
      const BnbResult r = nonordered_bnb(pr, RootMode::best_root(), o);
      if (mutant == 0) {
        EXPECT_LE(r.lower_bound, dp.time) << i << " nodes " << nodes;
        EXPECT_GE(r.time, dp.time) << i;
        EXPECT_EQ(gather_time(r.tree, pr, LeafCopy::free), r.time) << i;
        if (r.optimal) {
          EXPECT_EQ(r.time, dp.time) << i;
        }
      }
      if (r.lower_bound > dp.time || (r.optimal && r.time != dp.time)) ++out.wrong;
      if (!r.optimal && r.lower_bound > r.bounds.best()) ++out.raised;
    }
  }
  return out;
}

TEST(NonorderedLocal, ProbingKeepsEveryLowerBoundProvedAndItsMutantIsCaught) {
  const ProbeOutcome good = probe_runs(0);
  EXPECT_EQ(good.wrong, 0);
  std::printf("probing: %d stopped runs raised the root's lower bound\n", good.raised);
  EXPECT_GT(probe_runs(1).wrong, 0);
}

// Decreasing, p = 26, alpha = 1000: the ordered tree (31324) is 310 above B4; the local search
// finds a tree that meets B4 (31014), so it is proved without a search node (before it, 400 s of
// CPU did not prove it).
TEST(NonorderedLocal, ClosesDecreasingTwentySixAtAlphaThousand) {
  DistributionParams params;
  TreeProblem<std::int64_t> pr;
  pr.m = block_sizes(parse_distribution("decreasing"), 26, params);
  pr.cost = CostModel<std::int64_t>::uniform(1000, 1, 1);
  BnbOptions o;
  o.seconds = 0;  // no clock: the local search stops at its rounds, not at a quarter of 60 s
                  // (a sanitizer build is slow enough to reach it)
  const BnbResult r = nonordered_bnb(pr, RootMode::best_root(), o);
  EXPECT_EQ(r.first_incumbent, 31324);
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(r.time, r.bounds.chain);
  EXPECT_EQ(r.time, 31014);
  EXPECT_EQ(r.nodes, 0);
  EXPECT_EQ(gather_time(r.tree, pr, LeafCopy::free), r.time);
}

}  // namespace
}  // namespace collverify::trees
