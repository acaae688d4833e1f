// The direct simplex implementation's order, broken one swap at a time
// (generators/fractional_mutants.hpp swapped_parts): every adjacent send/receive pair of every
// PU's program, for instances where the construction meets the run rate of §3 exactly. Each
// mutant is replayed (reference/fractional/simplex_direct.hpp) and judged by the generic
// simulation under the simplex port rule and the run-rate checker
// (checkers/fractional/timing.hpp):
//   a swap that deadlocks leaves some PU without a packet: the simulation says completeness;
//   a swap that puts a send before the receive of its packet (the rendezvous moves data it does
//   not look at): the simulation says send_before_receive;
//   two receives from one sender swapped: the packets are filed under each other's slot, the
//   simulation says agreement;
//   a swap that delays the last PU: the run-rate checker says above_run_rate;
//   a swap that changes nothing visible at the end: both accept (a checker that rejected a
//   valid schedule as fast as the original would be wrong too).
// Send/receive swaps never deadlock (a tree has no cycle of waits for one swap to close); the
// second test swaps two receives of a head, the order in which it takes the run from the group
// above, and those do: the members wait on each other down their chain.
// Every harmful kind must occur, so the order is shown to matter.
#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <string>

#include "checkers/fractional/timing.hpp"
#include "checkers/simulate.hpp"
#include "generators/fractional_mutants.hpp"
#include "reference/fractional/simplex_direct.hpp"

namespace collverify::fractional_mutants {
namespace {

namespace fr = fractional;
namespace fc = fractional_check;

fr::BroadcastOptions direct(std::int64_t P, std::int64_t r, std::int64_t s) {
  fr::BroadcastOptions o{fr::Layout::fractional, P, r, s, true};
  o.simplex_direct = true;
  return o;
}

struct Tally {
  std::int64_t deadlocks = 0;
  std::int64_t premature = 0;
  std::int64_t mislabelled = 0;
  std::int64_t delays = 0;
  std::int64_t harmless = 0;
};

// Replays one mutant and holds it to the checkers; counts its kind.
void classify(const fr::SimplexProgram& m, std::int64_t s, std::int64_t r, const Schedule& two,
              const fc::RunRateReport& base, const std::string& where, Tally& tally) {
  const fr::BroadcastResult b = fr::run_simplex_program(m, s);
  const SimulationResult sim =
      simulate_schedule(b.schedule, static_cast<std::int64_t>(b.schedule.rounds.size()));
  if (b.deadlock) {
    ASSERT_TRUE(sim.verdict) << where;
    EXPECT_EQ(sim.verdict->property, "completeness") << where;
    ++tally.deadlocks;
    return;
  }
  if (sim.verdict && sim.verdict->property == "agreement") {
    ++tally.mislabelled;  // two receives from one sender swapped: packet j filed as packet k
    return;
  }
  if (sim.verdict) {
    EXPECT_EQ(sim.verdict->property, "send_before_receive") << where;
    ++tally.premature;
    return;
  }
  const fc::RunRateReport rate = fc::check_run_rate(b.schedule, two, r);
  if (rate.steps > base.steps) {
    ASSERT_TRUE(rate.verdict) << where;
    EXPECT_EQ(rate.verdict->property, "above_run_rate") << where;
    ++tally.delays;
  } else {
    EXPECT_FALSE(rate.verdict) << where;
    ++tally.harmless;
  }
}

using Mutation = std::optional<fr::SimplexProgram> (*)(const fr::SimplexProgram&, std::int64_t,
                                                       std::int64_t);

// Every place of every PU's program the mutation applies to, for s = 4r on P PUs.
void judge_every_place(std::int64_t P, std::int64_t r, Mutation mutate, Tally& tally) {
  const std::int64_t s = 4 * r;
  const fr::SimplexOrder order = fr::simplex_direct_order(direct(P, r, s));
  ASSERT_FALSE(order.deadlock);
  const fr::BroadcastResult right = fr::run_simplex_program(order.program, s);
  const Schedule two = fr::broadcast(direct(P, r, 2 * r)).schedule;
  const fc::RunRateReport base = fc::check_run_rate(right.schedule, two, r);
  ASSERT_FALSE(base.verdict);
  ASSERT_EQ(base.steps, base.bound) << "P=" << P << " r=" << r << ": pick an exact instance";
  for (std::int64_t x = 0; x < P; ++x) {
    const auto n = static_cast<std::int64_t>(order.program.parts[static_cast<std::size_t>(x)].size());
    for (std::int64_t k = 0; k < n; ++k) {
      const auto m = mutate(order.program, x, k);
      if (!m) continue;
      classify(*m, s, r, two, base,
               "P=" + std::to_string(P) + " r=" + std::to_string(r) + " PU " + std::to_string(x) +
                   " part " + std::to_string(k),
               tally);
    }
  }
}

void print(const char* what, const Tally& t) {
  std::printf("%s: %lld deadlock, %lld send before receive, %lld mislabelled, %lld delay, %lld "
              "harmless\n",
              what, static_cast<long long>(t.deadlocks), static_cast<long long>(t.premature),
              static_cast<long long>(t.mislabelled),
              static_cast<long long>(t.delays), static_cast<long long>(t.harmless));
}

TEST(SimplexOrderMutants, EverySwapDeadlocksDelaysOrIsHarmless) {
  Tally tally;
  for (std::int64_t r : {1, 2, 3, 5}) {
    for (std::int64_t P : {25, 60}) judge_every_place(P, r, &swapped_parts, tally);
  }
  print("send/receive swaps", tally);
  EXPECT_EQ(tally.deadlocks, 0);
  EXPECT_EQ(tally.mislabelled, 0);
  EXPECT_GT(tally.premature, 0);
  EXPECT_GT(tally.delays, 0);
}

// A head's receives swapped: where the head waits on a member that waits, down the group's
// chain, on the member the head does not take, the replay deadlocks (completeness).
TEST(SimplexOrderMutants, SwappedReceivesDeadlockOrDelay) {
  Tally tally;
  for (std::int64_t r : {2, 3, 5}) {
    for (std::int64_t P : {25, 60}) judge_every_place(P, r, &swapped_receives, tally);
  }
  print("receive swaps", tally);
  EXPECT_GT(tally.deadlocks, 0);
  EXPECT_GT(tally.delays + tally.premature, 0);
}

}  // namespace
}  // namespace collverify::fractional_mutants
