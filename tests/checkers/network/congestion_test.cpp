// Edge congestion from the routed paths, on hand-made routed schedules whose congestion is known
// by hand, and on mutants that raise it (a route moved onto a busy arc) or break it (a hop that
// is not an arc); the slow twin agrees on every case.
#include "checkers/network/congestion.hpp"

#include <gtest/gtest.h>

namespace collverify::network {
namespace {

Transmission tx(std::int64_t from, std::vector<Direction> hops) {
  return Transmission{from, std::move(hops), {Packet{0, 0}}};
}

RoutedSchedule on(const Network& net, std::vector<Round> rounds) {
  RoutedSchedule s;
  s.network = net.spec();
  s.model.switching = Switching::wormhole;
  s.collective = Collective::bcast;
  s.rounds = std::move(rounds);
  return s;
}

void expect_twins_agree(const Network& net, const RoutedSchedule& s, CongestionUnit unit) {
  const CongestionResult a = edge_congestion(net, s, unit);
  const CongestionResult b = edge_congestion_slow(net, s, unit);
  EXPECT_EQ(a.congestion, b.congestion);
  EXPECT_EQ(a.per_round, b.per_round);
  EXPECT_EQ(a.defect, b.defect);
  ASSERT_EQ(a.witness.has_value(), b.witness.has_value());
  if (a.witness) {
    EXPECT_EQ(a.witness->message, b.witness->message);
  }
}

TEST(Congestion, TwoRoutesShareOneArc) {
  const Network net = Network::mesh({4});
  // 0 -> 3 and 1 -> 2 both cross 1 -> 2 ("+0") in round 0.
  const RoutedSchedule s = on(net, {{tx(0, {0, 0, 0}), tx(1, {0})}});
  const CongestionResult r = edge_congestion(net, s);
  EXPECT_EQ(r.congestion, 2);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->round, 0);
  EXPECT_EQ(r.witness->arc.from, 1);
  EXPECT_EQ(r.witness->arc.to, 2);
  EXPECT_EQ(r.witness->senders, (std::vector<std::int64_t>{0, 1}));
  EXPECT_EQ(r.witness->message, "round 0: 2 transmissions cross the arc 1 -> 2 (+0) (senders 0, 1)");
  expect_twins_agree(net, s, CongestionUnit::arc);
}

TEST(Congestion, OppositeDirectionsShareALinkNotAnArc) {
  const Network net = Network::mesh({3});
  // 0 -> 2 and 2 -> 0: every arc once, every link twice.
  const RoutedSchedule s = on(net, {{tx(0, {0, 0}), tx(2, {1, 1})}});
  EXPECT_EQ(edge_congestion(net, s, CongestionUnit::arc).congestion, 1);
  const CongestionResult link = edge_congestion(net, s, CongestionUnit::link);
  EXPECT_EQ(link.congestion, 2);
  ASSERT_TRUE(link.witness);
  EXPECT_EQ(link.witness->arc.from, 0);  // the link 0 - 1, named by its smaller arc 0 -> 1
  EXPECT_EQ(link.witness->arc.to, 1);
  EXPECT_EQ(link.witness->senders, (std::vector<std::int64_t>{0, 2}));
  expect_twins_agree(net, s, CongestionUnit::link);
}

TEST(Congestion, MaximumFirstReachedInALaterRound) {
  const Network net = Network::mesh({2, 2});  // nodes 0 1 / 2 3
  // Round 0: 0 -> 1 and 2 -> 3 (disjoint). Round 1: 0 -> 3 by XY (+0, +1) and 1 -> 3 (+1):
  // both cross 1 -> 3. Round 2: the same again (not the first).
  const Round r1 = {tx(0, {0, 2}), tx(1, {2})};
  const RoutedSchedule s = on(net, {{tx(0, {0}), tx(2, {0})}, r1, r1});
  const CongestionResult r = edge_congestion(net, s);
  EXPECT_EQ(r.congestion, 2);
  EXPECT_EQ(r.per_round, (std::vector<std::int64_t>{1, 2, 2}));
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->round, 1);
  EXPECT_EQ(r.witness->arc.from, 1);
  EXPECT_EQ(r.witness->arc.to, 3);
  expect_twins_agree(net, s, CongestionUnit::arc);
}

TEST(Congestion, MutantRouteOntoABusyArcIsCaught) {
  const Network net = Network::mesh({2, 2});
  // Congestion 1: 0 -> 3 by XY (0 -> 1 -> 3) and 2 -> 0 (-1).
  RoutedSchedule s = on(net, {{tx(0, {0, 2}), tx(2, {3})}});
  EXPECT_EQ(edge_congestion(net, s).congestion, 1);
  // Mutant: the second transmission starts at 0 and goes +0 (onto 0 -> 1, in use).
  s.rounds[0][1] = tx(0, {0});
  const CongestionResult r = edge_congestion(net, s);
  EXPECT_EQ(r.congestion, 2);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->arc.from, 0);
  EXPECT_EQ(r.witness->arc.to, 1);
  expect_twins_agree(net, s, CongestionUnit::arc);
}

TEST(Congestion, MutantHopThatIsNoArcIsADefect) {
  const Network net = Network::mesh({2, 2});
  // Node 1 = (1, 0) has no "+0".
  const RoutedSchedule s = on(net, {{tx(0, {0, 0})}});
  const CongestionResult r = edge_congestion(net, s);
  ASSERT_TRUE(r.defect);
  EXPECT_EQ(*r.defect, "round 0: node 1 has no arc in direction 0 in mesh 2x2");
  expect_twins_agree(net, s, CongestionUnit::arc);
}

TEST(Congestion, CrossbarGatewayChannelShared) {
  // 3 modules of 4 PUs, 1 channel: everything between modules goes through gateway 0.
  const Network net = Network::hierarchical_crossbar(3, 4, 1);
  // PU 1 of module 0 -> PU 2 of module 1: L0, M1, L2; PU 0 of module 0 -> PU 0 of module 1: M1.
  const RoutedSchedule s = on(net, {{tx(1, {0, 4 + 1, 2}), tx(0, {4 + 1})}});
  const CongestionResult r = edge_congestion(net, s);
  EXPECT_EQ(r.congestion, 2);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->arc.from, 0);
  EXPECT_EQ(r.witness->arc.to, 4);
  EXPECT_EQ(net.direction_name(r.witness->arc.direction), "M1");
  expect_twins_agree(net, s, CongestionUnit::arc);
}

TEST(Congestion, EmptyScheduleHasNoCongestion) {
  const Network net = Network::mesh({3});
  const CongestionResult r = edge_congestion(net, on(net, {{}, {}}));
  EXPECT_EQ(r.congestion, 0);
  EXPECT_EQ(r.per_round, (std::vector<std::int64_t>{0, 0}));
  EXPECT_FALSE(r.witness);
}

}  // namespace
}  // namespace collverify::network
