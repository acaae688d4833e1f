// The structural hypercube checks (checkers/hypercube) against the simulation twin
// (tests/reference/hypercube/sim_twin.hpp): both accept the constructions for d = 1..8 and both
// reject every mutant of generators/hypercube_mutants with the mutant's witness. Small
// hand-made inputs cover the properties no mutant reaches.
#include <gtest/gtest.h>

#include "checkers/hypercube/schedule_audits.hpp"
#include "checkers/hypercube/tree_checks.hpp"
#include "generators/hypercube_mutants.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/aas.hpp"
#include "reference/hypercube/hypercube_common.hpp"
#include "reference/hypercube/oab.hpp"
#include "reference/hypercube/oas.hpp"
#include "tests/reference/hypercube/sim_twin.hpp"

namespace hc = collverify::hypercube;
namespace hk = collverify::hypercube_check;
namespace tw = collverify::hypercube_twin;
namespace net = collverify::network;

namespace {

std::string text(const hk::HypercubeVerdict& v) {
  return v ? v->property + ": " + v->message : "ok";
}

}  // namespace

TEST(HypercubeChecks, AabStarAndSimulationAgreeOnConstructionsAndMutants) {
  for (int d = 1; d <= 8; ++d) {
    SCOPED_TRACE("d = " + std::to_string(d));
    const auto tree = hc::aab_generic_tree(d);
    EXPECT_FALSE(hk::check_aab_generic_tree(tree).has_value());
    EXPECT_TRUE(tw::simulate_twin(hc::aab_schedule_of_tree(tree), hc::aab_round_bound(d)).ok);

    const auto clash = hc::mutate_star_clash(tree);
    // d <= 3: no edge can move to an earlier round of its dimension with its parent served
    // (d = 3: 011 -> 111 would join round 1, where 011 itself arrives).
    ASSERT_EQ(clash.has_value(), d >= 4);
    if (clash) {
      const auto v = hk::check_aab_generic_tree(clash->value);
      ASSERT_TRUE(v.has_value());
      EXPECT_EQ(v->property, "star_dimension_clash") << text(v);
      EXPECT_EQ(v->round, clash->witness.round);
      EXPECT_EQ(v->dimension, clash->witness.dimension);
      EXPECT_EQ(v->node, clash->witness.node);
      const auto t = tw::simulate_twin(hc::aab_schedule_of_tree(clash->value));
      EXPECT_EQ(t.property, "arc_conflict");
      EXPECT_EQ(t.round, clash->witness.round);
      EXPECT_EQ(t.dimension, clash->witness.dimension);
    }
    const auto twice = hc::mutate_attached_twice(tree);
    ASSERT_EQ(twice.has_value(), d >= 2);
    if (twice) {
      const auto v = hk::check_aab_generic_tree(twice->value);
      ASSERT_TRUE(v.has_value());
      EXPECT_EQ(v->property, "attached_twice") << text(v);
      EXPECT_EQ(v->round, twice->witness.round);
      EXPECT_EQ(v->node, twice->witness.node);
      const auto t = tw::simulate_twin(hc::aab_schedule_of_tree(twice->value));
      EXPECT_EQ(t.property, "duplicate_delivery");
      EXPECT_EQ(t.round, twice->witness.round);
      // The twin names a translated node: back in the tree of 0 it is the witness.
      EXPECT_EQ(t.node ^ t.packet.origin, twice->witness.node);
    }
  }
}

TEST(HypercubeChecks, OasBalanceOrderAndSimulationAgreeOnConstructionsAndMutants) {
  for (int d = 1; d <= 8; ++d) {
    SCOPED_TRACE("d = " + std::to_string(d));
    const auto tree = hc::oas_tree(d);
    EXPECT_FALSE(hk::check_oas_tree(d, tree.parent).has_value());
    const auto s = hc::oas_schedule_of_tree(tree, 0);
    EXPECT_TRUE(tw::simulate_twin(s, hc::oas_round_bound(d)).ok);
    hk::FarthestFirstAudit ok(d, 0);
    EXPECT_FALSE(hk::audit(s, ok).has_value());

    const auto unbalanced = hc::mutate_unbalanced_subtree(d, tree.parent);
    ASSERT_EQ(unbalanced.has_value(), d >= 3);
    if (unbalanced) {
      const auto v = hk::check_oas_tree(d, unbalanced->value);
      ASSERT_TRUE(v.has_value());
      EXPECT_EQ(v->property, "unbalanced_subtree") << text(v);
      EXPECT_EQ(v->node, unbalanced->witness.node);
      EXPECT_EQ(v->dimension, unbalanced->witness.dimension);
      const auto ms = hc::oas_schedule_of_tree(hc::oas_tree_from_parents(d, unbalanced->value), 0);
      const auto t = tw::simulate_twin(ms, hc::oas_round_bound(d));
      EXPECT_EQ(t.property, "rounds_above_bound");
      EXPECT_EQ(t.round, hc::oas_round_bound(d) + 1);
      hk::FarthestFirstAudit a(d, 0);
      const auto av = hk::audit(ms, a);
      ASSERT_TRUE(av.has_value());
      EXPECT_EQ(av->property, "rounds_not_at_bound");
    }
    const auto shallow = hc::mutate_shallow_first(tree.order);
    ASSERT_EQ(shallow.has_value(), d >= 2);
    if (shallow) {
      auto mt = tree;
      mt.order = shallow->value;
      const auto ms = hc::oas_schedule_of_tree(mt, 0);
      hk::FarthestFirstAudit a(d, 0);
      const auto v = hk::audit(ms, a);
      ASSERT_TRUE(v.has_value());
      EXPECT_EQ(v->property, "farthest_first") << text(v);
      EXPECT_EQ(v->round, shallow->witness.round);
      EXPECT_EQ(v->node, 0);
      EXPECT_EQ(v->dimension, shallow->witness.dimension);
      const auto t = tw::simulate_twin(ms, hc::oas_round_bound(d));
      EXPECT_EQ(t.property, "rounds_above_bound");
    }
  }
}

