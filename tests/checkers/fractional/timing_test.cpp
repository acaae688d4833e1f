// The timing checker on hand-made schedules (it never sees reference/): last_pu_step, the claim
// as a fraction, the step forms of bounds (4)-(6), and a schedule faster than a bound rejected.
#include "checkers/fractional/timing.hpp"

#include <gtest/gtest.h>

namespace collverify::fractional_check {
namespace {

Schedule chain3() {
  Schedule s;
  s.p = 3;
  s.n = 2;
  s.initial = root_holds_all(0, 2);
  s.rounds = {{{0, 1, 0, 0}}, {{0, 1, 1, 1}, {1, 2, 0, 0}}, {{1, 2, 1, 1}}};
  return s;
}

TEST(FractionalTiming, HeaderExample) {
  const TimingReport t = check_timing(chain3(), 0, false);
  EXPECT_FALSE(t.verdict);
  EXPECT_EQ(t.steps, 3);
  EXPECT_EQ(t.claim.d, 1);
  EXPECT_EQ(t.claim.value(), 3.0);
  EXPECT_EQ(t.claim.difference_text(3), "0");
  EXPECT_EQ(t.bound4, 2);
  EXPECT_EQ(t.bound6, 3);
}

TEST(FractionalTiming, ClaimIsAFraction) {
  // P = 100, r = 3: d = 16 (P_16 = 95 < 100 <= P_17), claim d + s(1 + 1/3).
  const Claim c = paper_claim(100, 3, 8);
  EXPECT_EQ(c.d, 16);
  EXPECT_EQ(c.num, 16 * 3 + 8 * 4);
  EXPECT_EQ(c.den, 3);
  EXPECT_EQ(c.difference_text(26), "2/3");
  EXPECT_EQ(c.difference_text(27), "-1/3");
  const Claim simplex = simplex_claim(100, 3, 8);  // 2 (d(50) + 8 * 4/3)
  EXPECT_EQ(simplex.num, 2 * (paper_claim(50, 3, 8).d * 3 + 32));
}

TEST(FractionalTiming, BoundsInSteps) {
  EXPECT_EQ(bound4_steps(1, 5), 0);
  EXPECT_EQ(bound4_steps(1024, 5), 10);
  EXPECT_EQ(bound4_steps(1024, 50), 50);
  EXPECT_EQ(bound6_steps(1024, 5), 14);
  EXPECT_EQ(bound6_steps(1, 5), 0);
  EXPECT_EQ(bound5_steps(2, 5), 5);     // 2 (1 - 1/2) 5
  EXPECT_EQ(bound5_steps(3, 5), 7);     // ceil(20/3)
  EXPECT_EQ(bound5_steps(1 << 20, 1), 16);  // log P - 4
  EXPECT_NEAR(bound6_time(16, 4.0), 4.0 * 4.0, 1e-12);  // k (1 + sqrt(4/4))^2
  EXPECT_NEAR(bound4_time(16, 10.0), 14.0, 1e-12);
  EXPECT_NEAR(bound5_time(16, 10.0), 2 * (15.0 / 16) * 10, 1e-12);
}

TEST(FractionalTiming, FasterThanBoundSixIsRejected) {
  // Two PUs reached by a "schedule" that delivers both packets in one step: below (6).
  Schedule s;
  s.p = 2;
  s.n = 2;
  s.initial = root_holds_all(0, 2);
  s.rounds = {{{0, 1, 0, 0}, {0, 1, 1, 1}}};
  const TimingReport t = check_timing(s, 1, false);
  EXPECT_EQ(t.steps, 1);
  ASSERT_TRUE(t.verdict);
  EXPECT_EQ(t.verdict->property, "lower_bound");
  EXPECT_EQ(t.verdict->p, 2);
  EXPECT_EQ(t.verdict->round, 1);
}

TEST(FractionalTiming, NeverCompleteIsCompleteness) {
  Schedule s = chain3();
  s.rounds.pop_back();
  const TimingReport t = check_timing(s, 0, false);
  ASSERT_TRUE(t.verdict);
  EXPECT_EQ(t.verdict->property, "completeness");
  EXPECT_EQ(last_pu_step(s), kNone);
}

}  // namespace
}  // namespace collverify::fractional_check
