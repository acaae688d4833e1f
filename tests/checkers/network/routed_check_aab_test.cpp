// The routed checker's batched path (RoutedSink::send_hops) on the stream it was made for: the
// 2^d translations of an AAB generic tree in lock step (reference/hypercube/aab.hpp, which sends
// them in batches). On the construction's trees and on random mutants of them (an edge moved to
// another round, turned to another dimension, doubled or dropped; the named mutants of
// generators/hypercube_mutants.hpp) the batched fast checker, the fast checker fed one send() at
// a time and the slow twin give the same result, witness and message; d = 7 spans two holdings
// tiles of 64 nodes.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "checkers/network/network_bounds.hpp"
#include "checkers/network/routed_check.hpp"
#include "generators/hypercube_mutants.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/hypercube_common.hpp"

namespace collverify::network {
namespace {

namespace hc = hypercube;

struct Three {
  RoutedResult batched, one_by_one, slow;
};

Three judge_three(const hc::GenericTree& tree) {
  const Network cube = Network::hypercube(tree.d);
  const RoutedSchedule s = hc::aab_schedule_of_tree(tree);
  const RoutedCheckOptions o{hypercube_bound(Collective::aab, tree.d).rounds};
  RoutedChecker checker(cube, header_of(s), o);
  hc::stream_aab_tree(tree, checker);
  return {checker.finish(), check_routed(cube, s, o), check_routed_slow(cube, s, o)};
}

std::string text(const RoutedResult& r) {
  return r.witness ? r.witness->message : std::string("no witness");
}

// Every field the reports use; gtest form for the unit tests.
void expect_same(const RoutedResult& a, const RoutedResult& b) {
  EXPECT_EQ(a.rounds, b.rounds);
  EXPECT_EQ(a.transmissions, b.transmissions);
  EXPECT_EQ(a.deliveries, b.deliveries);
  ASSERT_EQ(a.witness.has_value(), b.witness.has_value()) << text(a) << " / " << text(b);
  if (!a.witness) return;
  EXPECT_EQ(a.witness->property, b.witness->property);
  EXPECT_EQ(a.witness->round, b.witness->round);
  EXPECT_EQ(a.witness->node, b.witness->node);
  EXPECT_EQ(a.witness->detail, b.witness->detail);
  EXPECT_EQ(a.witness->packets, b.witness->packets);
  EXPECT_EQ(a.witness->message, b.witness->message);
}

void rc_same(const RoutedResult& a, const RoutedResult& b) {
  RC_ASSERT(a.rounds == b.rounds);
  RC_ASSERT(a.transmissions == b.transmissions);
  RC_ASSERT(a.deliveries == b.deliveries);
  RC_ASSERT(a.witness.has_value() == b.witness.has_value());
  if (!a.witness) return;
  RC_ASSERT(a.witness->property == b.witness->property);
  RC_ASSERT(a.witness->round == b.witness->round);
  RC_ASSERT(a.witness->node == b.witness->node);
  RC_ASSERT(a.witness->detail == b.witness->detail);
  RC_ASSERT(a.witness->packets == b.witness->packets);
  RC_ASSERT(a.witness->message == b.witness->message);
}

TEST(RoutedCheckAab, TheConstructionPassesAllThreeWaysForD1To7) {
  for (int d = 1; d <= 7; ++d) {
    const auto r = judge_three(hc::aab_generic_tree(d));
    EXPECT_FALSE(r.batched.witness.has_value()) << "d = " << d << ": " << text(r.batched);
    EXPECT_EQ(r.batched.deliveries, (std::int64_t{1} << d) * ((std::int64_t{1} << d) - 1));
    expect_same(r.batched, r.slow);
    expect_same(r.one_by_one, r.slow);
  }
}

TEST(RoutedCheckAab, NamedMutantsGiveTheSameWitnessAllThreeWays) {
  int seen = 0;
  for (int d = 2; d <= 7; ++d) {
    const auto tree = hc::aab_generic_tree(d);
    for (const auto& m : {hc::mutate_star_clash(tree), hc::mutate_attached_twice(tree)}) {
      if (!m) continue;
      ++seen;
      const auto r = judge_three(m->value);
      ASSERT_TRUE(r.batched.witness.has_value()) << "d = " << d << " " << m->value.source;
      expect_same(r.batched, r.slow);
      expect_same(r.one_by_one, r.slow);
    }
  }
  EXPECT_GE(seen, 6);
}

RC_GTEST_PROP(RoutedCheckAab, RandomTreeMutantsGiveTheSameWitnessAllThreeWays, ()) {
  const int d = *rc::gen::inRange(1, 8);
  hc::GenericTree tree = hc::aab_generic_tree(d);
  const auto mutations = *rc::gen::inRange(1, 4);
  for (int k = 0; k < mutations && !tree.edges.empty(); ++k) {
    const auto e = *rc::gen::inRange<std::size_t>(0, tree.edges.size());
    switch (*rc::gen::inRange(0, 4)) {
      case 0: tree.edges[e].round = *rc::gen::inRange<std::int64_t>(0, tree.rounds); break;
      case 1: tree.edges[e].dimension = *rc::gen::inRange(0, d); break;
      case 2: tree.edges.push_back(tree.edges[e]); break;
      default: tree.edges.erase(tree.edges.begin() + static_cast<std::ptrdiff_t>(e)); break;
    }
  }
  const auto r = judge_three(tree);
  RC_TAG(r.batched.witness ? to_string(r.batched.witness->property) : "valid");
  rc_same(r.batched, r.slow);
  rc_same(r.one_by_one, r.slow);
}

}  // namespace
}  // namespace collverify::network
