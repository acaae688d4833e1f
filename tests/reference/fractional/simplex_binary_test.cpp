// §2's "for the simplex model replace the two by a three" for the pipelined binary tree
// (reference/fractional/simplex_direct.hpp binary_simplex_program): the example by hand; every
// P <= 300 and s <= 30 valid in the generic simulation under the simplex port rule and within
// d + 3s (checkers/fractional/timing.hpp simplex_binary_claim), in fact within d + 3s - 2; and
// Figure 2's own order translated to simplex (simplex_direct_order, r = 1), which sends right the
// packet before the one it receives, misses d + 3s: the smallest P (then s) in P <= 120, s <= 12
// where it does is P = 89, s = 2 (15 steps against 14).
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "checkers/fractional/timing.hpp"
#include "checkers/simulate.hpp"
#include "reference/fractional/simplex_direct.hpp"

namespace collverify::fractional {
namespace {

namespace fc = fractional_check;

std::int64_t steps_of(const SimplexProgram& p, std::int64_t s) {
  const BroadcastResult b = run_simplex_program(p, s);
  EXPECT_FALSE(b.deadlock);
  const SimulationResult sim =
      simulate_schedule(b.schedule, static_cast<std::int64_t>(b.schedule.rounds.size()));
  EXPECT_FALSE(sim.verdict) << "P=" << p.P << " s=" << s << ": " << sim.verdict->message;
  return fc::last_pu_step(b.schedule);
}

TEST(SimplexBinary, ExampleByHand) {
  const SimplexProgram p = binary_simplex_program(4, 2);
  using V = std::vector<SimplexPart>;
  EXPECT_EQ(p.parts[0], (V{{true, 1, 0}, {true, 3, 0}, {true, 1, 1}, {true, 3, 1}}));
  EXPECT_EQ(p.parts[1], (V{{false, 0, 0}, {true, 2, 0}, {false, 0, 1}, {true, 2, 1}}));
  EXPECT_EQ(p.parts[2], (V{{false, 1, 0}, {false, 1, 1}}));
  EXPECT_EQ(p.parts[3], (V{{false, 0, 0}, {false, 0, 1}}));
  EXPECT_EQ(steps_of(p, 2), 4);
}

TEST(SimplexBinary, ReplaceTwoByThreeHoldsWithTwoToSpare) {
  std::int64_t at_minus_two = 0;
  std::int64_t n = 0;
  for (std::int64_t P = 2; P <= 300; ++P) {
    for (std::int64_t s = 1; s <= 30; ++s) {
      const std::int64_t steps = steps_of(binary_simplex_program(P, s), s);
      const fc::Claim claim = fc::simplex_binary_claim(P, s);
      ASSERT_LE(steps, claim.num - 2) << "P=" << P << " s=" << s;
      ++n;
      at_minus_two += steps == claim.num - 2 ? 1 : 0;
    }
  }
  EXPECT_GT(at_minus_two, n / 2);
}

TEST(SimplexBinary, FigureTwosOrderMissesItFirstAtP89) {
  std::vector<std::pair<std::int64_t, std::int64_t>> over;
  for (std::int64_t P = 2; P <= 120 && over.empty(); ++P) {
    for (std::int64_t s = 1; s <= 12; ++s) {
      BroadcastOptions o{Layout::binary, P, 0, s, true};
      o.simplex_direct = true;
      const std::int64_t steps = fc::last_pu_step(broadcast(o).schedule);
      if (steps > fc::simplex_binary_claim(P, s).num) over.emplace_back(P, s);
    }
  }
  ASSERT_FALSE(over.empty());
  EXPECT_EQ(over.front(), (std::pair<std::int64_t, std::int64_t>{89, 2}));
  BroadcastOptions o{Layout::binary, 89, 0, 2, true};
  o.simplex_direct = true;
  EXPECT_EQ(fc::last_pu_step(broadcast(o).schedule), 15);
  EXPECT_EQ(fc::simplex_binary_claim(89, 2).num, 14);
}

}  // namespace
}  // namespace collverify::fractional
