// RapidCheck: for random P <= 10^5, r <= 12 and s <= 24 (small s keeps a case under a second),
// the duplex broadcast of every layout passes the generic simulation, its last PU finishes at
// d + 1 + (s - 1) + floor((s - 1)/r) (chain d + s; at most that when the
// root has no right successor), within the paper's claim and above the
// bounds; random PUs' O(d) places equal the whole-tree builder's; for P <= 2000 the simplex
// couples pass and the reduction reaches the root once.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "checkers/fractional/reduction_check.hpp"
#include "checkers/fractional/timing.hpp"
#include "checkers/simulate.hpp"
#include "reference/fractional/broadcast.hpp"

namespace fr = collverify::fractional;
namespace fc = collverify::fractional_check;

RC_GTEST_PROP(FractionalProperty, RandomLayoutsAreValidAndOnTime, ()) {
  const std::int64_t P = *rc::gen::inRange<std::int64_t>(1, 100001);
  const std::int64_t r = *rc::gen::inRange<std::int64_t>(0, 13);  // 0: the chain
  const std::int64_t s = *rc::gen::inRange<std::int64_t>(1, r == 0 ? 4 : 25);
  const fr::Layout layout = r == 0 ? fr::Layout::chain : fr::Layout::fractional;
  const fr::BroadcastResult b = fr::broadcast({layout, P, r, s, false});
  RC_ASSERT(!b.deadlock);
  RC_ASSERT(b.contended_offers == 0);  // docs/ERRATA.md: the tie rule never decides
  const auto sim = collverify::simulate_schedule(
      b.schedule, static_cast<std::int64_t>(b.schedule.rounds.size()));
  RC_ASSERT(!sim.verdict);
  const fc::TimingReport t = fc::check_timing(b.schedule, r, false);
  RC_ASSERT(!t.verdict);
  if (P >= 2) {
    const std::int64_t expected = r == 0 ? b.d + s : b.d + 1 + (s - 1) + (s - 1) / r;
    RC_ASSERT(t.steps <= expected);
    const bool root_has_right = r > 0 && fr::place(fr::layout_params(layout, P, r), 0).right >= 0;
    if (r == 0 || root_has_right) RC_ASSERT(t.steps == expected);
  }
  RC_ASSERT(t.claim.difference_num(t.steps) >= 0);
}

RC_GTEST_PROP(FractionalProperty, PlacementOfRandomPUsEqualsBuilder, ()) {
  const std::int64_t P = *rc::gen::inRange<std::int64_t>(1, 100001);
  const std::int64_t r = *rc::gen::inRange<std::int64_t>(1, 13);
  const fr::LayoutParams lp = fr::layout_params(fr::Layout::fractional, P, r);
  const auto slow = fr::build_layout_slow(lp);
  for (int k = 0; k < 64; ++k) {
    const std::int64_t x = *rc::gen::inRange<std::int64_t>(0, P);
    RC_ASSERT(fr::place(lp, x) == slow[static_cast<std::size_t>(x)]);
  }
}

RC_GTEST_PROP(FractionalProperty, SimplexAndReductionForModerateP, ()) {
  const std::int64_t P = *rc::gen::inRange<std::int64_t>(1, 2001);
  const std::int64_t r = *rc::gen::inRange<std::int64_t>(1, 9);
  const std::int64_t s = *rc::gen::inRange<std::int64_t>(1, 12);
  const fr::BroadcastResult b = fr::broadcast({fr::Layout::fractional, P, r, s, true});
  const auto sim = collverify::simulate_schedule(
      b.schedule, static_cast<std::int64_t>(b.schedule.rounds.size()));
  RC_ASSERT(!sim.verdict);
  RC_ASSERT(!fc::check_timing(b.schedule, r, true).verdict);
  RC_ASSERT(!fc::check_reduction(fr::reduction_schedule(b.schedule)));
}
