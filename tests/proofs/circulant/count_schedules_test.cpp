// The two schedule counters agree table for table, and every counted schedule passes the fast
// checker and the generic simulation of Algorithm 6.
#include "proofs/circulant/count_schedules.hpp"

#include <gtest/gtest.h>

#include <set>

#include "checkers/circulant_invariants.hpp"
#include "checkers/lower_bounds.hpp"
#include "checkers/simulate.hpp"
#include "model/error.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify {
namespace {

namespace pf = proofs;

void expect_valid(const CirculantSchedule& s) {
  const Verdict v = check_circulant_schedule(s);
  EXPECT_FALSE(v.has_value()) << "p = " << s.p << ": " << (v ? v->message : "");
  for (std::int64_t n : {std::int64_t{1}, std::int64_t{2}, std::int64_t{s.q},
                         std::int64_t{s.q + 1}, std::int64_t{2 * s.q + 1}}) {
    const auto r = simulate_schedule(circulant::expand_bcast(s, n), bcast_round_lower_bound(s.p, n));
    EXPECT_FALSE(r.verdict.has_value()) << "p = " << s.p << ", n = " << n << ": "
                                        << (r.verdict ? r.verdict->message : "");
  }
}

std::set<pf::RecvTable> as_set(const pf::Enumeration& e) {
  return {e.tables.begin(), e.tables.end()};
}

TEST(CountSchedules, BothMethodsAgreeAndEverySchedulePasses) {
  for (std::int64_t p = 2; p <= 11; ++p) {
    const auto z = pf::enumerate_z3(p, 1000, {});
    const auto b = pf::enumerate_backtracking(p, 1000);
    ASSERT_TRUE(z.complete) << p;
    ASSERT_TRUE(b.complete) << p;
    EXPECT_EQ(as_set(z).size(), z.tables.size()) << "Z3 gave a table twice, p = " << p;
    EXPECT_EQ(as_set(b).size(), b.tables.size()) << "backtracking gave a table twice, p = " << p;
    EXPECT_EQ(as_set(z), as_set(b)) << "p = " << p;
    EXPECT_GE(b.tables.size(), 1U) << "the reference schedule is one of them, p = " << p;
    for (const auto& t : b.tables) expect_valid(pf::complete_schedule(p, t));
  }
}

TEST(CountSchedules, TheReferenceScheduleIsCounted) {
  for (std::int64_t p : {5, 9, 10}) {
    const auto ref = circulant::build_circulant_bcast(p);
    pf::RecvTable t(ref.recv.begin() + ref.q, ref.recv.end());
    const auto b = pf::enumerate_backtracking(p, 1000);
    EXPECT_EQ(as_set(b).count(t), 1U) << p;
  }
}

TEST(CountSchedules, NineHasMoreThanOneSchedule) {
  // Table 5 of the seed shows two different schedules for p = 9.
  EXPECT_GT(pf::enumerate_backtracking(9, 1000).tables.size(), 1U);
}

TEST(CountSchedules, LimitsAndRlimitMakeTheCountALowerBound) {
  const auto b = pf::enumerate_backtracking(9, 2);
  EXPECT_FALSE(b.complete);
  EXPECT_EQ(b.tables.size(), 2U);
  const auto z = pf::enumerate_z3(9, 1000, {1});
  EXPECT_FALSE(z.complete);
  EXPECT_EQ(z.last, pf::SolverOutcome::inconclusive);
}

TEST(CountSchedules, RefusesPOutsideTheRange) {
  EXPECT_THROW(pf::enumerate_backtracking(1, 10), InputError);
  EXPECT_THROW(pf::enumerate_z3(pf::kMaxCountP + 1, 10, {}), InputError);
}

TEST(CountSchedules, CompletedSchedulesViolateWhenATableIsBroken) {
  // complete_schedule does not repair: a broken recv table fails the fast checker.
  const auto b = pf::enumerate_backtracking(9, 1000);
  auto t = b.tables.front();
  std::swap(t[0], t[1]);
  EXPECT_TRUE(check_circulant_schedule(pf::complete_schedule(9, t)).has_value());
}

}  // namespace
}  // namespace collverify
