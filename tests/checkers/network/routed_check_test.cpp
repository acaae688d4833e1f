// The routed checker (checkers/network/routed_check.hpp): a hand-written binomial broadcast on the
// 3-cube passes; every property has a mutant it must reject with the right witness, and the slow
// twin gives the same witness on each. Also the slide-5 bounds against the generic bound.
#include <gtest/gtest.h>

#include "checkers/network/network_bounds.hpp"
#include "checkers/network/routed_check.hpp"
#include "model/error.hpp"

namespace cv = collverify;
using namespace cv::network;

namespace {

// Binomial-tree OAB from root 0 on the d-cube: in round k every node u < 2^k sends on dimension k.
RoutedSchedule binomial_oab(int d) {
  RoutedSchedule s;
  s.network = {NetworkKind::hypercube, {d}};
  s.collective = Collective::oab;
  for (int k = 0; k < d; ++k) {
    Round r;
    for (std::int64_t u = 0; u < (std::int64_t{1} << k); ++u) r.push_back({u, {k}, {{0, 0}}});
    s.rounds.push_back(r);
  }
  return s;
}

// All-to-all broadcast by dimension exchange with combining: in round k every node sends all it
// holds on dimension k (2^k packets).
RoutedSchedule exchange_aab(int d) {
  RoutedSchedule s;
  s.network = {NetworkKind::hypercube, {d}};
  s.collective = Collective::aab;
  s.model.combining = true;
  for (int k = 0; k < d; ++k) {
    Round r;
    const std::int64_t low = (std::int64_t{1} << k) - 1;
    for (std::int64_t u = 0; u < (std::int64_t{1} << d); ++u) {
      Transmission x{u, {k}, {}};
      for (std::int64_t o = 0; o < (std::int64_t{1} << d); ++o) {
        if ((o & ~low) == (u & ~low)) x.packets.push_back({o, 0});
      }
      r.push_back(x);
    }
    s.rounds.push_back(r);
  }
  return s;
}

struct Checked {
  RoutedResult fast;
  RoutedResult slow;
};

Checked check(const RoutedSchedule& s, std::int64_t bound = cv::kNone) {
  const Network net = Network::from_spec(s.network);
  return {check_routed(net, s, {bound}), check_routed_slow(net, s, {bound})};
}

// The witness both twins give; fails the test when they differ.
RoutedWitness broken(const RoutedSchedule& s, std::int64_t bound = cv::kNone) {
  const Checked c = check(s, bound);
  EXPECT_TRUE(c.fast.witness.has_value());
  EXPECT_TRUE(c.slow.witness.has_value());
  if (!c.fast.witness || !c.slow.witness) return {};
  EXPECT_EQ(c.fast.witness->message, c.slow.witness->message);
  EXPECT_FALSE(*c.fast.witness < *c.slow.witness || *c.slow.witness < *c.fast.witness);
  EXPECT_EQ(c.fast.witness->round, c.slow.witness->round);
  return *c.fast.witness;
}

}  // namespace

TEST(RoutedCheck, BinomialBroadcastOnTheThreeCubePasses) {
  const auto s = binomial_oab(3);
  const Checked c = check(s, hypercube_bound(Collective::oab, 3).rounds);
  EXPECT_FALSE(c.fast.witness.has_value()) << c.fast.witness->message;
  EXPECT_FALSE(c.slow.witness.has_value());
  EXPECT_EQ(c.fast.rounds, 3);
  EXPECT_EQ(c.fast.transmissions, 7);  // 2^d - 1: the slide-5 count
  EXPECT_EQ(c.fast.transmissions, hypercube_bound(Collective::oab, 3).transmissions);
}

TEST(RoutedCheck, BinomialBroadcastPassesInTheOnePortHalfDuplexModelToo) {
  auto s = binomial_oab(4);
  s.model = {1, cv::Duplex::half, cv::Switching::store_and_forward, false};
  EXPECT_FALSE(check(s).fast.witness.has_value());
}

