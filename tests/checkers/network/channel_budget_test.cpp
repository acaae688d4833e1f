// The channel-budget checker (checkers/network/channel_budget.hpp) on hand-made crossbar
// schedules: the header's example within and over budget (witness: round, module, direction,
// partners in order), receiving over budget, channel load, and the defects (not a crossbar, a hop
// that is no arc). Mutants of the embedded fractional tree: tests/reference/embedding/
// crossbar_tree_test.cpp.
#include "checkers/network/channel_budget.hpp"

#include <gtest/gtest.h>

namespace collverify::network {
namespace {

RoutedSchedule schedule_on(const Network& net, std::vector<Round> rounds) {
  RoutedSchedule s;
  s.network = net.spec();
  s.collective = Collective::bcast;
  s.rounds = std::move(rounds);
  return s;
}

TEST(ChannelBudget, HeaderExample) {
  const Network net = Network::hierarchical_crossbar(3, 2, 2);
  const Direction m1 = net.parse_direction("M1");
  const Direction m2 = net.parse_direction("M2");
  const RoutedSchedule s = schedule_on(net, {{{0, {m1}, {{0, 0}}}, {0, {m2}, {{0, 0}}}}});
  const ChannelBudgetResult ok = check_channel_budget(net, s, 2);
  EXPECT_FALSE(ok.witness);
  EXPECT_FALSE(ok.defect);
  EXPECT_EQ(ok.max_out, 2);
  EXPECT_EQ(ok.max_in, 1);
  EXPECT_EQ(ok.channel_load, 1);
  const ChannelBudgetResult bad = check_channel_budget(net, s, 1);
  ASSERT_TRUE(bad.witness);
  EXPECT_EQ(bad.witness->round, 0);
  EXPECT_EQ(bad.witness->module, 0);
  EXPECT_TRUE(bad.witness->outgoing);
  EXPECT_EQ(bad.witness->partners, (std::vector<std::int64_t>{1, 2}));
  EXPECT_NE(bad.witness->message.find("module 0 sends to 2 modules (1, 2)"), std::string::npos);
}

TEST(ChannelBudget, ThirdIncomingChannelInALaterRound) {
  // Modules 1, 2, 3 each send to module 0 once, in rounds 0, 1, 2: the third arrives in round 2.
  const Network net = Network::hierarchical_crossbar(4, 2, 2);
  const Direction m0 = net.parse_direction("M0");
  const RoutedSchedule s =
      schedule_on(net, {{{2, {m0}, {{0, 0}}}}, {{4, {m0}, {{0, 0}}}}, {{6, {m0}, {{0, 0}}}}});
  const ChannelBudgetResult r = check_channel_budget(net, s, 2);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->round, 2);
  EXPECT_EQ(r.witness->module, 0);
  EXPECT_FALSE(r.witness->outgoing);
  EXPECT_EQ(r.witness->partners, (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(r.max_in, 3);
}

// Separate budgets (the variant with one channel less: 2 out, 1 in).
TEST(ChannelBudget, SeparateOutAndInBudgets) {
  const Network net = Network::hierarchical_crossbar(3, 2, 2);
  const Direction m0 = net.parse_direction("M0");
  const Direction m1 = net.parse_direction("M1");
  const Direction m2 = net.parse_direction("M2");
  // The header example: module 0 sends to 1 and 2; every module receives from at most one.
  const RoutedSchedule fan_out = schedule_on(net, {{{0, {m1}, {{0, 0}}}, {0, {m2}, {{0, 0}}}}});
  EXPECT_FALSE(check_channel_budget(net, fan_out, 2, 1).witness);
  ASSERT_TRUE(check_channel_budget(net, fan_out, 1, 2).witness);
  EXPECT_TRUE(check_channel_budget(net, fan_out, 1, 2).witness->outgoing);
  // Modules 1 and 2 each send to module 0, in rounds 0 and 1: two incoming partners.
  const RoutedSchedule fan_in = schedule_on(net, {{{2, {m0}, {{0, 0}}}}, {{4, {m0}, {{0, 0}}}}});
  EXPECT_FALSE(check_channel_budget(net, fan_in, 2, 2).witness);
  EXPECT_FALSE(check_channel_budget(net, fan_in, 1, 2).witness);
  const ChannelBudgetResult bad = check_channel_budget(net, fan_in, 2, 1);
  ASSERT_TRUE(bad.witness);
  EXPECT_EQ(bad.witness->round, 1);
  EXPECT_EQ(bad.witness->module, 0);
  EXPECT_FALSE(bad.witness->outgoing);
  EXPECT_EQ(bad.witness->partners, (std::vector<std::int64_t>{1, 2}));
  EXPECT_NE(bad.witness->message.find("module 0 receives from 2 modules (1, 2), over the budget of 1"),
            std::string::npos)
      << bad.witness->message;
}

TEST(ChannelBudget, ChannelLoadCountsBothGateways) {
  // Module 0 -> module 1 twice in one round, through gateways 0 and 1: two arcs, one channel.
  const Network net = Network::hierarchical_crossbar(2, 2, 2);
  const Direction m1 = net.parse_direction("M1");
  const RoutedSchedule s = schedule_on(net, {{{0, {m1}, {{0, 0}}}, {1, {m1}, {{0, 0}}}}});
  const ChannelBudgetResult r = check_channel_budget(net, s, 2);
  EXPECT_FALSE(r.witness);
  EXPECT_EQ(r.channel_load, 2);
}

TEST(ChannelBudget, Defects) {
  const Network mesh = Network::mesh({2, 2});
  EXPECT_TRUE(check_channel_budget(mesh, schedule_on(mesh, {}), 2).defect);
  const Network net = Network::hierarchical_crossbar(2, 2, 1);
  // Gateway 1 does not exist (one channel): PU 1 has no arc M1... it has no M arc at all.
  const RoutedSchedule s = schedule_on(net, {{{1, {net.parse_direction("M1")}, {{0, 0}}}}});
  const ChannelBudgetResult r = check_channel_budget(net, s, 2);
  ASSERT_TRUE(r.defect);
  EXPECT_NE(r.defect->find("node 1"), std::string::npos);
}

}  // namespace
}  // namespace collverify::network
