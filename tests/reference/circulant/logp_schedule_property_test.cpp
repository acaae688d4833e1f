// The O(log p) construction for random p: whole tables through the fast checker (p up to 2^19),
// and one rank computed alone for p up to 2^40, checked against the receive schedules of its
// to-processors.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>
#include <set>
#include <vector>

#include "checkers/circulant_invariants.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace collverify::circulant {
namespace {

std::string describe(const std::optional<Violation>& v) {
  return v ? v->property + " rank " + std::to_string(v->rank) + " round " +
                 std::to_string(v->round) + ": " + v->message
           : "";
}

// Whole tables: the fast checker accepts every random p up to 2^14.
RC_GTEST_PROP(LogpScheduleProperty, FastCheckerAcceptsRandomPUpTo2To14, ()) {
  const std::int64_t p = *rc::gen::inRange<std::int64_t>(1, (std::int64_t{1} << 14) + 1);
  const auto v = check_circulant_schedule(build_circulant_bcast_logp(p));
  RC_ASSERT_FALSE(v.has_value());
}

// Whole tables of random p in (2^17, 2^19], one per ctest case (a table of 2^19 ranks takes
// seconds under ASan); the seed is the case's index, so a failure names a reproducible p.
// logp_schedule_slow_test (label slow) goes to 2^22.
class LogpRandomLargeP : public testing::TestWithParam<int> {};

TEST_P(LogpRandomLargeP, FastCheckerAccepts) {
  std::mt19937_64 g(20261121 + static_cast<std::uint64_t>(GetParam()));
  std::uniform_int_distribution<std::int64_t> pick((std::int64_t{1} << 17) + 1,
                                                   std::int64_t{1} << 19);
  const std::int64_t p = pick(g);
  const auto v = check_circulant_schedule(build_circulant_bcast_logp(p));
  ASSERT_FALSE(v) << "p=" << p << ": " << describe(v);
}
INSTANTIATE_TEST_SUITE_P(Seeds, LogpRandomLargeP, testing::Range(0, 3));

// One rank alone for p up to 2^40: the receive row is a phase (own baseblock once, every other
// block of the previous phase once), every sent block is held, and it is what the to-processor's
// own receive schedule expects.
RC_GTEST_PROP(LogpScheduleProperty, OneRankInvariantsForHugeP, ()) {
  // Half the cases up to 2^40, half near the largest p supported (2^62 - 1), where r + p
  // approaches 2^63.
  const bool top = *rc::gen::arbitrary<bool>();
  const std::int64_t p = top ? *rc::gen::inRange<std::int64_t>(kMaxP - 1000, kMaxP)
                             : *rc::gen::inRange<std::int64_t>(2, std::int64_t{1} << 40);
  const std::int64_t r = *rc::gen::inRange<std::int64_t>(1, p);
  const Circulant c(p);
  const auto q = static_cast<std::size_t>(c.q);
  std::vector<std::int8_t> recv(q), send(q), theirs(q);
  logp_recv_schedule(c, r, recv);
  logp_send_schedule(c, r, send);
  const int own = baseblock(c, r);
  std::set<int> seen;
  for (int v : recv) {
    RC_ASSERT(v >= -c.q && v < c.q);
    const bool fits = v >= 0 ? v == own : v != own - c.q;
    RC_ASSERT(fits);
    RC_ASSERT(seen.insert(v).second);
  }
  for (int k = 0; k < c.q; ++k) {
    const int v = send[static_cast<std::size_t>(k)];
    bool held = v == own - c.q;
    for (int j = 0; j < k; ++j) held = held || recv[static_cast<std::size_t>(j)] == v;
    RC_ASSERT(held);
    const std::int64_t to = mod_p(r + c.skip(k), p);
    if (to == 0) continue;
    logp_recv_schedule(c, to, theirs);
    RC_ASSERT(theirs[static_cast<std::size_t>(k)] == v);
  }
}

}  // namespace
}  // namespace collverify::circulant