TEST(HypercubeChecks, AasAuditAndSimulationAgreeOnConstructionsAndMutants) {
  for (int d = 1; d <= 7; ++d) {
    SCOPED_TRACE("d = " + std::to_string(d));
    const auto s = hc::aas_schedule(hc::AasVariant::optimal, d);
    hk::AasOptimalAudit ok(d);
    EXPECT_FALSE(hk::audit(s, ok).has_value());
    EXPECT_TRUE(tw::simulate_twin(s, hc::aas_round_bound(d)).ok);

    const auto early = hc::mutate_forwarded_early(s);
    ASSERT_EQ(early.has_value(), d >= 2);
    if (early) {
      hk::AasOptimalAudit a(d);
      const auto v = hk::audit(early->value, a);
      ASSERT_TRUE(v.has_value());
      EXPECT_EQ(v->property, "queue_order") << text(v);
      EXPECT_EQ(v->round, early->witness.round);
      EXPECT_EQ(v->node, early->witness.node);
      EXPECT_EQ(v->dimension, early->witness.dimension);
      const auto t = tw::simulate_twin(early->value);
      EXPECT_EQ(t.property, "not_held");
      EXPECT_EQ(t.round, early->witness.round);
      EXPECT_EQ(t.node, early->witness.node);
      EXPECT_EQ(t.dimension, early->witness.dimension);
    }
    const auto two = hc::mutate_two_on_one_arc(s);
    ASSERT_TRUE(two.has_value());
    hk::AasOptimalAudit a(d);
    const auto v = hk::audit(two->value, a);
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(v->property, "arc_shared") << text(v);
    EXPECT_EQ(v->round, two->witness.round);
    EXPECT_EQ(v->node, two->witness.node);
    EXPECT_EQ(v->dimension, two->witness.dimension);
    const auto t = tw::simulate_twin(two->value);
    EXPECT_EQ(t.property, "arc_conflict");
    EXPECT_EQ(t.round, two->witness.round);
    EXPECT_EQ(t.node, two->witness.node);
    EXPECT_EQ(t.dimension, two->witness.dimension);
  }
}

TEST(HypercubeChecks, OabAuditAndSimulationAgreeOnMutants) {
  for (int d = 1; d <= 8; ++d) {
    SCOPED_TRACE("d = " + std::to_string(d));
    const std::int64_t root = (std::int64_t{1} << d) - 1;
    const auto s = hc::oab_schedule(d, root);
    const auto dropped = hc::mutate_dropped_last(s);
    ASSERT_TRUE(dropped.has_value());
    hk::BinomialAudit a(d, root);
    const auto v = hk::audit(dropped->value, a);
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(v->property, "binomial_count") << text(v);
    EXPECT_EQ(v->round, dropped->witness.round);
    const auto t = tw::simulate_twin(dropped->value);
    EXPECT_EQ(t.property, "missing");
    EXPECT_EQ(t.node, dropped->witness.node);

    const auto early = hc::mutate_early_sender(s);
    ASSERT_EQ(early.has_value(), d >= 2);
    if (early) {
      hk::BinomialAudit b(d, root);
      const auto w = hk::audit(early->value, b);
      ASSERT_TRUE(w.has_value());
      EXPECT_EQ(w->property, "binomial_tree") << text(w);
      EXPECT_EQ(w->round, 0);
      EXPECT_EQ(w->node, early->witness.node);
      const auto u = tw::simulate_twin(early->value);
      EXPECT_EQ(u.property, "not_held");
      EXPECT_EQ(u.round, 0);
      EXPECT_EQ(u.node, early->witness.node);
    }
  }
}

