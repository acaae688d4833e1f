#include <gtest/gtest.h>

#include "checkers/lower_bounds.hpp"
#include "checkers/simulate.hpp"

namespace collverify {
namespace {

// p = 3, n = 2, root 0, hand-made and optimal (3 rounds = n - 1 + ceil(log2 3)):
// round 0: 0->1 b0; round 1: 0->1 b1 and 1->2 b0; round 2: 1->2 b1.
Schedule tiny() {
  Schedule s;
  s.p = 3;
  s.n = 2;
  s.initial = root_holds_all(0, 2);
  s.rounds = {{{0, 1, 0, 0}}, {{0, 1, 1, 1}, {1, 2, 0, 0}}, {{1, 2, 1, 1}}};
  return s;
}

std::string broken(const Schedule& s) {
  const auto r = simulate_schedule(s, bcast_round_lower_bound(s.p, s.n));
  return r.verdict ? r.verdict->property : "";
}

TEST(Simulate, AcceptsAValidSchedule) {
  const auto r = simulate_schedule(tiny(), bcast_round_lower_bound(3, 2));
  EXPECT_FALSE(r.verdict) << r.verdict->message;
  EXPECT_EQ(r.rounds, 3);
  EXPECT_EQ(r.lower_bound, 3);
}

TEST(Simulate, RejectsSendBeforeReceive) {
  auto s = tiny();
  s.rounds[1][1] = {1, 2, 1, 1};  // rank 1 has only block 0 after round 0
  const auto r = simulate_schedule(s, 3);
  ASSERT_TRUE(r.verdict);
  EXPECT_EQ(r.verdict->property, "send_before_receive");
  EXPECT_EQ(r.verdict->round, 1);
  EXPECT_EQ(r.verdict->rank, 1);
  EXPECT_EQ(r.verdict->block, 1);
}

TEST(Simulate, RejectsRedundantReceive) {
  auto s = tiny();
  s.rounds[2][0] = {0, 1, 0, 0};  // rank 1 already has block 0
  EXPECT_EQ(broken(s), "no_redundant_receive");
}

TEST(Simulate, RejectsTheSameBlockTwiceInOneRound) {
  auto s = tiny();
  s.model.ports = 2;
  s.rounds[1].push_back({0, 2, 0, 0});  // 2 gets block 0 from 1 and from 0 in round 1
  EXPECT_EQ(broken(s), "no_redundant_receive");
}

TEST(Simulate, RejectsDisagreement) {
  auto s = tiny();
  s.rounds[2][0].stored_as = 0;
  EXPECT_EQ(broken(s), "agreement");
}

TEST(Simulate, RejectsTwoSendsOfOneRankInOneRound) {
  auto s = tiny();
  s.rounds[1] = {{0, 1, 1, 1}, {0, 2, 0, 0}};
  EXPECT_EQ(broken(s), "one_port_send");
}

TEST(Simulate, RejectsTwoReceivesOfOneRankInOneRound) {
  auto s = tiny();
  s.rounds[1] = {{0, 2, 1, 1}, {1, 2, 0, 0}};
  EXPECT_EQ(broken(s), "one_port_receive");
}

TEST(Simulate, RejectsSendAndReceiveInASimplexRound) {
  auto s = tiny();
  s.model.duplex = Duplex::simplex;
  EXPECT_EQ(broken(s), "duplex");  // round 1: rank 1 sends to 2 and receives from 0
}

TEST(Simulate, RejectsAnIncompleteSchedule) {
  auto s = tiny();
  s.rounds.pop_back();
  const auto r = simulate_schedule(s, 3);
  ASSERT_TRUE(r.verdict);
  EXPECT_EQ(r.verdict->property, "completeness");
  EXPECT_EQ(r.verdict->rank, 2);
  EXPECT_EQ(r.verdict->block, 1);
}

// An explicit goal: only rank 2 needs block 1 (a scatter-like goal). The first two rounds of
// tiny() do not deliver it; all three do.
TEST(Simulate, ChecksAnExplicitGoal) {
  auto s = tiny();
  s.goal = std::vector<Holding>{{2, 1}};
  EXPECT_FALSE(simulate_schedule(s, 3).verdict);
  s.rounds.pop_back();
  const auto r = simulate_schedule(s, 2);
  ASSERT_TRUE(r.verdict);
  EXPECT_EQ(r.verdict->property, "completeness");
  EXPECT_EQ(r.verdict->rank, 2);
  EXPECT_EQ(r.verdict->block, 1);
  s.goal = std::vector<Holding>{{2, 0}};
  EXPECT_FALSE(simulate_schedule(s, 2).verdict);
  s.goal = std::vector<Holding>{{5, 0}};
  EXPECT_EQ(simulate_schedule(s, 2).verdict->property, "block_range");
}

TEST(Simulate, RejectsASlowSchedule) {
  auto s = tiny();
  s.rounds.insert(s.rounds.begin(), std::vector<Transfer>{});
  EXPECT_EQ(broken(s), "round_optimal");
}

TEST(Simulate, RejectsBlocksAndRanksOutOfRange) {
  auto s = tiny();
  s.rounds[0][0] = {0, 1, 2, 2};
  EXPECT_EQ(broken(s), "block_range");
  s = tiny();
  s.rounds[0][0] = {0, 3, 0, 0};
  EXPECT_EQ(broken(s), "block_range");
}

TEST(Simulate, NothingSentOrNothingExpectedIsDisagreement) {
  auto s = tiny();
  s.rounds[0][0] = {0, 1, kNothing, 0};  // rank 1 waits for block 0, rank 0 sends nothing
  EXPECT_EQ(broken(s), "agreement");
  s = tiny();
  s.rounds[0][0] = {0, 1, 0, kNothing};  // a block arrives that no receive expects
  EXPECT_EQ(broken(s), "agreement");
}

// A transfer of nothing to nobody must not count as a delivery (it once read block n - 1 of the
// neighbouring rank), and negative blocks other than kNothing are out of range.
TEST(Simulate, RejectsEmptyAndNegativeTransfers) {
  Schedule s;
  s.p = 3;
  s.n = 1;
  s.initial = root_holds_all(0, 1);
  s.rounds = {{{1, 2, kNothing, kNothing}}, {{0, 2, 0, 0}}};
  EXPECT_EQ(broken(s), "block_range");
  s.rounds = {{{0, 1, -2, -2}}, {{0, 2, 0, 0}}};
  EXPECT_EQ(broken(s), "block_range");
}

TEST(Simulate, RejectsInitialHoldingsOutOfRange) {
  auto s = tiny();
  s.initial.push_back({0, 2});  // n = 2: block 2 does not exist
  EXPECT_EQ(broken(s), "block_range");
  s = tiny();
  s.initial.push_back({3, 0});  // p = 3: rank 3 does not exist
  EXPECT_EQ(broken(s), "block_range");
}

TEST(Simulate, SmallestRankWinsWithinARound) {
  auto s = tiny();
  s.rounds[1] = {{1, 2, 1, 1}, {0, 1, 1, 0}};  // rank 1 breaks twice; rank 1 < 2
  const auto r = simulate_schedule(s, 3);
  ASSERT_TRUE(r.verdict);
  EXPECT_EQ(r.verdict->rank, 1);
}

TEST(LowerBounds, Broadcast) {
  EXPECT_EQ(bcast_round_lower_bound(1, 5), 0);
  EXPECT_EQ(bcast_round_lower_bound(2, 1), 1);
  EXPECT_EQ(bcast_round_lower_bound(20, 6), 10);
  EXPECT_EQ(bcast_round_lower_bound(32, 1), 5);
  EXPECT_EQ(bcast_round_lower_bound(33, 1), 6);
}

}  // namespace
}  // namespace collverify
