// Label slow (minutes): whole logp tables through the fast checker for p = 2^k - 3 .. 2^k + 3
// up to 2^22 and random p up to 2^22.
#include <gtest/gtest.h>

#include <random>

#include "checkers/circulant_invariants.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace collverify::circulant {
namespace {

void expect_fast_check_passes(std::int64_t p) {
  const auto v = check_circulant_schedule(build_circulant_bcast_logp(p));
  ASSERT_FALSE(v) << "p=" << p << ": " << v->property << " rank " << v->rank << " round "
                  << v->round << ": " << v->message;
}

TEST(LogpScheduleSlow, FastCheckerAcceptsPNearPowersOfTwoUpTo2To22) {
  for (int e = 19; e <= 22; ++e) {
    for (std::int64_t d = -3; d <= 3; ++d) expect_fast_check_passes((std::int64_t{1} << e) + d);
  }
}

TEST(LogpScheduleSlow, FastCheckerAcceptsRandomPUpTo2To22) {
  std::mt19937_64 g(4194304);
  std::uniform_int_distribution<std::int64_t> pick((std::int64_t{1} << 19) + 1,
                                                   std::int64_t{1} << 22);
  for (int i = 0; i < 10; ++i) expect_fast_check_passes(pick(g));
}

}  // namespace
}  // namespace collverify::circulant
