// One-node networks (the 0-cube, one fully connected node, a 1-node mesh or torus, a 1 x 1
// crossbar): no arc at all. The property tests lift such draws to two or more nodes
// (routed_random.hpp, congestion_property_test.cpp), so the cases they used to spend about 40 %
// of their runs on are judged here, every collective and model: the empty schedule is complete
// and at its bound (0 rounds), a round with no transmission still counts, a bound of 1 is
// lower_bound, a hop is hop_exists, a node other than 0 is node_in_network; the fast routed
// checker and its slow twin agree on each, witness and message included, and so do the fast
// congestion count and its twin (a hop is their defect).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "checkers/network/congestion.hpp"
#include "checkers/network/network_bounds.hpp"
#include "checkers/network/routed_check.hpp"

namespace collverify::network {
namespace {

std::vector<NetworkSpec> one_node_specs() {
  return {{NetworkKind::hypercube, {0}},
          {NetworkKind::fully_connected, {1}},
          {NetworkKind::mesh, {1}},
          {NetworkKind::mesh, {1, 1}},
          {NetworkKind::torus, {1}},
          {NetworkKind::torus, {1, 1}},
          {NetworkKind::hierarchical_crossbar, {1, 1, 1}}};
}

std::string text(const RoutedResult& r) {
  return r.witness ? r.witness->message : std::string("no witness");
}

// The fast checker and its slow twin on `s`; returns the fast result.
RoutedResult judged(const Network& net, const RoutedSchedule& s, std::int64_t bound) {
  const RoutedResult fast = check_routed(net, s, {bound});
  const RoutedResult slow = check_routed_slow(net, s, {bound});
  EXPECT_EQ(text(fast), text(slow));
  EXPECT_EQ(fast.rounds, slow.rounds);
  EXPECT_EQ(fast.transmissions, slow.transmissions);
  if (fast.witness && slow.witness) {
    EXPECT_EQ(fast.witness->property, slow.witness->property);
    EXPECT_EQ(fast.witness->round, slow.witness->round);
    EXPECT_EQ(fast.witness->node, slow.witness->node);
  }
  return fast;
}

}  // namespace

TEST(OneNode, EveryScheduleIsJudgedAlikeByTheTwins) {
  for (const NetworkSpec& spec : one_node_specs()) {
    const Network net = Network::from_spec(spec);
    ASSERT_EQ(net.nodes(), 1);
    ASSERT_EQ(net.arcs(), 0);
    for (int c = 0; c < 6; ++c) {
      for (const Duplex duplex : {Duplex::full, Duplex::half, Duplex::simplex}) {
        for (const Switching sw : {Switching::store_and_forward, Switching::wormhole}) {
          RoutedSchedule s;
          s.network = spec;
          s.collective = static_cast<Collective>(c);
          s.model.duplex = duplex;
          s.model.switching = sw;
          s.model.combining = s.collective == Collective::reduce;
          SCOPED_TRACE("kind " + std::to_string(static_cast<int>(spec.kind)) + ", collective " +
                       std::to_string(c) + ", duplex " + std::to_string(static_cast<int>(duplex)) +
                       ", switching " + std::to_string(static_cast<int>(sw)));
          // The bound for one node is 0 rounds, and nothing has to move.
          const std::int64_t bound = routed_lower_bound(net, header_of(s));
          EXPECT_EQ(bound, 0);
          RoutedResult r = judged(net, s, bound);
          EXPECT_FALSE(r.witness.has_value()) << text(r);
          EXPECT_EQ(r.rounds, 0);
          // A bound of one round is missed by the empty schedule.
          r = judged(net, s, 1);
          ASSERT_TRUE(r.witness.has_value());
          EXPECT_EQ(r.witness->property, RoutedProperty::lower_bound);
          // An empty round counts; nothing is missing.
          s.rounds.push_back({});
          r = judged(net, s, 1);
          EXPECT_FALSE(r.witness.has_value()) << text(r);
          EXPECT_EQ(r.rounds, 1);
          // Any hop leaves the network's arcs.
          s.rounds[0] = {Transmission{0, {0}, {Packet{0, 0}}}};
          r = judged(net, s, 0);
          ASSERT_TRUE(r.witness.has_value());
          EXPECT_EQ(r.witness->property, RoutedProperty::hop_exists) << text(r);
          EXPECT_EQ(r.witness->round, 0);
          // Node 1 is not in the network.
          s.rounds[0] = {Transmission{1, {0}, {Packet{0, 0}}}};
          r = judged(net, s, 0);
          ASSERT_TRUE(r.witness.has_value());
          EXPECT_EQ(r.witness->property, RoutedProperty::node_in_network) << text(r);
        }
      }
    }
  }
}

TEST(OneNode, CongestionTwinsAgreeAndAHopIsADefect) {
  for (const NetworkSpec& spec : one_node_specs()) {
    const Network net = Network::from_spec(spec);
    RoutedSchedule s;
    s.network = spec;
    s.rounds = {{}, {}};
    for (const CongestionUnit unit : {CongestionUnit::arc, CongestionUnit::link}) {
      const CongestionResult a = edge_congestion(net, s, unit);
      const CongestionResult b = edge_congestion_slow(net, s, unit);
      EXPECT_FALSE(a.defect.has_value());
      EXPECT_EQ(a.congestion, 0);
      EXPECT_EQ(a.per_round, b.per_round);
      EXPECT_EQ(a.congestion, b.congestion);
    }
    s.rounds[1] = {Transmission{0, {0}, {Packet{0, 0}}}};
    for (const CongestionUnit unit : {CongestionUnit::arc, CongestionUnit::link}) {
      const CongestionResult a = edge_congestion(net, s, unit);
      const CongestionResult b = edge_congestion_slow(net, s, unit);
      ASSERT_TRUE(a.defect.has_value());
      ASSERT_TRUE(b.defect.has_value());
      EXPECT_EQ(*a.defect, *b.defect);
    }
  }
}

}  // namespace collverify::network
