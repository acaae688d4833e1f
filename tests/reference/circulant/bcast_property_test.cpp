#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <vector>

#include "checkers/circulant_invariants.hpp"
#include "checkers/lower_bounds.hpp"
#include "checkers/simulate.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/recv_schedule.hpp"
#include "reference/circulant/send_schedule.hpp"

namespace collverify::circulant {
namespace {

// One rank's schedule, computed alone as a processor would, for p up to 2^40: it receives its
// baseblock once, every other block of the previous phase once, sends only what it holds, and
// agrees with the receive schedule of each to-processor.
RC_GTEST_PROP(Bcast, OneRankInvariantsForHugeP, ()) {
  const std::int64_t p = *rc::gen::inRange<std::int64_t>(2, std::int64_t{1} << 40);
  const std::int64_t r = *rc::gen::inRange<std::int64_t>(1, p);
  const Circulant c(p);
  const auto mine = rank_schedule(c, r);
  const int q = c.q;
  const int bb = baseblock(c, r);
  std::set<int> prev;
  int current = 0;
  for (int k = 0; k < q; ++k) {
    const int v = mine.recv[static_cast<std::size_t>(k)];
    RC_ASSERT(v >= -q && v < q);
    if (v >= 0) {
      RC_ASSERT(v == bb);
      ++current;
    } else {
      RC_ASSERT(v != bb - q);
      RC_ASSERT(prev.insert(v).second);
    }
  }
  RC_ASSERT(current == 1);
  for (int k = 0; k < q; ++k) {
    const int v = mine.send[static_cast<std::size_t>(k)];
    bool held = v == bb - q;
    for (int j = 0; j < k; ++j) held = held || mine.recv[static_cast<std::size_t>(j)] == v;
    const std::int64_t to = mod_p(r + c.skip(k), p);
    if (to == 0) continue;
    RC_ASSERT(held);
    const auto theirs = rank_schedule(c, to);
    RC_ASSERT(theirs.recv[static_cast<std::size_t>(k)] == v);
  }
}

// Full simulation of the explicit schedule for random p and n.
RC_GTEST_PROP(Bcast, GenericSimulationPassesForRandomPAndN, ()) {
  const std::int64_t p = *rc::gen::inRange<std::int64_t>(2, 3000);
  const std::int64_t n = *rc::gen::inRange<std::int64_t>(1, 60);
  const auto r = simulate_schedule(expand_bcast(build_circulant_bcast(p), n),
                                   bcast_round_lower_bound(p, n));
  RC_ASSERT(!r.verdict);
}

RC_GTEST_PROP(Bcast, SlidingWindowTablesEqualPerRankForRandomP, ()) {
  const std::int64_t p = *rc::gen::inRange<std::int64_t>(1200, 8000);
  const auto fast = build_circulant_bcast(p);
  const auto slow = build_circulant_bcast_per_rank(p);
  RC_ASSERT(fast.recv == slow.recv);
  RC_ASSERT(fast.send == slow.send);
}

}  // namespace
}  // namespace collverify::circulant
