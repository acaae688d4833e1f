// Shared by the branch-and-bound tests: problems, a random instance with repeated sizes, and
// the comparison with the slow twin (the subset DP) through the independent evaluator.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "checkers/trees/tree_time.hpp"
#include "proofs/trees/nonordered_dp.hpp"
#include "proofs/trees/tree_solution.hpp"
#include "reference/trees/nonordered_bnb.hpp"

namespace collverify::trees::testing {

inline TreeProblem<std::int64_t> bnb_problem(std::vector<std::int64_t> m, std::int64_t a,
                                             std::int64_t b, std::int64_t g) {
  TreeProblem<std::int64_t> pr;
  pr.m = std::move(m);
  pr.cost = CostModel<std::int64_t>::uniform(a, b, g);
  return pr;
}

// Sizes from a few values (so that classes repeat) or spread; zeros now and then.
inline TreeProblem<std::int64_t> random_bnb_problem(std::mt19937_64& g, std::int64_t p) {
  auto draw = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(g);
  };
  const std::int64_t top = draw(0, 2) == 0 ? 3 : draw(0, 1) == 0 ? 30 : 1000;
  std::vector<std::int64_t> m(static_cast<std::size_t>(p));
  for (auto& x : m) x = draw(0, 6) == 0 ? 0 : draw(1, top);
  return bnb_problem(m, draw(0, 1) == 0 ? draw(0, 5) : draw(0, 300), draw(0, 3), draw(0, 3));
}

// The B&B's answer: proved optimal, its tree re-evaluated by Figure 1 to its claimed time, a
// spanning tree with the requested root, and the same optimum as the subset DP.
inline void expect_bnb_matches_dp(const TreeProblem<std::int64_t>& pr, RootMode mode, bool paid) {
  BnbOptions o;
  o.leaf_pays_copy = paid;
  const LeafCopy leaf = paid ? LeafCopy::paid : LeafCopy::free;
  const BnbResult r = nonordered_bnb(pr, mode, o);
  const auto root = mode.best ? proofs::RootChoice::best() : proofs::RootChoice::fixed(mode.root);
  const auto dp = proofs::nonordered_subset_dp(pr, root, leaf);
  EXPECT_TRUE(r.optimal) << r.stopped_by;
  EXPECT_EQ(r.lower_bound, r.time);
  EXPECT_EQ(r.time, dp.time);
  ASSERT_TRUE(proofs::is_spanning_tree(r.tree));
  EXPECT_EQ(gather_time(r.tree, pr, leaf), r.time);
  if (!mode.best) {
    EXPECT_EQ(r.tree.root, mode.root);
  }
  EXPECT_LE(r.time, r.first_incumbent);
}

}  // namespace collverify::trees::testing