TEST(RoutedCheck, CombiningExchangePassesAndIsRejectedWithoutCombining) {
  auto s = exchange_aab(3);
  EXPECT_FALSE(check(s).fast.witness.has_value());
  s.model.combining = false;
  const auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::non_combining);
  EXPECT_EQ(w.round, 1);  // round 0 carries one packet per transmission
  EXPECT_EQ(w.node, 0);
  EXPECT_EQ(w.arc->to, 2);
  EXPECT_EQ(w.packets, (std::vector<Packet>{{0, 0}, {1, 0}}));
}

TEST(RoutedCheck, MutantTwoPacketsOnOneArc) {
  auto s = binomial_oab(3);
  s.rounds[2].push_back({1, {2}, {{0, 0}}});  // 1 -> 5 twice in round 2
  const auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::arc_exclusivity);
  EXPECT_EQ(w.round, 2);
  EXPECT_EQ(w.arc->from, 1);
  EXPECT_EQ(w.arc->to, 5);
  EXPECT_EQ(w.arc->direction, 2);
  EXPECT_EQ(w.packets.size(), 2U);
  EXPECT_NE(w.message.find("1 -> 5 (direction \"2\")"), std::string::npos) << w.message;
}

TEST(RoutedCheck, MutantPacketForwardedBeforeItArrived) {
  auto s = binomial_oab(3);
  s.rounds[1].push_back({3, {2}, {{0, 0}}});  // 3 receives only in round 1
  const auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::causality);
  EXPECT_EQ(w.round, 1);
  EXPECT_EQ(w.node, 3);
  EXPECT_EQ(w.packets, (std::vector<Packet>{{0, 0}}));
}

TEST(RoutedCheck, MutantPortOverItsLimit) {
  auto s = binomial_oab(3);
  s.model.ports = 1;
  s.rounds[2].push_back({0, {0}, {{0, 0}}});  // node 0 sends twice in round 2 (to 4 and to 1)
  const auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::port_limit);
  EXPECT_EQ(w.round, 2);
  EXPECT_EQ(w.node, 0);
  EXPECT_EQ(w.detail, 0);  // sending
  s.model.ports = 2;
  EXPECT_FALSE(check(s).fast.witness.has_value());
}

TEST(RoutedCheck, ReceivePortOverItsLimit) {
  RoutedSchedule s;
  s.network = {NetworkKind::hypercube, {2}};
  s.collective = Collective::aab;
  s.model.ports = 1;
  s.rounds = {{{1, {0}, {{1, 0}}}, {2, {1}, {{2, 0}}}}};  // both reach node 0
  const auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::port_limit);
  EXPECT_EQ(w.node, 0);
  EXPECT_EQ(w.detail, 1);
}

TEST(RoutedCheck, MutantMissingDelivery) {
  auto s = binomial_oab(3);
  s.rounds[2].erase(s.rounds[2].begin() + 2);  // 2 -> 6 dropped
  const auto w = broken(s, 3);
  EXPECT_EQ(w.property, RoutedProperty::completeness);
  EXPECT_EQ(w.node, 6);
  EXPECT_EQ(w.round, 3);
  EXPECT_EQ(w.packets, (std::vector<Packet>{{0, 0}}));
}

