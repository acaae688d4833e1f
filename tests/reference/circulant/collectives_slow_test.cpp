// The slow tier of collectives_test.cpp: Algorithm 9 for every p in 1..300 with the default
// block counts 1, 2, q, q+1, 2q+1, 3q+2 (several dummy-round counts x) and zero sizes.
#include <gtest/gtest.h>

#include "checkers/collective_lower_bounds.hpp"
#include "checkers/data_simulate.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/allgatherv.hpp"

namespace collverify::circulant {
namespace {

TEST(AllgathervSlow, EveryPUpTo300DefaultBlockCounts) {
  for (std::int64_t p = 1; p <= 300; ++p) {
    const std::int64_t q = ceil_log2(p);
    std::vector<std::int64_t> sizes(static_cast<std::size_t>(p), 0);
    sizes[0] = 7;
    for (std::int64_t n : {std::int64_t{1}, std::int64_t{2}, q, q + 1, 2 * q + 1, 3 * q + 2}) {
      if (n < 1) continue;
      const auto plan = plan_allgatherv(p, n, sizes);
      const auto r = simulate_collective(
          plan.header(), plan.round_count(), [&plan](std::int64_t t) { return plan.round(t); },
          allgatherv_round_lower_bound(p, n));
      ASSERT_FALSE(r.verdict) << r.verdict->property << " p=" << p << " n=" << n << ": "
                              << r.verdict->message;
    }
  }
}

}  // namespace
}  // namespace collverify::circulant
