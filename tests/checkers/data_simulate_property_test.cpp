// Random p, block counts and sizes: Algorithm 9 passes the data-level checker, and on random
// mutants the fast checker and its slow twin give the same witness.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "checkers/collective_lower_bounds.hpp"
#include "checkers/data_simulate.hpp"
#include "generators/collective_mutants.hpp"
#include "generators/size_distributions.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/allgather.hpp"
#include "reference/circulant/allgatherv.hpp"
#include "reference/circulant/census.hpp"

namespace collverify {
namespace {

RC_GTEST_PROP(DataSimulateProperty, AllgathervPassesForRandomPAndSizes, ()) {
  const std::int64_t p = *rc::gen::inRange<std::int64_t>(1, 96);
  const std::int64_t q = ceil_log2(p);
  const std::int64_t n = *rc::gen::inRange<std::int64_t>(1, 3 * q + 3);
  const auto max = *rc::gen::inRange<std::int64_t>(0, 12);
  const auto seed = *rc::gen::inRange<std::int64_t>(0, 1000);
  const auto sizes =
      SizeDistribution::parse("random:" + std::to_string(max) + ":" + std::to_string(seed))
          .for_p(p);
  const auto plan = circulant::plan_allgatherv(p, n, sizes);
  const auto r = simulate_collective(
      plan.header(), plan.round_count(), [&plan](std::int64_t t) { return plan.round(t); },
      allgatherv_round_lower_bound(p, n));
  RC_ASSERT(!r.verdict);
  RC_ASSERT(r.rounds == allgatherv_round_lower_bound(p, n));
}

RC_GTEST_PROP(DataSimulateProperty, AllgatherAndCensusPassForRandomP, ()) {
  const std::int64_t p = *rc::gen::inRange<std::int64_t>(1, 300);
  RC_ASSERT(
      !simulate_collective(circulant::build_allgather(p), allgather_round_lower_bound(p)).verdict);
  RC_ASSERT(!simulate_collective(circulant::build_census(p), census_round_lower_bound(p)).verdict);
}

RC_GTEST_PROP(DataSimulateProperty, TwinsAgreeOnRandomMutants, ()) {
  const std::int64_t p = *rc::gen::inRange<std::int64_t>(2, 24);
  const int which = *rc::gen::inRange(0, 3);
  const auto kind = static_cast<CollectiveMutation>(*rc::gen::inRange(0, 7));
  const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1U << 20);
  CollectiveSchedule s;
  std::int64_t lb = 0;
  if (which == 0) {
    s = circulant::build_allgather(p);
    lb = allgather_round_lower_bound(p);
  } else if (which == 1) {
    s = circulant::build_census(p);
    lb = census_round_lower_bound(p);
  } else {
    const std::int64_t n = *rc::gen::inRange<std::int64_t>(1, 8);
    s = circulant::plan_allgatherv(p, n, {}).materialize();
    lb = allgatherv_round_lower_bound(p, n);
  }
  const auto m = mutate(s, kind, seed);
  RC_PRE(m.has_value());  // a mutation that does not apply is discarded, not counted as a pass
  const auto fast = simulate_collective(m->schedule, lb);
  const auto slow = simulate_collective_slow(m->schedule, lb);
  RC_ASSERT(fast.verdict.has_value());
  RC_ASSERT(slow.verdict.has_value());
  RC_ASSERT(fast.verdict->property == slow.verdict->property);
  RC_ASSERT(fast.verdict->round == slow.verdict->round);
  RC_ASSERT(fast.verdict->rank == slow.verdict->rank);
  RC_ASSERT(fast.verdict->block == slow.verdict->block);
}

}  // namespace
}  // namespace collverify
