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

// P = 2, the root sends packet j in step j + 1, with `idle` empty steps inserted before the last.
Schedule one_by_one(std::int64_t n, std::int64_t idle) {
  Schedule s;
  s.p = 2;
  s.n = n;
  s.model.duplex = Duplex::simplex;
  s.initial = root_holds_all(0, n);
  for (std::int64_t j = 0; j < n; ++j) {
    if (j == n - 1) {
      for (std::int64_t k = 0; k < idle; ++k) s.rounds.emplace_back();
    }
    s.rounds.push_back({{0, 1, j, j}});
  }
  return s;
}

TEST(FractionalTiming, RunRateHeaderExample) {
  const RunRateReport ok = check_run_rate(one_by_one(8, 0), one_by_one(4, 0), 2);
  EXPECT_FALSE(ok.verdict);
  EXPECT_EQ(ok.steps, 8);
  EXPECT_EQ(ok.two_run_steps, 4);
  EXPECT_EQ(ok.runs, 4);
  EXPECT_EQ(ok.bound, 14);
  const RunRateReport at = check_run_rate(one_by_one(8, 6), one_by_one(4, 0), 2);
  EXPECT_FALSE(at.verdict) << "14 steps is the bound itself";
  const RunRateReport late = check_run_rate(one_by_one(8, 7), one_by_one(4, 0), 2);
  ASSERT_TRUE(late.verdict);
  EXPECT_EQ(late.verdict->property, "above_run_rate");
  EXPECT_EQ(late.verdict->round, 15);
}

TEST(FractionalTiming, RunRateCountsAShortLastRunAsARun) {
  // s = 7 with r = 3: three runs, bound = two-run steps + 7.
  const RunRateReport rep = check_run_rate(one_by_one(7, 0), one_by_one(6, 0), 3);
  EXPECT_EQ(rep.runs, 3);
  EXPECT_EQ(rep.bound, 6 + 7);
}

TEST(FractionalTiming, RunRateUnfinishedIsCompleteness) {
  Schedule lacking = one_by_one(8, 0);
  lacking.rounds.pop_back();
  const RunRateReport rep = check_run_rate(lacking, one_by_one(4, 0), 2);
  ASSERT_TRUE(rep.verdict);
  EXPECT_EQ(rep.verdict->property, "completeness");
  Schedule short_reference = one_by_one(4, 0);
  short_reference.rounds.pop_back();
  const RunRateReport ref = check_run_rate(one_by_one(8, 0), short_reference, 2);
  ASSERT_TRUE(ref.verdict);
  EXPECT_EQ(ref.verdict->property, "completeness");
}

}  // namespace
}  // namespace collverify::fractional_check