TEST(RoutedCheck, MutantWormholePathCrossingABusyLink) {
  RoutedSchedule s;
  s.network = {NetworkKind::torus, {4}};
  s.collective = Collective::aab;
  s.model = {cv::CommModel::kAllPorts, cv::Duplex::full, cv::Switching::wormhole, false};
  // 0 -> 1 -> 2 and 1 -> 2 -> 3 share arc 1 -> 2 ("+0").
  s.rounds = {{{0, {0, 0}, {{0, 0}}}, {1, {0, 0}, {{1, 0}}}}};
  const auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::arc_exclusivity);
  EXPECT_EQ(w.arc->from, 1);
  EXPECT_EQ(w.arc->to, 2);
  EXPECT_EQ(w.packets, (std::vector<Packet>{{0, 0}, {1, 0}}));
  // The opposite direction is free in full duplex, busy in half duplex.
  s.rounds = {{{0, {0, 0}, {{0, 0}}}, {2, {1}, {{2, 0}}}}};
  EXPECT_EQ(check(s).fast.witness->property, RoutedProperty::completeness);
  s.model.duplex = cv::Duplex::half;
  const auto h = broken(s);
  EXPECT_EQ(h.property, RoutedProperty::arc_exclusivity);
  EXPECT_TRUE(h.reverse);
  EXPECT_EQ(h.arc->from, 1);
  EXPECT_EQ(h.arc->to, 2);
  EXPECT_EQ(h.packets, (std::vector<Packet>{{0, 0}, {2, 0}}));
}

TEST(RoutedCheck, HalfDuplexBothDirectionsOfALink) {
  RoutedSchedule s;
  s.network = {NetworkKind::hypercube, {1}};
  s.collective = Collective::aab;
  s.model.duplex = cv::Duplex::half;
  s.rounds = {{{1, {0}, {{1, 0}}}, {0, {0}, {{0, 0}}}}};
  const auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::arc_exclusivity);
  EXPECT_EQ(w.round, 0);
  EXPECT_EQ(w.arc->from, 0);  // the arc with the smaller tail
  EXPECT_EQ(w.packets, (std::vector<Packet>{{0, 0}, {1, 0}}));
  s.model.duplex = cv::Duplex::full;
  EXPECT_FALSE(check(s).fast.witness.has_value());
  s.model.duplex = cv::Duplex::simplex;
  const auto x = broken(s);  // simplex: both ends send and receive
  EXPECT_EQ(x.property, RoutedProperty::simplex);
  EXPECT_EQ(x.node, 0);
}

TEST(RoutedCheck, TorusSideTwoHasTwoIndependentLinksInHalfDuplex) {
  RoutedSchedule s;
  s.network = {NetworkKind::torus, {2}};
  s.collective = Collective::aab;
  s.model.duplex = cv::Duplex::half;
  // 0 -> 1 on "+0" and 1 -> 0 on "+0": the two links of side 2.
  s.rounds = {{{0, {0}, {{0, 0}}}, {1, {0}, {{1, 0}}}}};
  EXPECT_FALSE(check(s).fast.witness.has_value());
  s.rounds = {{{0, {0}, {{0, 0}}}, {1, {1}, {{1, 0}}}}};  // 1 -> 0 on "-0": the same link
  EXPECT_EQ(broken(s).property, RoutedProperty::arc_exclusivity);
}

TEST(RoutedCheck, SimplexNodeSendsAndReceives) {
  RoutedSchedule s;
  s.network = {NetworkKind::hypercube, {2}};
  s.collective = Collective::aab;
  s.model.duplex = cv::Duplex::simplex;
  s.rounds = {{{0, {0}, {{0, 0}}}, {2, {1}, {{2, 0}}}}};  // 0 sends to 1 and receives from 2
  const auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::simplex);
  EXPECT_EQ(w.node, 0);
}

