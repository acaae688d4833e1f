// The two schedule counters agree table for table for p = 12..17 (Z3 takes seconds per p there:
// LABEL slow), and every counted schedule passes the fast checker.
#include <gtest/gtest.h>

#include <set>

#include "checkers/circulant_invariants.hpp"
#include "proofs/circulant/count_schedules.hpp"

namespace collverify {
namespace {

namespace pf = proofs;

TEST(CountSchedulesSlow, BothMethodsAgreeUpTo17) {
  for (std::int64_t p = 12; p <= 17; ++p) {
    const auto z = pf::enumerate_z3(p, 100000, {});
    const auto b = pf::enumerate_backtracking(p, 100000);
    ASSERT_TRUE(z.complete && b.complete) << p;
    const std::set<pf::RecvTable> zs(z.tables.begin(), z.tables.end());
    const std::set<pf::RecvTable> bs(b.tables.begin(), b.tables.end());
    EXPECT_EQ(zs.size(), z.tables.size()) << p;
    EXPECT_EQ(bs.size(), b.tables.size()) << p;
    EXPECT_EQ(zs, bs) << p;
    for (const auto& t : bs) {
      const Verdict v = check_circulant_schedule(pf::complete_schedule(p, t));
      ASSERT_FALSE(v.has_value()) << p << ": " << v->message;
    }
  }
}

}  // namespace
}  // namespace collverify
