// engine/solve_checks: every cross-check of `solve` and `reduce partition` accepts the solvers'
// right answers and rejects a deliberately wrong one (a claimed time the evaluator disagrees
// with, a malformed tree, two solvers disagreeing, an unordered "ordered" tree, a tree whose
// half does not sum to m/2, a k-ported schedule that re-simulates differently, a broadcast
// schedule that calls a non-neighbour).
#include <gtest/gtest.h>

#include "families/trees/solve_checks.hpp"
#include "proofs/trees/nonordered_dp.hpp"

namespace collverify::engine {
namespace {

namespace pf = proofs;

TreeProblem<std::int64_t> problem(std::vector<std::int64_t> m, std::int64_t alpha = 1) {
  TreeProblem<std::int64_t> pr;
  pr.m = std::move(m);
  pr.cost = CostModel<std::int64_t>::uniform(alpha, 1, 1);
  return pr;
}

TEST(SolveChecks, TreeAnswerAcceptsTheEvaluatorsTimeAndRejectsAnotherClaim) {
  const auto pr = problem({1, 4}, 2);
  const GatherTree star = GatherTree::star(2, 0);
  std::vector<std::string> problems;
  EXPECT_EQ(check_tree_answer("dp", {7, star}, pr, trees::LeafCopy::free, std::nullopt, problems), 7);
  EXPECT_TRUE(problems.empty());
  // Paid leaf copies: the same tree takes 10; a solver claiming 7 under paid is caught.
  EXPECT_EQ(check_tree_answer("dp", {7, star}, pr, trees::LeafCopy::paid, std::nullopt, problems), 10);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("re-evaluates to 10, claimed 7"), std::string::npos) << problems[0];
}

TEST(SolveChecks, TreeAnswerRejectsMalformedTreesAndDisagreement) {
  const auto pr = problem({1, 1, 1});
  std::vector<std::string> problems;
  GatherTree twice = GatherTree::star(3, 1);
  twice.sequence[0] = {0, 2};  // 2 sends to 0 and to 1
  EXPECT_FALSE(check_tree_answer("z3", {5, twice}, pr, trees::LeafCopy::free, std::nullopt, problems));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("malformed"), std::string::npos) << problems[0];
  problems.clear();
  const pf::TreeSolution dp = pf::nonordered_subset_dp(pr, pf::RootChoice::fixed(1), trees::LeafCopy::free);
  check_tree_answer("z3", dp, pr, trees::LeafCopy::free, dp.time + 1, problems);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("another solver"), std::string::npos) << problems[0];
}

TEST(SolveChecks, NonorderedSolversAgreeUnderBothConventions) {
  for (const auto leaf : {trees::LeafCopy::free, trees::LeafCopy::paid}) {
    NonorderedOptions o;
    o.leaf = leaf;
    o.root = pf::RootChoice::fixed(0);
    const auto r = solve_nonordered(problem({3, 1, 4, 1}, 2), o);
    EXPECT_EQ(r.code, 0) << r.problems.size();
    ASSERT_TRUE(r.dp && r.z3 && r.optimum);
    EXPECT_EQ(r.z3->result.best->time, r.dp->answer.time);
    EXPECT_EQ(*r.optimum, leaf == trees::LeafCopy::free ? 13 : 14);
  }
}

// The branch and bound beside the DP and Z3 (`both` runs all three): the same optimum, re-checked.
TEST(SolveChecks, BnbAgreesWithSubsetDpAndZ3) {
  for (const auto leaf : {trees::LeafCopy::free, trees::LeafCopy::paid}) {
    NonorderedOptions o;
    o.leaf = leaf;
    const auto r = solve_nonordered(problem({3, 1, 4, 1, 5}, 2), o);
    EXPECT_EQ(r.code, 0) << (r.problems.empty() ? "" : r.problems[0]);
    ASSERT_TRUE(r.dp && r.bnb && r.z3 && r.optimum);
    EXPECT_TRUE(r.bnb->result.optimal);
    EXPECT_EQ(r.bnb->result.time, r.dp->answer.time);
    EXPECT_EQ(r.bnb->evaluated_time, r.dp->answer.time);
  }
}