// Simplex channels (the lecture's model, seed 004): a link is a one-way channel. Using it one
// way in round 0 and the other way in round 1 passes in half duplex and is refused here, at the
// later use; both ways in one round name the arc with the smaller tail first.
TEST(RoutedCheck, SimplexChannelsCarryOneDirectionOnly) {
  RoutedSchedule s;
  s.network = {NetworkKind::hypercube, {1}};
  s.collective = Collective::aab;
  s.model.duplex = cv::Duplex::half;
  s.rounds = {{{0, {0}, {{0, 0}}}}, {{1, {0}, {{1, 0}}}}};
  EXPECT_FALSE(check(s).fast.witness.has_value());
  EXPECT_FALSE(check(s).slow.witness.has_value());
  s.model.duplex = cv::Duplex::simplex_channel;
  const auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::one_way_channel);
  EXPECT_EQ(w.round, 1);
  EXPECT_EQ(w.node, 1);
  EXPECT_EQ(w.arc->from, 1);
  EXPECT_EQ(w.arc->to, 0);
  EXPECT_EQ(w.packets, (std::vector<Packet>{{1, 0}}));
  // Both directions in one round: the arc 0 -> 1 is the smaller witness (whichever comes first).
  s.rounds = {{{1, {0}, {{1, 0}}}, {0, {0}, {{0, 0}}}}};
  const auto x = broken(s);
  EXPECT_EQ(x.property, RoutedProperty::one_way_channel);
  EXPECT_EQ(x.round, 0);
  EXPECT_EQ(x.arc->from, 0);
  EXPECT_EQ(x.packets, (std::vector<Packet>{{0, 0}}));
  s.rounds = {{{1, {0}, {{1, 0}}}}, {{1, {0}, {{1, 0}}}}, {{0, {0}, {{0, 0}}}}};
  const auto y = broken(s);  // the same direction twice is fine; the reverse in round 2 is not
  EXPECT_EQ(y.property, RoutedProperty::one_way_channel);
  EXPECT_EQ(y.round, 2);
  EXPECT_EQ(y.arc->from, 0);
  // A one-way ring: every link used in one direction only passes.
  RoutedSchedule ring;
  ring.network = {NetworkKind::torus, {4}};
  ring.collective = Collective::oab;
  ring.model.duplex = cv::Duplex::simplex_channel;
  ring.rounds = {{{0, {0}, {{0, 0}}}}, {{1, {0}, {{0, 0}}}}, {{2, {0}, {{0, 0}}}}};
  EXPECT_FALSE(check(ring).fast.witness.has_value());
  EXPECT_FALSE(check(ring).slow.witness.has_value());
}

// Intermediate reception (wormhole): a worm informs every node it passes. One worm 0 -> 1 -> 2 ->
// 3 broadcasts on the 4-node ring in one round with it, and leaves 1 and 2 uninformed without it.
TEST(RoutedCheck, IntermediateReceptionInformsTheNodesAWormPasses) {
  RoutedSchedule s;
  s.network = {NetworkKind::torus, {4}};
  s.collective = Collective::oab;
  s.model = {cv::CommModel::kAllPorts, cv::Duplex::full, cv::Switching::wormhole, false};
  s.rounds = {{{0, {0, 0, 0}, {{0, 0}}}}};
  const auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::completeness);
  EXPECT_EQ(w.node, 1);
  s.model.intermediate_reception = true;
  const Checked c = check(s, 1);
  EXPECT_FALSE(c.fast.witness.has_value());
  EXPECT_FALSE(c.slow.witness.has_value());
  // The nodes passed hold the packet from the next round on, like the last one.
  s.rounds.push_back({{2, {1}, {{0, 0}}}});
  EXPECT_FALSE(check(s).fast.witness.has_value());
  // Causality still holds: node 2 cannot forward in the worm's own round.
  s.rounds = {{{0, {0, 0}, {{0, 0}}}, {1, {1}, {{0, 0}}}}};
  EXPECT_EQ(broken(s).property, RoutedProperty::causality);
  // Store-and-forward has no intermediate nodes: refused as input.
  s.model.switching = cv::Switching::store_and_forward;
  const Network net = Network::from_spec(s.network);
  EXPECT_THROW(check_routed(net, s, {}), cv::InputError);
}

TEST(RoutedCheck, HopNotInTheNetwork) {
  RoutedSchedule s;
  s.network = {NetworkKind::mesh, {3}};
  s.collective = Collective::oab;
  s.rounds = {{{0, {1}, {{0, 0}}}}};  // "-0" at the border
  const auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::hop_exists);
  EXPECT_EQ(w.arc->from, 0);
  EXPECT_EQ(w.arc->to, -1);
  EXPECT_NE(w.message.find("(0, \"-0\") which does not exist"), std::string::npos) << w.message;
  s.rounds = {{{0, {7}, {{0, 0}}}}};
  EXPECT_EQ(broken(s).property, RoutedProperty::hop_exists);
}

