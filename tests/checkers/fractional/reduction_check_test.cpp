// The data-level reduction check on hand-made schedules: the header example, and mutants it
// must reject with the right property and witness (a dropped step, a sum sent on before a
// contribution arrived, a contribution counted twice, two receives in one step, simplex).
#include "checkers/fractional/reduction_check.hpp"

#include <gtest/gtest.h>

namespace collverify::fractional_check {
namespace {

// Reduction over the chain 0 <- 1 <- 2, one packet: 2 -> 1, then 1 -> 0.
Schedule chain_reduce() {
  Schedule s;
  s.p = 3;
  s.n = 1;
  s.rounds = {{{2, 1, 0, 0}}, {{1, 0, 0, 0}}};
  return s;
}

TEST(FractionalReductionCheck, HeaderExampleAndChain) {
  Schedule two;
  two.p = 2;
  two.n = 1;
  two.rounds = {{{1, 0, 0, 0}}};
  EXPECT_FALSE(check_reduction(two));
  two.rounds.clear();
  const Verdict v = check_reduction(two);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "root_total");
  EXPECT_EQ(v->rank, 1);
  EXPECT_EQ(v->block, 0);
  EXPECT_FALSE(check_reduction(chain_reduce()));
}

TEST(FractionalReductionCheck, DroppedStepLosesAContribution) {
  Schedule s = chain_reduce();
  s.rounds[0].clear();
  const Verdict v = check_reduction(s);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "root_total");
  EXPECT_EQ(v->p, 3);
  EXPECT_EQ(v->rank, 2);  // PU 2's contribution is missing
  EXPECT_EQ(v->block, 0);
}

TEST(FractionalReductionCheck, SentOnBeforeTheContributionArrived) {
  Schedule s = chain_reduce();
  std::swap(s.rounds[0], s.rounds[1]);  // 1 -> 0 first, then 2 -> 1
  const Verdict v = check_reduction(s);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "late_contribution");
  EXPECT_EQ(v->rank, 1);
  EXPECT_EQ(v->round, 1);
  EXPECT_EQ(v->block, 0);
}

TEST(FractionalReductionCheck, SameRoundIsTooLateToo) {
  Schedule s = chain_reduce();
  s.rounds = {{{2, 1, 0, 0}, {1, 0, 0, 0}}};
  const Verdict v = check_reduction(s);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "late_contribution");
  EXPECT_EQ(v->rank, 1);
  EXPECT_EQ(v->round, 0);
}

TEST(FractionalReductionCheck, CountedTwice) {
  Schedule s = chain_reduce();
  s.rounds.push_back({{2, 0, 0, 0}});  // 2's contribution again, straight to the root
  const Verdict v = check_reduction(s);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "counted_twice");
  EXPECT_EQ(v->rank, 0);
  EXPECT_EQ(v->round, 2);
  EXPECT_NE(v->message.find("PU 2's contribution"), std::string::npos);
}

TEST(FractionalReductionCheck, PortsAndSimplex) {
  Schedule s;
  s.p = 3;
  s.n = 1;
  s.rounds = {{{1, 0, 0, 0}, {2, 0, 0, 0}}};
  Verdict v = check_reduction(s);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "one_port_receive");
  EXPECT_EQ(v->rank, 0);
  s.model.duplex = Duplex::simplex;
  s.rounds = {{{2, 1, 0, 0}, {1, 0, 0, 0}}};
  v = check_reduction(s);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "duplex");
  EXPECT_EQ(v->rank, 1);
}

}  // namespace
}  // namespace collverify::fractional_check
