// Slow tier (LABEL slow, minutes in Debug + ASan): the brute-force twin at its upper end, and
// Theorem 7's 12-processor instance (ten PARTITION values) proved optimal by both solvers.
#include <gtest/gtest.h>

#include "checkers/trees/tree_time.hpp"
#include "generators/partition_instance.hpp"
#include "proofs/trees/brute_force.hpp"
#include "proofs/trees/nonordered_dp.hpp"
#include "proofs/trees/nonordered_z3.hpp"
#include "proofs/trees/partition_from_tree.hpp"

namespace collverify::proofs {
namespace {

TEST(NonOrderedSlow, SubsetDpEqualsBruteForceUpToSeven) {
  TreeProblem<std::int64_t> pr;
  pr.cost = CostModel<std::int64_t>::uniform(3, 1, 1);
  pr.m = {4, 0, 9, 2, 7, 3};
  EXPECT_EQ(nonordered_subset_dp(pr, RootChoice::best()).time, brute_force_nonordered(pr, RootChoice::best()).time);
  pr.m = {5, 1, 8, 2, 6, 3, 1};
  EXPECT_EQ(nonordered_subset_dp(pr, RootChoice::fixed(2)).time,
            brute_force_nonordered(pr, RootChoice::fixed(2)).time);
}

TEST(NonOrderedSlow, TenValuePartitionProvedByBoth) {
  const std::vector<std::int64_t> values{3, 5, 7, 9, 11, 2, 4, 6, 8, 11};  // 33 = 11 + 9 + 7 + 6
  const auto inst = partition_gather_instance(values);
  ASSERT_EQ(inst.problem.p(), 12);
  const TreeSolution dp = nonordered_subset_dp(inst.problem, RootChoice::best());
  EXPECT_EQ(dp.time, inst.target);
  EXPECT_EQ(trees::gather_time(dp.tree, inst.problem), dp.time);
  const Z3TreeResult z = nonordered_z3(inst.problem, RootChoice::best(), SolverOptions{4'000'000'000ULL}, dp.time);
  ASSERT_EQ(z.outcome, SolverOutcome::unsat);
  ASSERT_TRUE(z.best.has_value());
  EXPECT_EQ(z.best->time, inst.target);
  EXPECT_EQ(trees::gather_time(z.best->tree, inst.problem), inst.target);
  EXPECT_EQ(z.proof, "no tree with completion time <= " + std::to_string(inst.target - 1) + ": unsat");
  for (const auto* tree : {&dp.tree, &z.best->tree}) {
    const auto half = partition_from_tree(*tree, values);
    ASSERT_TRUE(half.has_value());
    std::int64_t s = 0;
    for (const auto i : *half) s += values[static_cast<std::size_t>(i)];
    EXPECT_EQ(2 * s, inst.sum);
  }
}

}  // namespace
}  // namespace collverify::proofs