TEST(RoutedCheck, RouteShapeAndPacketsOfTheCollective) {
  auto s = binomial_oab(2);
  s.rounds[0][0].hops = {0, 1};  // two hops in store-and-forward
  auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::route_length);
  EXPECT_EQ(w.detail, 2);
  s = binomial_oab(2);
  s.rounds[0][0].from = 4;
  EXPECT_EQ(broken(s).property, RoutedProperty::node_in_network);
  s = binomial_oab(2);
  s.rounds[0][0].packets = {};
  EXPECT_EQ(broken(s).property, RoutedProperty::empty_transmission);
  s = binomial_oab(2);
  s.rounds[0][0].packets = {{0, 1}};  // pieces = 1
  w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::packet_in_collective);
  EXPECT_EQ(w.packets, (std::vector<Packet>{{0, 1}}));
}

TEST(RoutedCheck, FirstRoundWinsAndWithinARoundTheSmallestNode) {
  auto s = binomial_oab(3);
  s.rounds[2].push_back({7, {0}, {{0, 0}}});  // causality at node 7, round 2
  s.rounds[2].push_back({2, {2}, {{0, 0}}});  // arc collision 2 -> 6, round 2
  s.rounds[1].push_back({6, {0}, {{0, 0}}});  // causality at node 6, round 1: the first round
  auto w = broken(s);
  EXPECT_EQ(w.round, 1);
  EXPECT_EQ(w.node, 6);
  s.rounds[1].pop_back();
  w = broken(s);
  EXPECT_EQ(w.round, 2);
  EXPECT_EQ(w.node, 2);  // 2 < 7, whatever the stream order
  EXPECT_EQ(w.property, RoutedProperty::arc_exclusivity);
}

TEST(RoutedCheck, ScatterCompletenessNamesTheDestination) {
  RoutedSchedule s;
  s.network = {NetworkKind::hypercube, {1}};
  s.collective = Collective::oas;
  s.rounds = {{{0, {0}, {{0, 1}}}}};
  EXPECT_FALSE(check(s).fast.witness.has_value());
  s.rounds = {{{0, {0}, {{0, 0}}}}};  // the root's own packet sent instead
  const auto w = broken(s);
  EXPECT_EQ(w.property, RoutedProperty::completeness);
  EXPECT_EQ(w.node, 1);
  EXPECT_EQ(w.packets, (std::vector<Packet>{{0, 1}}));
  s.collective = Collective::aas;
  s.rounds = {{{0, {0}, {{0, 1}}}}};
  const auto a = broken(s);
  EXPECT_EQ(a.node, 0);
  EXPECT_EQ(a.packets, (std::vector<Packet>{{1, 0}}));
}

TEST(RoutedCheck, FewerRoundsThanTheBoundIsAViolation) {
  const auto s = binomial_oab(3);
  const auto w = broken(s, 4);
  EXPECT_EQ(w.property, RoutedProperty::lower_bound);
  EXPECT_EQ(w.round, 3);
  EXPECT_EQ(w.detail, 4);
}

TEST(RoutedCheck, StreamingStopsCheckingAfterTheFirstBrokenRound) {
  const Network net = Network::hypercube(2);
  RoutedChecker c(net, RoutedHeader{});
  const Direction dim0[] = {0};
  const Packet foreign[] = {{3, 0}};
  c.begin_round(0);
  c.send(0, dim0, foreign);
  c.end_round();
  c.begin_round(1);
  c.send(9, dim0, foreign);
  c.end_round();
  const auto r = c.finish();
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->property, RoutedProperty::packet_in_collective);
  EXPECT_EQ(r.rounds, 2);
  EXPECT_EQ(r.transmissions, 2);
}

