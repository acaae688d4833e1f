// The split routed checker (checkers/network/routed_split.hpp) against the whole one: random
// small networks and routed schedules of the collectives split by origin (aab, aas, reduce),
// valid (greedy), mutated and garbage, in every model. Each round's transmissions are handed to
// the part of their packets (a transmission whose packets lie in two parts is left out, one with
// no packet of the collective goes to a random part) and ordered part by part; the split check
// with 1, 2 and 3 parts (split_origins) and with random cuts gives check_routed's result on the
// same stream, witness included, and check_routed agrees with its slow twin on it.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "checkers/network/routed_split.hpp"
#include "routed_random.hpp"

namespace collverify::network {
namespace {

using namespace test;  // NOLINT: the shared generators

// The part of each packet the collective has, -1 for the others.
std::int64_t part_of(const RoutedHeader& h, std::int64_t n, const std::vector<std::int64_t>& bounds,
                     const Packet& p) {
  if (packet_index(h, n, p) < 0) return -1;
  return std::upper_bound(bounds.begin(), bounds.end(), p.origin) - bounds.begin() - 1;
}

// `s` with each round ordered part by part (a stable sort), transmissions spanning parts dropped.
RoutedSchedule ordered_by_part(const Network& net, const RoutedSchedule& s,
                               const std::vector<std::int64_t>& bounds) {
  const RoutedHeader h = header_of(s);
  RoutedSchedule out = s;
  for (Round& round : out.rounds) {
    std::vector<std::pair<std::int64_t, Transmission>> keyed;
    for (const Transmission& x : round) {
      std::int64_t part = -1;
      bool spans = false;
      for (const Packet& p : x.packets) {
        const std::int64_t k = part_of(h, net.nodes(), bounds, p);
        if (k < 0) continue;
        spans = spans || (part >= 0 && k != part);
        part = k;
      }
      if (spans) continue;
      if (part < 0) {
        part = *rc::gen::inRange<std::int64_t>(0, static_cast<std::int64_t>(bounds.size()) - 1);
      }
      keyed.emplace_back(part, x);
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    round.clear();
    for (auto& [k, x] : keyed) round.push_back(std::move(x));
  }
  return out;
}

void assert_same(const RoutedResult& split, const RoutedResult& whole) {
  RC_ASSERT(split.witness.has_value() == whole.witness.has_value());
  RC_ASSERT(split.rounds == whole.rounds);
  RC_ASSERT(split.transmissions == whole.transmissions);
  RC_ASSERT(split.deliveries == whole.deliveries);
  if (!whole.witness) return;
  RC_TAG(to_string(whole.witness->property));
  RC_ASSERT(split.witness->property == whole.witness->property);
  RC_ASSERT(split.witness->round == whole.witness->round);
  RC_ASSERT(split.witness->node == whole.witness->node);
  RC_ASSERT(split.witness->detail == whole.witness->detail);
  RC_ASSERT(split.witness->reverse == whole.witness->reverse);
  RC_ASSERT(split.witness->packets == whole.witness->packets);
  RC_ASSERT(split.witness->message == whole.witness->message);
}

// Random strictly ascending cuts 0 < ... < N.
std::vector<std::int64_t> random_bounds(std::int64_t n) {
  std::vector<std::int64_t> bounds{0};
  for (std::int64_t o = 1; o < n; ++o) {
    if (*rc::gen::inRange(0, 3) == 0) bounds.push_back(o);
  }
  bounds.push_back(n);
  return bounds;
}

void assert_split_agrees(const Network& net, const RoutedSchedule& s, std::int64_t bound) {
  const RoutedHeader h = header_of(s);
  std::vector<std::vector<std::int64_t>> splits;
  for (int jobs : {1, 2, 3}) splits.push_back(split_origins(net, h, jobs));
  splits.push_back(random_bounds(net.nodes()));
  for (const auto& bounds : splits) {
    RC_TAG(bounds.size() - 1 > 1 ? "several parts" : "one part");
    const RoutedSchedule ordered = ordered_by_part(net, s, bounds);
    const RoutedResult whole = check_routed(net, ordered, {bound});
    const RoutedResult slow = check_routed_slow(net, ordered, {bound});
    RC_ASSERT(whole.witness.has_value() == slow.witness.has_value());
    if (whole.witness) RC_ASSERT(whole.witness->message == slow.witness->message);
    assert_same(check_routed_split(net, ordered, {bound}, bounds), whole);
  }
}

// Random forwarding of held packets: each round every transmission sends, along a random arc, a
// packet its sender held at the start of the round (one in ten: any packet), so arcs, ports and
// links are shared by packets of different parts from round 1 on, with little else wrong.
void held_forwarding(const Network& net, RoutedSchedule& s) {
  const RoutedHeader h = header_of(s);
  const std::int64_t n = net.nodes();
  std::vector<std::vector<Packet>> holds(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < packet_count(h, n); ++i) {
    const Packet p = packet_of(h, n, i);
    holds[static_cast<std::size_t>(p.origin)].push_back(p);
  }
  const auto rounds = *rc::gen::inRange<std::size_t>(1, 5);
  for (std::size_t t = 0; t < rounds; ++t) {
    Round r;
    auto next = holds;
    const auto count = *rc::gen::inRange<std::int64_t>(0, 3 * n + 2);
    for (std::int64_t k = 0; k < count; ++k) {
      const auto u = *rc::gen::inRange<std::int64_t>(0, n);
      const auto& mine = holds[static_cast<std::size_t>(u)];
      const bool any = mine.empty() || *rc::gen::inRange(0, 10) == 0;
      const Packet p = any ? packet_of(h, n, *rc::gen::inRange<std::int64_t>(0, packet_count(h, n)))
                           : mine[*rc::gen::inRange<std::size_t>(0, mine.size())];
      const auto dir = *rc::gen::inRange<Direction>(0, std::max<Direction>(net.width(), 1));
      r.push_back({u, {dir}, {p}});
      if (const auto v = net.target(u, dir)) next[static_cast<std::size_t>(*v)].push_back(p);
    }
    holds = std::move(next);
    s.rounds.push_back(std::move(r));
  }
}

RoutedHeader split_header(const Network& net, bool simple_model) {
  RoutedHeader h = random_header(net, simple_model);
  h.collective = *rc::gen::element(Collective::aab, Collective::aas, Collective::reduce);
  if (h.collective == Collective::aas) h.pieces = 1;
  // The split check refuses the two models it does not judge (simplex channels, intermediate
  // reception); the single checker's property test covers them.
  if (h.model.duplex == Duplex::simplex_channel) h.model.duplex = Duplex::half;
  h.model.intermediate_reception = false;
  return h;
}

}  // namespace

// A random network of at least two nodes (one node has one part): random_spec_of_two_or_more
// (routed_random.hpp) lifts a one-node draw instead of discarding it.
namespace {
Network network_of_two_or_more() { return Network::from_spec(random_spec_of_two_or_more()); }
}  // namespace

RC_GTEST_PROP(RoutedSplitProperty, AgreesOnGreedySchedulesAndTheirMutants, ()) {
  const Network net = network_of_two_or_more();
  const RoutedHeader h = split_header(net, true);
  RoutedSchedule s = with_header(net, h);
  greedy(net, h, s);
  const auto mutations = *rc::gen::inRange(0, 4);
  for (int k = 0; k < mutations; ++k) mutate(net, s);
  if (*rc::gen::arbitrary<bool>()) s.model = split_header(net, false).model;
  assert_split_agrees(net, s, routed_lower_bound(net, header_of(s)));
}

RC_GTEST_PROP(RoutedSplitProperty, AgreesOnGarbage, ()) {
  const Network net = network_of_two_or_more();
  RoutedSchedule s = with_header(net, split_header(net, false));
  garbage(net, s);
  assert_split_agrees(net, s, *rc::gen::inRange<std::int64_t>(0, 4));
}

RC_GTEST_PROP(RoutedSplitProperty, AgreesOnRandomForwardingOfHeldPackets, ()) {
  const Network net = network_of_two_or_more();
  RoutedHeader h = split_header(net, true);
  h.model.switching = Switching::store_and_forward;
  RoutedSchedule s = with_header(net, h);
  held_forwarding(net, s);
  assert_split_agrees(net, s, *rc::gen::inRange<std::int64_t>(0, 4));
}

// 65..169 nodes: several holdings tiles (split_origins cuts whole tiles of 64 on the 7-cube).
RC_GTEST_PROP(RoutedSplitProperty, AgreesOnLargeNetworks, ()) {
  const Network net = Network::from_spec(random_large_spec());
  RoutedHeader h = split_header(net, true);
  h.pieces = 1;
  RoutedSchedule s = with_header(net, h);
  if (*rc::gen::inRange(0, 4) == 0) {
    garbage(net, s);
  } else {
    greedy(net, h, s, *rc::gen::inRange<std::int64_t>(1, 4));
    const auto mutations = *rc::gen::inRange(0, 3);
    for (int k = 0; k < mutations; ++k) mutate(net, s);
  }
  assert_split_agrees(net, s, routed_lower_bound(net, header_of(s)));
}

}  // namespace collverify::network
