// Random small networks of two or more nodes (hypercube d <= 4, tori and meshes of small sides,
// fully connected; a one-node draw is lifted, see routed_random.hpp, and one node is judged in
// one_node_test.cpp) and random routed schedules: valid ones built by greedy forwarding pass and need at least the
// generic lower bound; on them, their mutants and random garbage the fast checker and its slow
// twin give the same verdict, property and witness. The fast checker is fed twice: one send()
// per transmission (check_routed) and in batches of one-hop transmissions (send_hops, batches
// of random length, cut by any other transmission). Larger networks (65..169 nodes: several
// holdings tiles of 64 nodes, the last one short) are run the same way with shorter schedules.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <set>

#include "checkers/network/network_bounds.hpp"
#include "checkers/network/routed_check.hpp"
#include "routed_random.hpp"

namespace collverify::network {
namespace {

using namespace test;  // NOLINT: the shared generators

// The fast checker fed through send_hops: consecutive one-hop one-packet transmissions in batches
// of at most `most`, every other transmission by send().
RoutedResult check_batched(const Network& net, const RoutedSchedule& s, RoutedCheckOptions o,
                           std::size_t most) {
  RoutedChecker checker(net, header_of(s), o);
  std::vector<SingleHop> batch;
  const auto flush = [&] {
    if (!batch.empty()) checker.send_hops(batch);
    batch.clear();
  };
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    checker.begin_round(static_cast<std::int64_t>(t));
    for (const Transmission& x : s.rounds[t]) {
      if (x.hops.size() == 1 && x.packets.size() == 1) {
        batch.push_back({x.from, x.hops[0], x.packets[0]});
        if (batch.size() >= most) flush();
      } else {
        flush();
        checker.send(x.from, x.hops, x.packets);
      }
    }
    flush();
    checker.end_round();
  }
  return checker.finish();
}

void assert_same(const RoutedResult& fast, const RoutedResult& slow) {
  RC_ASSERT(fast.witness.has_value() == slow.witness.has_value());
  RC_ASSERT(fast.rounds == slow.rounds);
  RC_ASSERT(fast.transmissions == slow.transmissions);
  RC_ASSERT(fast.deliveries == slow.deliveries);
  if (!fast.witness) return;
  RC_TAG(to_string(fast.witness->property));
  RC_ASSERT(std::string(to_string(fast.witness->property)) ==
            std::string(to_string(slow.witness->property)));
  RC_ASSERT(fast.witness->round == slow.witness->round);
  RC_ASSERT(fast.witness->node == slow.witness->node);
  RC_ASSERT(fast.witness->detail == slow.witness->detail);
  RC_ASSERT(fast.witness->packets == slow.witness->packets);
  RC_ASSERT(fast.witness->message == slow.witness->message);
}

void assert_twins_agree(const Network& net, const RoutedSchedule& s, std::int64_t bound) {
  const auto slow = check_routed_slow(net, s, {bound});
  assert_same(check_routed(net, s, {bound}), slow);
  assert_same(check_batched(net, s, {bound}, *rc::gen::inRange<std::size_t>(1, 40)), slow);
}

}  // namespace

RC_GTEST_PROP(RoutedCheckProperty, GreedyForwardingPassesAndMeetsTheBound, ()) {
  const Network net = Network::from_spec(random_spec_of_two_or_more());
  const RoutedHeader h = random_header(net, true);
  RoutedSchedule s = with_header(net, h);
  const bool complete = greedy(net, h, s);
  RC_TAG(complete ? "complete" : "incomplete");
  const std::int64_t bound = routed_lower_bound(net, h);
  const auto r = check_routed(net, s, {bound});
  if (complete) {
    RC_ASSERT(!r.witness.has_value());
    RC_ASSERT(r.rounds >= bound);
  } else {
    RC_ASSERT(r.witness.has_value());
    RC_ASSERT(r.witness->property == RoutedProperty::completeness);
  }
  assert_twins_agree(net, s, bound);
}

RC_GTEST_PROP(RoutedCheckProperty, TwinsAgreeOnMutantsOfValidSchedules, ()) {
  const Network net = Network::from_spec(random_spec_of_two_or_more());
  const RoutedHeader h = random_header(net, true);
  RoutedSchedule s = with_header(net, h);
  greedy(net, h, s);
  const auto mutations = *rc::gen::inRange(1, 4);
  for (int k = 0; k < mutations; ++k) mutate(net, s);
  // Judge the same rounds in other models too: wormhole, combining.
  const RoutedHeader other = random_header(net, false);
  if (*rc::gen::arbitrary<bool>()) {
    s.model = other.model;
  }
  assert_twins_agree(net, s, routed_lower_bound(net, header_of(s)));
}

RC_GTEST_PROP(RoutedCheckProperty, TwinsAgreeOnGarbage, ()) {
  const Network net = Network::from_spec(random_spec_of_two_or_more());
  const RoutedHeader h = random_header(net, false);
  RoutedSchedule s = with_header(net, h);
  garbage(net, s);
  assert_twins_agree(net, s, *rc::gen::inRange<std::int64_t>(0, 4));
}

// Several tiles of 64 nodes, the last one short: greedy schedules cut after a few rounds (so
// mostly incomplete), their mutants and garbage.
RC_GTEST_PROP(RoutedCheckProperty, TwinsAgreeOnLargeNetworks, ()) {
  const Network net = Network::from_spec(random_large_spec());
  RoutedHeader h = random_header(net, true);
  h.pieces = 1;
  RoutedSchedule s = with_header(net, h);
  if (*rc::gen::inRange(0, 4) == 0) {
    garbage(net, s);
  } else {
    greedy(net, h, s, *rc::gen::inRange<std::int64_t>(1, 4));
    const auto mutations = *rc::gen::inRange(0, 3);
    for (int k = 0; k < mutations; ++k) mutate(net, s);
  }
  RC_TAG(net.nodes() % 64 == 0 ? "full tiles" : "short last tile");
  assert_twins_agree(net, s, routed_lower_bound(net, header_of(s)));
}

}  // namespace collverify::network
