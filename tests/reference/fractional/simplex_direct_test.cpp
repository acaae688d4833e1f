// The direct simplex implementation (reference/fractional/simplex_direct.hpp): the header's
// example by hand; every layout valid in the generic simulation under the simplex port rule for
// small P and s (no deadlock); the order equals its slow twin's; the replay of the programs takes
// exactly the steps of the lock step that chose the order (the order alone carries the
// schedule); the run rate 2r + 1 of §3
// through the checker (checkers/fractional/timing.hpp), exact when the root has a right
// successor; the factor (2r + 1)/(r + 1) against the duplex lock step.
#include "reference/fractional/simplex_direct.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "checkers/fractional/timing.hpp"
#include "checkers/simulate.hpp"

namespace collverify::fractional {
namespace {

std::int64_t rounds_of(const Schedule& s) { return static_cast<std::int64_t>(s.rounds.size()); }

BroadcastOptions direct(Layout layout, std::int64_t P, std::int64_t r, std::int64_t s) {
  BroadcastOptions o{layout, P, r, s, true};
  o.simplex_direct = true;
  return o;
}

TEST(SimplexDirect, BinaryExampleByHand) {
  const SimplexOrder order = simplex_direct_order(direct(Layout::binary, 4, 0, 2));
  ASSERT_FALSE(order.deadlock);
  const auto& parts = order.program.parts;
  ASSERT_EQ(parts.size(), 4U);
  using V = std::vector<SimplexPart>;
  EXPECT_EQ(parts[0], (V{{true, 1, 0}, {true, 3, 0}, {true, 1, 1}, {true, 3, 1}}));
  EXPECT_EQ(parts[1], (V{{false, 0, 0}, {true, 2, 0}, {false, 0, 1}, {true, 2, 1}}));
  EXPECT_EQ(parts[2], (V{{false, 1, 0}, {false, 1, 1}}));
  EXPECT_EQ(parts[3], (V{{false, 0, 0}, {false, 0, 1}}));
  const BroadcastResult b = broadcast(direct(Layout::binary, 4, 0, 2));
  EXPECT_EQ(rounds_of(b.schedule), 4);
}

TEST(SimplexDirect, EveryLayoutValidUnderTheSimplexRule) {
  for (std::int64_t r = 0; r <= 6; ++r) {
    for (std::int64_t P = 1; P <= 70; ++P) {
      for (std::int64_t s : {1, 2, 3, 5, 6, 7, 13}) {
        const Layout layout = r == 0 ? Layout::chain : Layout::fractional;
        const BroadcastResult b = broadcast(direct(layout, P, r, s));
        ASSERT_FALSE(b.deadlock) << "P=" << P << " r=" << r << " s=" << s << ": " << *b.deadlock;
        ASSERT_EQ(b.schedule.model.duplex, Duplex::simplex);
        const SimulationResult sim = simulate_schedule(b.schedule, rounds_of(b.schedule));
        ASSERT_FALSE(sim.verdict) << "P=" << P << " r=" << r << " s=" << s << ": "
                                  << sim.verdict->message;
      }
    }
  }
}

// The fast lock step (active PUs only) and its slow twin (every PU every step) write the same
// programs.
TEST(SimplexDirect, OrderEqualsItsSlowTwin) {
  for (std::int64_t r = 0; r <= 6; ++r) {
    for (std::int64_t P = 1; P <= 80; P += 3) {
      for (std::int64_t s : {1, 4, 9, 20}) {
        const BroadcastOptions o = direct(r == 0 ? Layout::chain : Layout::fractional, P, r, s);
        const SimplexOrder fast = simplex_direct_order(o);
        ASSERT_FALSE(fast.deadlock);
        const SimplexProgram slow = simplex_direct_order_slow(o);
        EXPECT_EQ(fast.program.parts, slow.parts) << "P=" << P << " r=" << r << " s=" << s;
        EXPECT_EQ(fast.program.s, slow.s);
      }
    }
  }
}

// The lock step chooses the order; the replay has nothing but the programs. Same step count
// (s a multiple of the run length, so no padding is dropped), and a rendezvous never idles a
// whole step before the end.
TEST(SimplexDirect, ReplayOfTheProgramsTakesTheLockStepsSteps) {
  for (std::int64_t r = 1; r <= 5; ++r) {
    for (std::int64_t P = 1; P <= 90; P += 3) {
      for (std::int64_t runs : {1, 2, 5}) {
        const BroadcastOptions o = direct(Layout::fractional, P, r, runs * r);
        const SimplexOrder order = simplex_direct_order(o);
        ASSERT_FALSE(order.deadlock);
        const BroadcastResult b = run_simplex_program(order.program, o.s);
        ASSERT_FALSE(b.deadlock) << *b.deadlock;
        EXPECT_EQ(rounds_of(b.schedule), order.steps) << "P=" << P << " r=" << r;
        for (const auto& round : b.schedule.rounds) EXPECT_FALSE(round.empty());
      }
    }
  }
}

// §3: "forward a run of r packets in 2r + 1 steps". Held by the checker for every P <= 130,
// r <= 8 and 3..6 runs; equal to the bound whenever the root has a right successor (its PUs then
// send r + 1 packets per run and receive r: 2r + 1 busy steps), with one exception in range, the
// binary tree of 4 PUs (0 -> 1 -> 2, 0 -> 3), which is faster (measured; listed, so a new
// exception fails the test).
TEST(SimplexDirect, RunRateTwoRPlusOne) {
  std::int64_t exact = 0;
  std::int64_t instances = 0;
  std::vector<std::string> faster;
  for (std::int64_t r = 1; r <= 8; ++r) {
    for (std::int64_t P = 2; P <= 130; ++P) {
      const bool root_has_right =
          place(layout_params(Layout::fractional, P, r), 0).right != kNoPu;
      const Schedule two = broadcast(direct(Layout::fractional, P, r, 2 * r)).schedule;
      for (std::int64_t runs = 3; runs <= 6; ++runs) {
        const Schedule many = broadcast(direct(Layout::fractional, P, r, runs * r)).schedule;
        const fractional_check::RunRateReport rep = fractional_check::check_run_rate(many, two, r);
        ++instances;
        ASSERT_FALSE(rep.verdict) << "P=" << P << " r=" << r << ": " << rep.verdict->message;
        if (!root_has_right) continue;
        if (rep.steps == rep.bound) {
          ++exact;
        } else {
          faster.push_back("P=" + std::to_string(P) + " r=" + std::to_string(r) + " runs=" +
                           std::to_string(runs));
        }
      }
    }
  }
  EXPECT_EQ(faster, (std::vector<std::string>{"P=4 r=1 runs=3", "P=4 r=1 runs=4",
                                               "P=4 r=1 runs=5", "P=4 r=1 runs=6"}));
  EXPECT_GT(exact, instances / 2);
}

// The factor: per run (r packets) 2r + 1 steps against the duplex lock step's r + 1, i.e. the
// simplex increments are (2 - 1/(r + 1)) times the duplex ones, for every P whose root has a
// right successor.
TEST(SimplexDirect, FactorTwoMinusOneOverRPlusOne) {
  for (std::int64_t r = 1; r <= 8; ++r) {
    for (std::int64_t P = 2 * r + 3; P <= 300; P += 7) {
      if (place(layout_params(Layout::fractional, P, r), 0).right == kNoPu) continue;
      auto steps = [&](std::int64_t s, bool simplex) {
        BroadcastOptions o = direct(Layout::fractional, P, r, s);
        o.simplex = simplex;
        return fractional_check::last_pu_step(broadcast(o).schedule);
      };
      const std::int64_t simplex_inc = steps(6 * r, true) - steps(2 * r, true);
      const std::int64_t duplex_inc = steps(6 * r, false) - steps(2 * r, false);
      EXPECT_EQ(simplex_inc, 4 * (2 * r + 1)) << "P=" << P << " r=" << r;
      EXPECT_EQ(duplex_inc * (2 * r + 1), simplex_inc * (r + 1)) << "P=" << P << " r=" << r;
    }
  }
}

}  // namespace
}  // namespace collverify::fractional
