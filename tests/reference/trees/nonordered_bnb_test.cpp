// The branch and bound for non-ordered trees (reference/trees/nonordered_bnb) against its slow
// twin, the subset DP (proofs/trees/nonordered_dp), with every tree re-evaluated by the Figure 1
// evaluator (checkers/trees/tree_time.hpp); its bounds never above the DP's optimum; its limits
// never claim "optimal"; the symmetry of equal sizes makes p = 40 "same" instant.
#include <gtest/gtest.h>

#include <random>

#include "checkers/trees/tree_time.hpp"
#include "generators/partition_instance.hpp"
#include "model/error.hpp"
#include "proofs/trees/nonordered_dp.hpp"
#include "proofs/trees/tree_solution.hpp"
#include "reference/trees/nonordered_bnb.hpp"
#include "tests/reference/trees/bnb_test_util.hpp"

namespace collverify::trees {
namespace {

using testing::bnb_problem;
using testing::expect_bnb_matches_dp;

TEST(NonorderedBnb, HeaderExample) {
  const auto pr = bnb_problem({1, 1, 1}, 1, 1, 1);
  const BnbResult r = nonordered_bnb(pr, RootMode::best_root());
  EXPECT_EQ(r.time, 5);
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(r.lower_bound, 5);
  EXPECT_EQ(gather_time(r.tree, pr, LeafCopy::free), 5);
}

// Lemma 2 of seed 001 (as in tests/proofs/trees/nonordered_test.cpp): with the paid convention
// the four small blocks gather concurrently with the root's copy, optimum 114 at root 2.
TEST(NonorderedBnb, Lemma2TwoBlockSizes) {
  const auto pr = bnb_problem({1, 1, 100, 1, 1}, 10, 1, 1);
  BnbOptions o;
  o.leaf_pays_copy = true;
  const BnbResult r = nonordered_bnb(pr, RootMode::fixed(2), o);
  EXPECT_EQ(r.time, 114);
  EXPECT_EQ(r.tree.root, 2);
  EXPECT_EQ(gather_time(r.tree, pr, LeafCopy::paid), 114);
  expect_bnb_matches_dp(pr, RootMode::fixed(2), true);
}

// Non-ordered strictly below ordered: the search must beat its first incumbent and say so.
TEST(NonorderedBnb, BeatsTheOrderedIncumbent) {
  const auto pr = bnb_problem({9, 1, 8, 1, 7}, 2, 1, 1);
  const BnbResult r = nonordered_bnb(pr, RootMode::fixed(0));
  EXPECT_LT(r.time, r.first_incumbent);
  EXPECT_TRUE(r.optimal);
  expect_bnb_matches_dp(pr, RootMode::fixed(0), false);
}

TEST(NonorderedBnb, SingleProcessorZeroBlocksAndFixedRoots) {
  EXPECT_EQ(nonordered_bnb(bnb_problem({7}, 3, 2, 5), RootMode::best_root()).time, 0);
  BnbOptions paid;
  paid.leaf_pays_copy = true;
  EXPECT_EQ(nonordered_bnb(bnb_problem({7}, 3, 2, 5), RootMode::best_root(), paid).time, 35);
  const auto zeros = bnb_problem({0, 0, 4, 0}, 5, 1, 1);
  for (const RootMode mode : {RootMode::best_root(), RootMode::fixed(0), RootMode::fixed(2)}) {
    expect_bnb_matches_dp(zeros, mode, false);
    expect_bnb_matches_dp(zeros, mode, true);
  }
  expect_bnb_matches_dp(bnb_problem({0, 0, 0}, 5, 1, 1), RootMode::best_root(), false);
}

TEST(NonorderedBnb, RefusesBadInput) {
  EXPECT_THROW(nonordered_bnb(bnb_problem({}, 1, 1, 1), RootMode::best_root()), InputError);
  EXPECT_THROW(nonordered_bnb(bnb_problem({1, -1}, 1, 1, 1), RootMode::best_root()), InputError);
  EXPECT_THROW(nonordered_bnb(bnb_problem({1, 1}, -1, 1, 1), RootMode::best_root()), InputError);
  EXPECT_THROW(nonordered_bnb(bnb_problem({1, 1}, 1, 1, 1), RootMode::fixed(2)), InputError);
  EXPECT_THROW(
      nonordered_bnb(bnb_problem(std::vector<std::int64_t>(49, 1), 1, 1, 1), RootMode::best_root()),
      InputError);
  EXPECT_THROW(
      nonordered_bnb(bnb_problem({std::int64_t{1} << 61, 1}, 1, 1, 1), RootMode::best_root()),
      InputError);
}

// A node limit that is hit: the best tree so far (a real tree, re-timed), never "optimal",
// with its gap to a proved lower bound.
TEST(NonorderedBnb, NodeLimitIsNeverOptimal) {
  // alpha = 20: with alpha = 4 the local-search incumbent meets the root bound (no node).
  const auto pr = bnb_problem({9, 1, 8, 1, 7, 3, 12, 5, 6, 2, 11}, 20, 1, 1);
  BnbOptions o;
  o.max_nodes = 3;
  const BnbResult r = nonordered_bnb(pr, RootMode::best_root(), o);
  EXPECT_EQ(r.stopped_by, "nodes");
  EXPECT_FALSE(r.optimal);
  EXPECT_GT(r.gap(), 0);
  EXPECT_EQ(gather_time(r.tree, pr, LeafCopy::free), r.time);
  const auto dp = proofs::nonordered_subset_dp(pr, proofs::RootChoice::best(), LeafCopy::free);
  EXPECT_LE(r.lower_bound, dp.time);
  EXPECT_GE(r.time, dp.time);
}

// Lemmas B1-B3 on random instances: each root bound at most the DP's optimum (with p <= 9 the
// DP is instant); a bound above it would make the search claim a wrong optimum.
TEST(NonorderedBnb, RootBoundsNeverExceedTheOptimum) {
  std::mt19937_64 rng(20261126);
  for (int round = 0; round < 200; ++round) {
    const auto pr = testing::random_bnb_problem(rng, 2 + static_cast<std::int64_t>(rng() % 8));
    const bool paid = round % 3 == 0;
    const RootMode mode = round % 2 ? RootMode::best_root()
                                    : RootMode::fixed(static_cast<std::int64_t>(
                                          rng() % static_cast<std::uint64_t>(pr.p())));
    BnbOptions o;
    o.leaf_pays_copy = paid;
    const BnbResult r = nonordered_bnb(pr, mode, o);
    const auto root = mode.best ? proofs::RootChoice::best() : proofs::RootChoice::fixed(mode.root);
    const auto dp = proofs::nonordered_subset_dp(pr, root, paid ? LeafCopy::paid : LeafCopy::free);
    EXPECT_LE(r.bounds.volume, dp.time) << "round " << round;
    EXPECT_LE(r.bounds.latency, dp.time) << "round " << round;
    EXPECT_LE(r.bounds.partition, dp.time) << "round " << round;
    EXPECT_EQ(r.time, dp.time) << "round " << round;
  }
}

// Theorem 7's integer instance for {3, 5, 2, 4} (p = 4 + 2, a partition exists): the partition
// bound alone proves the target 2pm + 2p + 2 = 2 * 4 * 14 + 10 = 122.
TEST(NonorderedBnb, PartitionBoundMeetsTheoremSevenTarget) {
  const PartitionGatherInstance inst = partition_gather_instance({3, 5, 2, 4});
  const auto& pr = inst.problem;
  const BnbResult r = nonordered_bnb(pr, RootMode::best_root());
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(inst.target, 122);
  EXPECT_EQ(r.time, inst.target);
  EXPECT_EQ(r.bounds.partition, r.time);
  expect_bnb_matches_dp(pr, RootMode::best_root(), false);
}

// Equal sizes are one class: p = 40 "same" has 41 sets and is solved at once (the subset DP
// could not: 2^40 sets); the binomial time m + ceil(log2 p) alpha is the optimum here.
TEST(NonorderedBnb, EqualSizesAreOneClass) {
  const auto pr = bnb_problem(std::vector<std::int64_t>(40, 1000), 100, 1, 1);
  BnbOptions o;
  o.seconds = 20;
  const BnbResult r = nonordered_bnb(pr, RootMode::best_root(), o);
  EXPECT_TRUE(r.optimal) << r.stopped_by;
  EXPECT_EQ(gather_time(r.tree, pr, LeafCopy::free), r.time);
  EXPECT_LE(r.memo_entries, 2 * 41);
  EXPECT_LE(r.time, 40000 + 6 * 100);
}

}  // namespace
}  // namespace collverify::trees
