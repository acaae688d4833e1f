// Random networks and random transmissions (random walks along existing arcs, sometimes a random
// direction that may not exist): the fast congestion count and its std::map twin agree on the
// congestion, every round's value, the witness and the defect; the congestion is at least the
// largest number of transmissions leaving one node over one direction in a round (a direct
// count), and at most the hops of the round.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>

#include "checkers/network/congestion.hpp"

namespace collverify::network {
namespace {

// Two or more nodes: a draw of one node (a 1 x 1 crossbar, sides all 1: about 12 % of the cases at
// RapidCheck's small sizes, where every hop is a defect) is lifted, one side drawn again from 2
// up, rather than discarded or drawn again (which can loop for ever at size 0). One node is
// judged in one_node_test.cpp.
Network random_network() {
  const int kind = *rc::gen::inRange(0, 4);
  if (kind == 0) return Network::hypercube(*rc::gen::inRange<std::int64_t>(1, 4));
  if (kind == 1) {
    auto b = *rc::gen::inRange<std::int64_t>(1, 4);
    const auto a = *rc::gen::inRange<std::int64_t>(1, 4);
    const auto channels = *rc::gen::inRange<std::int64_t>(1, std::min<std::int64_t>(b, 2) + 1);
    if (a * b < 2) b = *rc::gen::inRange<std::int64_t>(2, 4);
    return Network::hierarchical_crossbar(a, b, channels);
  }
  std::vector<std::int64_t> sides;
  for (int i = *rc::gen::inRange(1, 3); i > 0; --i) sides.push_back(*rc::gen::inRange<std::int64_t>(1, 5));
  if (std::all_of(sides.begin(), sides.end(), [](std::int64_t x) { return x == 1; })) {
    sides[*rc::gen::inRange<std::size_t>(0, sides.size())] = *rc::gen::inRange<std::int64_t>(2, 5);
  }
  return kind == 2 ? Network::mesh(sides) : Network::torus(sides);
}

RC_GTEST_PROP(CongestionProperty, TwinsAgree, ()) {
  const Network net = random_network();
  RoutedSchedule s;
  s.network = net.spec();
  const bool garbage = *rc::gen::inRange(0, 5) == 0;
  for (int t = *rc::gen::inRange(1, 4); t > 0; --t) {
    Round round;
    for (int k = *rc::gen::inRange(0, 6); k > 0; --k) {
      Transmission x;
      x.from = *rc::gen::inRange<std::int64_t>(0, net.nodes());
      x.packets = {Packet{0, 0}};
      std::int64_t at = x.from;
      for (int h = *rc::gen::inRange(1, 5); h > 0; --h) {
        std::vector<Direction> exits;
        for (Direction d = 0; d < net.width(); ++d)
          if (net.target(at, d)) exits.push_back(d);
        if (garbage || exits.empty()) {
          x.hops.push_back(*rc::gen::inRange<Direction>(0, net.width() + 1));
          break;
        }
        const Direction d = *rc::gen::elementOf(exits);
        x.hops.push_back(d);
        at = *net.target(at, d);
      }
      round.push_back(std::move(x));
    }
    s.rounds.push_back(std::move(round));
  }
  for (const CongestionUnit unit : {CongestionUnit::arc, CongestionUnit::link}) {
    const CongestionResult a = edge_congestion(net, s, unit);
    const CongestionResult b = edge_congestion_slow(net, s, unit);
    RC_ASSERT(a.defect == b.defect);
    RC_ASSERT(a.congestion == b.congestion);
    RC_ASSERT(a.per_round == b.per_round);
    RC_ASSERT(a.witness.has_value() == b.witness.has_value());
    if (a.witness) RC_ASSERT(a.witness->message == b.witness->message);
    if (a.defect) continue;
    for (std::size_t t = 0; t < s.rounds.size(); ++t) {
      std::map<std::pair<std::int64_t, Direction>, std::int64_t> first_hops;
      std::int64_t most = 0;
      for (const auto& x : s.rounds[t]) most = std::max(most, ++first_hops[{x.from, x.hops[0]}]);
      RC_ASSERT(a.per_round[t] >= most);
      std::int64_t hops = 0;
      for (const auto& x : s.rounds[t]) hops += static_cast<std::int64_t>(x.hops.size());
      RC_ASSERT(a.per_round[t] <= hops);
    }
  }
}

}  // namespace
}  // namespace collverify::network
