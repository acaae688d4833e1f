// The four hypercube algorithms of seed 004 (reference/hypercube) judged by the simulation
// twin (tests/reference/hypercube/sim_twin.hpp) and by the structural checks
// (checkers/hypercube) on d = 1..8: both accept, rounds and transmissions meet slide 5.
#include <gtest/gtest.h>

#include "checkers/hypercube/schedule_audits.hpp"
#include "checkers/hypercube/tree_checks.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/aas.hpp"
#include "reference/hypercube/hypercube_common.hpp"
#include "reference/hypercube/oab.hpp"
#include "reference/hypercube/oas.hpp"
#include "tests/reference/hypercube/sim_twin.hpp"

namespace hc = collverify::hypercube;
namespace hk = collverify::hypercube_check;
namespace tw = collverify::hypercube_twin;

namespace {

std::string describe(const tw::TwinVerdict& v) {
  return v.ok
             ? "ok"
             : v.property + " round " + std::to_string(v.round) + " node " + std::to_string(v.node);
}

std::string describe(const hk::HypercubeVerdict& v) {
  return v ? v->property + ": " + v->message : "ok";
}

}  // namespace

TEST(HypercubeAlgorithms, OabMeetsTheBoundInBothModels) {
  for (int d = 1; d <= 8; ++d) {
    for (const auto model :
         {hc::OabModel::all_port_full_duplex, hc::OabModel::one_port_half_duplex}) {
      for (const std::int64_t root :
           {std::int64_t{0}, (std::int64_t{1} << d) - 1, std::int64_t{1} << (d / 2)}) {
        if (root >= (std::int64_t{1} << d)) continue;
        const auto s = hc::oab_schedule(d, root, model);
        const auto v = tw::simulate_twin(s, hc::oab_round_bound(d));
        ASSERT_TRUE(v.ok) << "d=" << d << " " << describe(v);
        EXPECT_EQ(v.transmissions, hc::oab_transmission_bound(d));
        EXPECT_EQ(static_cast<std::int64_t>(s.rounds.size()), d);
        hk::BinomialAudit a(d, root);
        EXPECT_FALSE(hk::audit(s, a).has_value()) << describe(hk::audit(s, a));
      }
    }
    EXPECT_EQ(hc::oab_schedule(d, 0, hc::OabModel::one_port_half_duplex).model.ports, 1);
  }
}

TEST(HypercubeAlgorithms, AabMeetsTheBoundAndStarHolds) {
  for (int d = 1; d <= 8; ++d) {
    const auto tree = hc::aab_generic_tree(d);
    EXPECT_EQ(tree.source, "construction");
    EXPECT_FALSE(hk::check_aab_generic_tree(tree).has_value())
        << "d=" << d << " " << describe(hk::check_aab_generic_tree(tree));
    const auto s = hc::aab_schedule(d);
    const auto v = tw::simulate_twin(s, hc::aab_round_bound(d));
    ASSERT_TRUE(v.ok) << "d=" << d << " " << describe(v);
    EXPECT_EQ(static_cast<std::int64_t>(s.rounds.size()), hc::aab_round_bound(d));
    EXPECT_EQ(v.transmissions, hc::aab_transmission_bound(d));
  }
}

TEST(HypercubeAlgorithms, OasIsBalancedFarthestFirstAndMeetsTheBound) {
  for (int d = 1; d <= 8; ++d) {
    const auto tree = hc::oas_tree(d);
    EXPECT_FALSE(hk::check_oas_tree(d, tree.parent).has_value())
        << "d=" << d << " " << describe(hk::check_oas_tree(d, tree.parent));
    for (const std::int64_t root : {std::int64_t{0}, (std::int64_t{1} << d) - 1}) {
      const auto s = hc::oas_schedule(d, root);
      const auto v = tw::simulate_twin(s, hc::oas_round_bound(d));
      ASSERT_TRUE(v.ok) << "d=" << d << " " << describe(v);
      EXPECT_EQ(static_cast<std::int64_t>(s.rounds.size()), hc::oas_round_bound(d));
      EXPECT_EQ(v.transmissions, hc::oas_transmission_bound(d));
      hk::FarthestFirstAudit a(d, root);
      EXPECT_FALSE(hk::audit(s, a).has_value()) << describe(hk::audit(s, a));
    }
  }
}

TEST(HypercubeAlgorithms, AasOptimalMeetsTheBoundWithEveryLinkBusy) {
  for (int d = 1; d <= 7; ++d) {
    const auto s = hc::aas_schedule(hc::AasVariant::optimal, d);
    const auto v = tw::simulate_twin(s, hc::aas_round_bound(d));
    ASSERT_TRUE(v.ok) << "d=" << d << " " << describe(v);
    EXPECT_EQ(static_cast<std::int64_t>(s.rounds.size()), hc::aas_round_bound(d));
    EXPECT_EQ(v.transmissions, hc::aas_transmission_bound(d));
    hk::AasOptimalAudit a(d);
    EXPECT_FALSE(hk::audit(s, a).has_value()) << "d=" << d << " " << describe(hk::audit(s, a));
  }
}

TEST(HypercubeAlgorithms, AasThreePhaseIsCorrectButNotOptimal) {
  for (int d = 1; d <= 7; ++d) {
    const auto s = hc::aas_schedule(hc::AasVariant::three_phase, d);
    const auto v = tw::simulate_twin(s);
    ASSERT_TRUE(v.ok) << "d=" << d << " " << describe(v);
    EXPECT_EQ(static_cast<std::int64_t>(s.rounds.size()), d * (std::int64_t{1} << (d - 1)));
    EXPECT_EQ(v.transmissions, hc::aas_transmission_bound(d));
    hk::AasOptimalAudit a(d);
    const auto verdict = hk::audit(s, a);
    if (d == 1) {
      EXPECT_FALSE(verdict.has_value());  // one dimension: the two variants coincide
    } else {
      ASSERT_TRUE(verdict.has_value()) << "d=" << d;
      // Round 0 is Phase I all the way down: only dimension 0 carries packets.
      EXPECT_EQ(verdict->property, "link_idle");
      EXPECT_EQ(verdict->round, 0);
      EXPECT_EQ(verdict->node, 0);
      EXPECT_EQ(verdict->dimension, 1);
    }
  }
}