// A node limit that stops the B&B: inconclusive (3), never an optimum from it alone; its tree
// is still re-checked, and beside the DP its time and lower bound must enclose the optimum.
TEST(SolveChecks, StoppedBnbIsInconclusiveAndStillChecked) {
  NonorderedOptions o;
  o.solvers = TreeSolvers::bnb;
  o.bnb_nodes = 2;
  // alpha = 20: with alpha = 4 the local-search incumbent meets the root bound (no node).
  const auto pr = problem({9, 1, 8, 1, 7, 3, 12, 5, 6, 2, 11}, 20);
  const auto r = solve_nonordered(pr, o);
  EXPECT_EQ(r.code, 3);
  EXPECT_TRUE(r.problems.empty());
  EXPECT_FALSE(r.optimum);
  ASSERT_TRUE(r.bnb);
  EXPECT_FALSE(r.bnb->result.optimal);
  // A wrong claim: the stopped B&B's lower bound above the true optimum is caught (the local
  // search's tree is already optimal here, so that bound is also above the tree's own time).
  trees::BnbResult wrong = r.bnb->result;
  const auto dp = pf::nonordered_subset_dp(pr, pf::RootChoice::best(), trees::LeafCopy::free);
  wrong.lower_bound = dp.time + 1;
  std::vector<std::string> problems;
  check_bnb_answer(wrong, pr, trees::LeafCopy::free, dp.time, problems);
  ASSERT_FALSE(problems.empty());
  // The stopped B&B's tree below another solver's optimum: the two do not enclose it.
  problems.clear();
  check_bnb_answer(r.bnb->result, pr, trees::LeafCopy::free, r.bnb->result.time + 1, problems);
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems[0].find("do not enclose"), std::string::npos) << problems[0];
  // A wrong optimum: an optimal claim one below the DP's is a disagreement.
  trees::BnbResult low = r.bnb->result;
  low.optimal = true;
  problems.clear();
  check_bnb_answer(low, pr, trees::LeafCopy::free, low.time + 1, problems);
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems[0].find("another solver"), std::string::npos) << problems[0];
}

// Seed 001, Theorem 7 on 2,3,3,3,4,4,4,6,6,13: target 982, ordered 983 (free) / 996 (paid).
TEST(SolveChecks, ReducePartitionReproducesTheorem7) {
  ReduceOptions o;
  o.solvers = TreeSolvers::subset_dp;
  const auto r = reduce_partition({2, 3, 3, 3, 4, 4, 4, 6, 6, 13}, o);
  EXPECT_EQ(r.code, 0) << (r.problems.empty() ? "" : r.problems[0]);
  EXPECT_EQ(r.inst.target, 982);
  EXPECT_EQ(*r.solved.optimum, 982);
  EXPECT_EQ(r.chosen.ordered_optimum, 983);
  EXPECT_EQ(r.other.ordered_optimum, 996);
  EXPECT_EQ(r.proposition_1_bound, 984);
  ASSERT_TRUE(r.claim && r.claim->partition);
  EXPECT_EQ(r.claim->partition_sum, 24);
}

TEST(SolveChecks, ConventionRejectsWrongOrderedAnswers) {
  const auto inst = partition_gather_instance({1, 1, 1, 1});
  const auto non = pf::nonordered_subset_dp(inst.problem, pf::RootChoice::best(), trees::LeafCopy::free);
  std::vector<std::string> problems;
  solve_convention(inst, trees::LeafCopy::free, true, problems);
  EXPECT_TRUE(problems.empty()) << problems[0];
  // An "ordered" answer that is the non-ordered tree with a lower claimed time: re-evaluation
  // and "non-ordered above ordered" both fire.
  check_convention(inst, trees::LeafCopy::free, {non.time - 1, non.tree}, "fake", non, true, problems);
  EXPECT_GE(problems.size(), 2u);
  problems.clear();
  // A tree in which 0 receives the subtree {2, 3} before 1: consecutive ranges, but not in rank
  // order, so not Definition 3's order (the paid convention's ordered DP).
  GatherTree skip = GatherTree::star(6, 0);
  skip.sequence[0] = {0, 2, 1, 4, 5};
  skip.sequence[2] = {2, 3};
  const std::int64_t ts = trees::gather_time(skip, inst.problem, trees::LeafCopy::paid);
  check_convention(inst, trees::LeafCopy::paid, {ts, skip}, "fake", non, true, problems);
  bool order_found = false;
  for (const auto& s : problems) order_found = order_found || s.find("not ordered") != std::string::npos;
  EXPECT_TRUE(order_found);
  problems.clear();
  // The claim: a partition exists but the non-ordered optimum is said to miss the target.
  check_convention(inst, trees::LeafCopy::free, {non.time + 5, non.tree}, "fake",
                   {non.time + 1, non.tree}, true, problems);
  bool claim_found = false;
  for (const auto& s : problems) claim_found = claim_found || s.find("Theorem 7") != std::string::npos;
  EXPECT_TRUE(claim_found);
}