TEST(RoutedCheck, BadHeadersAreInputErrors) {
  const Network net = Network::hypercube(2);
  RoutedHeader h;
  h.root = 4;
  EXPECT_THROW(RoutedChecker(net, h), cv::InputError);
  h.root = 0;
  h.pieces = 0;
  EXPECT_THROW(RoutedChecker(net, h), cv::InputError);
  h.pieces = 2;
  h.collective = Collective::oas;
  EXPECT_THROW(RoutedChecker(net, h), cv::InputError);
}

TEST(NetworkBounds, SlideFiveEqualsTheGenericBoundOnTheHypercube) {
  for (int d = 1; d <= 8; ++d) {
    const Network net = Network::hypercube(d);
    for (const Collective c : {Collective::oab, Collective::aab, Collective::oas, Collective::aas}) {
      RoutedHeader h;
      h.collective = c;
      EXPECT_EQ(routed_lower_bound(net, h), hypercube_bound(c, d).rounds)
          << "d = " << d << " " << to_string(c);
    }
  }
  EXPECT_EQ(hypercube_bound(Collective::aab, 5).rounds, 7);         // ceil(31 / 5)
  EXPECT_EQ(hypercube_bound(Collective::aas, 5).rounds, 16);        // 2^(d-1)
  EXPECT_EQ(hypercube_bound(Collective::oas, 3).transmissions, 12);  // 1*3 + 2*3 + 3*1
  EXPECT_EQ(hypercube_bound(Collective::aab, 3).transmissions, 56);  // 8 * 7
  EXPECT_EQ(hypercube_bound(Collective::aas, 3).transmissions, 96);  // 8 * 12
}

TEST(NetworkBounds, GenericBoundHoldsForSchedulesThatPass) {
  // The binomial broadcast meets the bound; the combining exchange needs only d rounds, which the
  // bound allows (combining drops the port count).
  const auto s = binomial_oab(4);
  const Network net = Network::from_spec(s.network);
  EXPECT_EQ(routed_lower_bound(net, header_of(s)), 4);
  const auto e = exchange_aab(4);
  EXPECT_LE(routed_lower_bound(net, header_of(e)), 4);
  RoutedHeader one_port;
  one_port.model.ports = 1;
  one_port.collective = Collective::aab;
  EXPECT_EQ(routed_lower_bound(net, one_port), 15);  // 15 packets, one a round
}

// The fast checker's one-byte arc stamps start over every 127 rounds: a pipelined broadcast of
// 400 pieces over the one link of the 1-cube (piece r from 0 to 1 in round r) uses the same arc
// in every round, so a stamp left over from 127 or 254 rounds before must not read as "used in
// this round"; a second transmission on the arc is found in any round, before and after the
// stamps start over, with both packets.
TEST(RoutedCheck, ArcStampsStartOverWithoutFalseCollisions) {
  RoutedSchedule s;
  s.network = {NetworkKind::hypercube, {1}};
  s.collective = Collective::oab;
  s.pieces = 400;
  for (std::int64_t r = 0; r < 400; ++r) s.rounds.push_back({{0, {0}, {{0, r}}}});
  const Checked c = check(s);
  EXPECT_FALSE(c.fast.witness.has_value()) << c.fast.witness->message;
  EXPECT_FALSE(c.slow.witness.has_value());
  EXPECT_EQ(c.fast.rounds, 400);
  for (const std::int64_t r : {1, 126, 127, 128, 129, 254, 255, 256, 381, 399}) {
    auto m = s;
    m.rounds[static_cast<std::size_t>(r)].push_back({0, {0}, {{0, r - 1}}});
    const auto w = broken(m);
    EXPECT_EQ(w.property, RoutedProperty::arc_exclusivity) << "round " << r;
    EXPECT_EQ(w.round, r);
    EXPECT_EQ(w.packets, (std::vector<Packet>{{0, r}, {0, r - 1}})) << "round " << r;
  }
}