// Properties no mutant above reaches, on hand-made d = 2 and d = 3 inputs.
TEST(HypercubeChecks, GenericTreeRejectsEachBrokenShape) {
  using E = hc::TreeEdge;
  const hc::GenericTree good{2, 2, {E{0, 1, 0, 0}, E{0, 2, 1, 0}, E{1, 3, 1, 1}}, "hand"};
  EXPECT_FALSE(hk::check_aab_generic_tree(good).has_value());
  auto bad = good;
  bad.edges[2] = E{1, 2, 1, 1};
  EXPECT_EQ(hk::check_aab_generic_tree(bad)->property, "not_a_link");
  bad = good;
  bad.edges[2] = E{2, 0, 1, 1};
  EXPECT_EQ(hk::check_aab_generic_tree(bad)->property, "root_attached");
  bad = good;
  bad.edges[2].round = 2;
  EXPECT_EQ(hk::check_aab_generic_tree(bad)->property, "round_out_of_range");
  bad = good;
  bad.edges.pop_back();
  EXPECT_EQ(hk::check_aab_generic_tree(bad)->property, "not_spanned");
  EXPECT_EQ(hk::check_aab_generic_tree(bad)->node, 3);
  bad = good;
  bad.edges[0].round = 1;  // 1 receives in round 1 and sends in round 1
  bad.edges[2] = E{1, 3, 1, 1};
  const auto v = hk::check_aab_generic_tree(bad);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->property, "parent_not_served");
  EXPECT_EQ(v->node, 3);
  bad = good;
  bad.rounds = 3;
  EXPECT_EQ(hk::check_aab_generic_tree(bad)->property, "rounds_not_at_bound");
}

TEST(HypercubeChecks, OasTreeRejectsNonShortestParents) {
  // d = 2: 3's parent must be 1 or 2.
  EXPECT_FALSE(hk::check_oas_tree(2, std::vector<std::int64_t>{-1, 0, 0, 1}).has_value());
  EXPECT_EQ(hk::check_oas_tree(2, std::vector<std::int64_t>{-1, 0, 3, 1})->property,
            "not_a_shortest_path_link");
  EXPECT_EQ(hk::check_oas_tree(2, std::vector<std::int64_t>{0, 0, 0, 1})->property,
            "not_rooted_at_zero");
}

TEST(HypercubeChecks, AasAuditRejectsWrongDimensionOrderAndOwnOrder) {
  // d = 2: packet (0, 3) must cross dimension 1 first.
  net::RoutedSchedule s = hc::aas_schedule(hc::AasVariant::optimal, 2);
  for (auto& x : s.rounds[0]) {
    if (x.from == 0 && x.hops[0] == 0) x.packets = {net::Packet{0, 3}};
  }
  hk::AasOptimalAudit a(2);
  const auto v = hk::audit(s, a);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->property, "dimension_order");
  EXPECT_EQ(v->node, 0);
  // d = 2: node 0's own packets on dimension 1 are (0,3) then (0,2); swapping them puts the
  // packet for the neighbour 2 first.
  net::RoutedSchedule o = hc::aas_schedule(hc::AasVariant::optimal, 2);
  for (auto& r : o.rounds) {
    for (auto& x : r) {
      if (x.from == 0 && x.hops[0] == 1) x.packets[0].piece ^= 1;
    }
  }
  hk::AasOptimalAudit b(2);
  const auto w = hk::audit(o, b);
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->property, "own_order");
  EXPECT_EQ(w->round, 0);
  // The twin finds the consequence one round later: node 2 forwards (0, 3) in round 1, the
  // round in which it now arrives.
  const auto t = tw::simulate_twin(o);
  EXPECT_EQ(t.property, "not_held");
  EXPECT_EQ(t.round, 1);
  EXPECT_EQ(t.node, 2);
}

// Every single-edge move of the generic tree for d <= 5: (*) plus parents-first and the
// simulation of all translations agree on accept/reject and on the first round.
TEST(HypercubeChecks, EveryMovedAabEdgeIsJudgedAlikeByStarAndSimulation) {
  std::int64_t rejected = 0;
  for (int d = 2; d <= 5; ++d) {
    const auto base = hc::aab_generic_tree(d);
    for (std::size_t i = 0; i < base.edges.size(); ++i) {
      for (std::int64_t r = 0; r < base.rounds; ++r) {
        auto t = base;
        t.edges[i].round = r;
        const auto s = hk::check_aab_generic_tree(t);
        const auto w = tw::simulate_twin(hc::aab_schedule_of_tree(t), t.rounds);
        ASSERT_EQ(s.has_value(), !w.ok) << "d " << d << " edge " << i << " round " << r;
        if (s) {
          ++rejected;
          EXPECT_EQ(s->round, w.round);
          EXPECT_EQ(s->property == "star_dimension_clash", w.property == "arc_conflict");
        }
      }
    }
  }
  EXPECT_GT(rejected, 100);
}
