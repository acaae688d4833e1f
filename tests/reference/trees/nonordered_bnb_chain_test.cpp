// Lemma B4, the receive-chain bound of the non-ordered branch and bound
// (reference/trees/nonordered_bnb_chain), against the true values F(Q, r) and G(Q) of the subset
// DP (proofs/trees/nonordered_dp) on sub-instances of random instances (p <= 14, fixed seeds,
// both leaf-copy conventions, gamma above and below beta): never above them; the same for
// Lemma B5 (distinct seeds, with heap-ordered tables inside B4 when gamma <= beta). An inflated bound
// (the mutant, +1) must be caught by the same comparison, and the B&B run with it must disagree
// with the DP somewhere; the header's example must be proved by the bound alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <vector>

#include "generators/tree_distributions.hpp"
#include "proofs/trees/nonordered_dp.hpp"
#include "reference/trees/nonordered_bnb.hpp"
#include "reference/trees/nonordered_bnb_bounds.hpp"
#include "reference/trees/nonordered_bnb_chain.hpp"
#include "tests/reference/trees/bnb_test_util.hpp"

namespace collverify::trees {
namespace {

struct Sub {
  TreeProblem<std::int64_t> pr;
  std::int64_t size = 0, max_block = 0;
  int nonzero = 0;
};

Sub sub_instance(const TreeProblem<std::int64_t>& pr, const std::vector<std::int64_t>& members) {
  Sub s;
  s.pr.cost = pr.cost;
  for (const std::int64_t v : members) {
    const std::int64_t w = pr.m[static_cast<std::size_t>(v)];
    s.pr.m.push_back(w);
    s.size += w;
    s.max_block = std::max(s.max_block, w);
    s.nonzero += w > 0 ? 1 : 0;
  }
  return s;
}

// The largest non-zero blocks of q without the processor r, decreasing (Lemma B5's seeds).
std::vector<std::int64_t> seeds_without(const Sub& q, std::int64_t r) {
  std::vector<std::int64_t> out;
  for (std::int64_t u = 0; u < q.pr.p(); ++u) {
    const std::int64_t w = q.pr.m[static_cast<std::size_t>(u)];
    if (u != r && w > 0) out.push_back(w);
  }
  std::sort(out.begin(), out.end(), std::greater<>());
  return out;
}

// The number of (set, root) pairs where the chain bound B4 (raised by `inflate`) or the seeded
// bound B5 (raised by `seed_inflate`) exceeds the subset DP's value, over `rounds` random
// instances.
int violations(std::uint64_t seed, int rounds, std::int64_t inflate, int& compared,
               std::int64_t seed_inflate = 0) {
  std::mt19937_64 rng(seed);
  int bad = 0;
  for (int round = 0; round < rounds; ++round) {
    const std::int64_t p = round % 10 == 9 ? 11 + round / 10 % 4 : 2 + round % 9;
    const auto pr = testing::random_bnb_problem(rng, p);
    const bool paid = round % 3 == 0;
    const LeafCopy leaf = paid ? LeafCopy::paid : LeafCopy::free;
    const bnb::Classes c = bnb::make_classes(pr, paid);
    std::int64_t m = 0;
    for (const auto x : pr.m) m += x;
    // t_max: the star's time, above every optimum (the search passes its first incumbent).
    const std::int64_t star = p * (pr.cost.alpha + pr.cost.beta * m) + pr.cost.gamma * m;
    bnb::ChainBound cb(c, star, inflate, seed_inflate);
    for (int trial = 0; trial < (p > 10 ? 1 : 4); ++trial) {
      std::vector<std::int64_t> members;
      for (std::int64_t v = 0; v < p; ++v) {
        if (trial == 0 || rng() % 3 != 0) members.push_back(v);
      }
      if (members.size() < 2) continue;
      const Sub q = sub_instance(pr, members);
      const auto g = proofs::nonordered_subset_dp(q.pr, proofs::RootChoice::best(), leaf).time;
      ++compared;
      if (cb.subtree(q.size, q.nonzero, q.max_block) > g) ++bad;
      for (std::int64_t r = 0; r < q.pr.p(); r += (p > 10 ? q.pr.p() : 1)) {
        const std::int64_t m_r = q.pr.m[static_cast<std::size_t>(r)];
        std::int64_t rest_max = 0;
        for (std::int64_t u = 0; u < q.pr.p(); ++u)
          if (u != r) rest_max = std::max(rest_max, q.pr.m[static_cast<std::size_t>(u)]);
        const auto f =
            proofs::nonordered_subset_dp(q.pr, proofs::RootChoice::fixed(r), leaf).time;
        ++compared;
        const int nz = q.nonzero - (m_r > 0 ? 1 : 0);
        if (cb.fixed_root(m_r, q.size - m_r, nz, rest_max) > f) ++bad;
        if (cb.fixed_root_seeds(m_r, q.size - m_r, nz, seeds_without(q, r)) > f) ++bad;
      }
    }
  }
  return bad;
}

TEST(NonorderedBnbChain, NeverExceedsTheSubsetDp) {
  int compared = 0;
  EXPECT_EQ(violations(20261127, 240, 0, compared), 0);
  EXPECT_GT(compared, 1000);
}

// The mutant: the same bound plus 1 is above a true value somewhere (the bound is often tight).
TEST(NonorderedBnbChain, InflatedBoundIsCaught) {
  int compared = 0;
  EXPECT_GT(violations(20261127, 120, 1, compared), 0);
}

// Lemma B5 alone raised by 1 (B4 exact) is caught as well.
TEST(NonorderedBnbChain, InflatedSeedBoundIsCaught) {
  int compared = 0;
  EXPECT_GT(violations(20261127, 120, 0, compared, 1), 0);
}

// Lemma B5 is at least B4 somewhere, and strictly above it somewhere (it is not B4 again):
// random seed 3 of the benchmark, p = 28, alpha = 1000, the root's bounds.
TEST(NonorderedBnbChain, SeedBoundRaisesTheRootBound) {
  DistributionParams params;
  params.seed = 3;
  TreeProblem<std::int64_t> pr;
  pr.m = block_sizes(TreeDistribution::random, 28, params);
  pr.cost = CostModel<std::int64_t>::uniform(1000, 1, 1);
  BnbOptions o;
  o.max_nodes = 1;  // the root's bounds only
  const BnbResult r = nonordered_bnb(pr, RootMode::best_root(), o);
  EXPECT_EQ(r.bounds.seeds, 31575);  // the optimum (proved by the search, PERFORMANCE.md)
  EXPECT_GE(r.bounds.seeds, r.bounds.chain);
}

// The B&B run with the seeded bound raised by 1 claims a wrong optimum somewhere.
TEST(NonorderedBnbChain, SearchWithInflatedSeedBoundDisagreesWithTheDp) {
  std::mt19937_64 rng(20261127);
  int wrong = 0;
  for (int round = 0; round < 200 && wrong == 0; ++round) {
    const auto pr = testing::random_bnb_problem(rng, 4 + round % 7);
    BnbOptions o;
    o.mutant_seed_inflate = 1;
    const BnbResult r = nonordered_bnb(pr, RootMode::best_root(), o);
    const auto dp = proofs::nonordered_subset_dp(pr, proofs::RootChoice::best(), LeafCopy::free);
    if (r.time != dp.time || r.lower_bound > dp.time) ++wrong;
  }
  EXPECT_GT(wrong, 0);
}

// The B&B run with the inflated bound claims a wrong optimum on some instance; the cross-check
// against the subset DP (as in the property test) sees it.
TEST(NonorderedBnbChain, SearchWithInflatedBoundDisagreesWithTheDp) {
  std::mt19937_64 rng(20261127);
  int wrong = 0;
  for (int round = 0; round < 100 && wrong == 0; ++round) {
    const auto pr = testing::random_bnb_problem(rng, 3 + round % 7);
    BnbOptions o;
    o.mutant_chain_inflate = 1;
    const BnbResult r = nonordered_bnb(pr, RootMode::best_root(), o);
    const auto dp = proofs::nonordered_subset_dp(pr, proofs::RootChoice::best(), LeafCopy::free);
    if (r.time != dp.time || r.lower_bound > dp.time) ++wrong;
  }
  EXPECT_GT(wrong, 0);
}

// The header's example: decreasing sizes 2001, 1929, ..., 72 (p = 28, m = 29016), alpha = 100,
// beta = gamma = 1: the root needs four messages, so G >= m + 4 alpha = 29416, which a tree meets.
TEST(NonorderedBnbChain, DecreasingTwentyEightIsProvedByTheBound) {
  DistributionParams params;
  TreeProblem<std::int64_t> pr;
  pr.m = block_sizes(TreeDistribution::decreasing, 28, params);
  pr.cost = CostModel<std::int64_t>::uniform(100, 1, 1);
  std::int64_t m = 0;
  for (const auto x : pr.m) m += x;
  ASSERT_EQ(m, 29016);
  const BnbResult r = nonordered_bnb(pr, RootMode::best_root());
  EXPECT_EQ(r.bounds.chain, 29416);
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(r.time, 29416);
  EXPECT_EQ(gather_time(r.tree, pr, LeafCopy::free), 29416);
}

// bnb::ceil_log2 (a count of leading zeros) against its slow twin, the doubling loop.
TEST(NonorderedBnbChain, CeilLog2MatchesTheLoop) {
  auto slow = [](std::int64_t n) {
    std::int64_t k = 0;
    while ((std::int64_t{1} << k) < n) ++k;
    return k;
  };
  for (std::int64_t n = 1; n <= 5000; ++n) ASSERT_EQ(bnb::ceil_log2(n), slow(n)) << n;
  for (int k = 13; k < 62; ++k) {
    for (const std::int64_t d : {-1, 0, 1}) {
      const std::int64_t n = (std::int64_t{1} << k) + d;
      ASSERT_EQ(bnb::ceil_log2(n), slow(n)) << n;
    }
  }
}

}  // namespace
}  // namespace collverify::trees