TEST(SolveChecks, PartitionClaimRejectsATreeWithoutAHalf) {
  const auto inst = partition_gather_instance({1, 1, 1, 1});  // nontrivial, partition {1, 1}
  std::vector<std::string> problems;
  // The star rooted at p + 1 = 5: no subtree holds a half; claimed at the target.
  const auto c = check_partition_claim(inst, inst.target, GatherTree::star(6, 5), true, problems);
  EXPECT_TRUE(c.at_target);
  EXPECT_FALSE(c.partition);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("no half-sum subtree"), std::string::npos);
  problems.clear();
  // At the target although subset-sum says there is no partition: the claim fails.
  const auto dp = pf::nonordered_subset_dp(inst.problem, pf::RootChoice::best(), trees::LeafCopy::free);
  const auto d = check_partition_claim(inst, dp.time, dp.tree, false, problems);
  EXPECT_FALSE(d.claim_holds);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("Theorem 7's claim fails"), std::string::npos);
}

// Theorem 6 by the B&B beside Z3 and the brute force: all agree; a B&B schedule claiming a time
// it does not re-simulate to is caught.
TEST(SolveChecks, KPortedBnbAgreesAndIsRechecked) {
  const pf::KPortedProblem pr{{3, 3, 2, 2, 2}, 2, 0, 1};
  const KPortedRun r = solve_kported(pr, pf::SolverOptions{}.rlimit);
  EXPECT_EQ(r.code, 0) << (r.problems.empty() ? "" : r.problems[0]);
  ASSERT_TRUE(r.bnb && r.brute);
  EXPECT_EQ(r.bnb->time, 6);
  EXPECT_EQ(r.bnb_resimulated, 6);
  const KPortedRun alone = solve_kported(pr, pf::SolverOptions{}.rlimit, false, true);
  EXPECT_EQ(alone.code, 0);
  EXPECT_FALSE(alone.z3_ran);
  trees::KPortedBnbResult fake = *r.bnb;
  fake.time = 5;
  std::vector<std::string> problems;
  check_kported_bnb(pr, fake, nullptr, r.brute, problems);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[0].find("re-simulates to 6, claimed 5"), std::string::npos) << problems[0];
}

TEST(SolveChecks, KPortedRejectsAScheduleThatResimulatesDifferently) {
  const pf::KPortedProblem pr{{3, 3, 2, 2, 2}, 2, 0, 1};
  const KPortedRun good = solve_kported(pr, pf::SolverOptions{}.rlimit);
  EXPECT_EQ(good.code, 0);
  EXPECT_EQ(good.resimulated, 6);
  pf::KPortedResult fake = good.z3;
  fake.best.time = 5;  // claims a makespan its ports do not give
  std::vector<std::string> problems;
  EXPECT_EQ(check_kported(pr, fake, good.brute, problems), 6);
  EXPECT_EQ(problems.size(), 2u);  // re-simulation and the brute force
  problems.clear();
  fake = good.z3;
  fake.best.port[0] = 2;  // no port 2 with k = 2
  check_kported(pr, fake, std::nullopt, problems);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("outside [0, k)"), std::string::npos);
}

TEST(SolveChecks, MbtRejectsABadScheduleAndAWrongRoundCount) {
  const pf::BroadcastGraph g{4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, 2};
  const MbtRun good = solve_mbt(g, pf::SolverOptions{}.rlimit);
  EXPECT_EQ(good.code, 0);
  EXPECT_EQ(good.brute_rounds, 2);
  pf::MbtResult fake = good.z3;
  fake.best.caller[0] = 2;  // 0 and 2 are not neighbours
  std::vector<std::string> problems;
  EXPECT_FALSE(check_mbt(g, fake, good.brute_rounds, problems).empty());
  EXPECT_EQ(problems.size(), 1u);
  problems.clear();
  check_mbt(g, good.z3, 3, problems);  // the brute force disagrees
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("brute force 3"), std::string::npos);
}

}  // namespace
}  // namespace collverify::engine
