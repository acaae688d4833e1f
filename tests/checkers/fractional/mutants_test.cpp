// Every broadcast mutant of generators/fractional_mutants.hpp, made from real fractional-tree
// schedules, is rejected by the generic simulation with exactly the witness the mutant carries
// (property, P, PU, step, packet), and by the family's checks (engine) too.
#include "generators/fractional_mutants.hpp"

#include <gtest/gtest.h>

#include "checkers/simulate.hpp"
#include "reference/fractional/broadcast.hpp"

namespace collverify::fractional_mutants {
namespace {

namespace fr = fractional;

void expect_rejected(const Mutant& m) {
  const SimulationResult r =
      simulate_schedule(m.schedule, static_cast<std::int64_t>(m.schedule.rounds.size()));
  ASSERT_TRUE(r.verdict) << m.witness.property;
  EXPECT_EQ(r.verdict->property, m.witness.property) << r.verdict->message;
  EXPECT_EQ(r.verdict->p, m.witness.p);
  EXPECT_EQ(r.verdict->rank, m.witness.rank) << r.verdict->message;
  EXPECT_EQ(r.verdict->round, m.witness.round) << r.verdict->message;
  EXPECT_EQ(r.verdict->block, m.witness.block) << r.verdict->message;
}

fr::BroadcastResult tree(std::int64_t P, std::int64_t r, std::int64_t s, bool simplex = false) {
  return fr::broadcast({fr::Layout::fractional, P, r, s, simplex});
}

TEST(FractionalMutants, ChainDroppedStepExample) {
  const fr::BroadcastResult b = fr::broadcast({fr::Layout::chain, 3, 0, 2, false});
  const auto m = dropped_step(b.schedule, 1);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->witness.property, "send_before_receive");
  EXPECT_EQ(m->witness.rank, 1);
  EXPECT_EQ(m->witness.round, 2);
  EXPECT_EQ(m->witness.block, 1);
  expect_rejected(*m);
}

TEST(FractionalMutants, DroppedStepEveryRound) {
  for (std::int64_t P : {2, 7, 30}) {
    for (std::int64_t r : {1, 3}) {
      const fr::BroadcastResult b = tree(P, r, 5);
      for (std::int64_t t = 0; t < static_cast<std::int64_t>(b.schedule.rounds.size()); ++t) {
        const auto m = dropped_step(b.schedule, t);
        ASSERT_TRUE(m);
        expect_rejected(*m);
      }
    }
  }
}

TEST(FractionalMutants, SentBeforeArrival) {
  // (P = 3, r = 1 has none: both PUs hear the root directly.)
  for (std::int64_t P : {5, 12, 100}) {
    for (std::int64_t r : {1, 2, 5}) {
      for (bool simplex : {false, true}) {
        const auto m = sent_before_arrival(tree(P, r, 4, simplex).schedule);
        ASSERT_TRUE(m);
        expect_rejected(*m);
      }
    }
  }
}

TEST(FractionalMutants, TwoReceivesInOneStep) {
  // (A chain has none: its PUs carry different packets in each step.)
  for (std::int64_t P : {20, 100}) {
    for (std::int64_t r : {1, 2, 5}) {
      const auto m = two_receives(tree(P, r, 4).schedule);
      ASSERT_TRUE(m) << P << " " << r;
      expect_rejected(*m);
    }
  }
}

// A right send (PU x of a full group to its right-successor head) redirected to the down head
// of the same group: the paper's other successor, the likeliest wrong one.
TEST(FractionalMutants, WrongRightSuccessor) {
  int tried = 0;
  for (std::int64_t P : {7, 20, 64, 200}) {
    for (std::int64_t r : {1, 2, 3}) {
      const fr::BroadcastResult b = tree(P, r, 2 * r + 1);
      const fr::LayoutParams lp = fr::layout_params(fr::Layout::fractional, P, r);
      bool done = false;
      for (std::size_t t = 0; t < b.schedule.rounds.size() && !done; ++t) {
        const auto& round = b.schedule.rounds[t];
        for (std::size_t k = 0; k < round.size() && !done; ++k) {
          const fr::Placement px = fr::place(lp, round[k].from);
          if (px.right != round[k].to) continue;
          const std::int64_t down_head = px.group_head + r;
          const auto m = wrong_successor(b.schedule, static_cast<std::int64_t>(t),
                                         static_cast<std::int64_t>(k), down_head);
          if (!m) continue;
          expect_rejected(*m);
          EXPECT_EQ(m->witness.rank, down_head);
          EXPECT_EQ(m->witness.block, round[k].block == m->witness.block ? round[k].block
                                                                          : m->witness.block);
          done = true;
          ++tried;
        }
      }
    }
  }
  EXPECT_GE(tried, 10);
}

}  // namespace
}  // namespace collverify::fractional_mutants
