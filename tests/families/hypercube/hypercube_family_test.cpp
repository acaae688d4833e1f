// The hypercube family (families/hypercube/hypercube_family.hpp): every algorithm passes d = 1..8 with its
// rounds at the slide-5 bound; every hypercube mutant (generators/hypercube_mutants.hpp) is
// rejected by the structural check AND by the routed checker, the two agree, and the routed
// witness names the mutant's round and arc; a disagreement is reported; bad d is refused.
#include <gtest/gtest.h>

#include <string>

#include "tests/families/common/size_tables.hpp"
#include "families/hypercube/hypercube_family.hpp"
#include "engine/run_range.hpp"
#include "generators/hypercube_mutants.hpp"
#include "model/error.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/aas.hpp"
#include "reference/hypercube/oab.hpp"
#include "reference/hypercube/oas.hpp"

namespace collverify::engine {
namespace {

namespace hc = hypercube;
namespace net = network;
using net::RoutedProperty;

std::string text(const HypercubeJudgement& j) {
  std::string s = std::string(to_string(j.algo)) + " d=" + std::to_string(j.d) + " structural: " +
                  (j.structural ? j.structural->property + " " + j.structural->message : "ok");
  s += "; simulation: " + (j.simulation.witness ? j.simulation.witness->message : "ok") +
       " rounds " + std::to_string(j.simulation.rounds) + " bound " + std::to_string(j.lower_bound);
  return s;
}

bool has(const std::vector<Violation>& v, const std::string& property) {
  for (const auto& x : v) {
    if (x.property == property) return true;
  }
  return false;
}

TEST(HypercubeFamily, EveryAlgorithmPassesAtTheBoundForD1To8) {
  const HypercubeFamily family({});
  for (int d = 1; d <= 8; ++d) {
    const Outcome o = family.check(d, {});
    EXPECT_EQ(o.status, Status::pass) << "d=" << d << " "
                                      << (o.violations.empty() ? "" : o.violations[0].message);
    ASSERT_EQ(o.instance_results.size(), 6u) << d;
    for (const InstanceResult& r : o.instance_results) {
      const auto algo = static_cast<HypercubeAlgo>(r.n);
      EXPECT_EQ(r.lower_bound, hypercube_round_bound(algo, d));
      if (algo == HypercubeAlgo::aas_3phase) {
        EXPECT_EQ(r.rounds, d * (std::int64_t{1} << (d - 1))) << d;  // d times the bound
      } else {
        EXPECT_EQ(r.rounds, r.lower_bound) << to_string(algo) << " d=" << d;
      }
    }
  }
}

TEST(HypercubeFamily, BoundsAreTheSlideFiveOnes) {
  EXPECT_EQ(hypercube_round_bound(HypercubeAlgo::oab, 5), 5);
  EXPECT_EQ(hypercube_round_bound(HypercubeAlgo::aab, 5), 7);   // ceil(31 / 5)
  EXPECT_EQ(hypercube_round_bound(HypercubeAlgo::oas, 6), 11);  // ceil(63 / 6)
  EXPECT_EQ(hypercube_round_bound(HypercubeAlgo::aas, 6), 32);
  EXPECT_EQ(hypercube_round_bound(HypercubeAlgo::aas_3phase, 6), 32);
}

TEST(HypercubeFamily, RunRangeKeepsRoundsBesideBoundsAndThePictures) {
  const HypercubeFamily family({});
  RunOptions o;
  o.jobs = 2;
  o.p_text = "1..6";
  const RangeResult r = run_range(family, {1, 2, 3, 4, 5, 6}, o);
  EXPECT_EQ(r.summary.passed, 6);
  EXPECT_EQ(r.summary.coverage.instances, 36);
  // The per-size table (rounds / bound per algorithm, by d).
  EXPECT_TRUE(test_families::has_row(
      r.summary, {"6", "6/6", "6/6", "11/11", "11/11", "32/32", "192/32"}))
      << test_families::tables_text(r.summary);
  // The pictures of d = 5 (the largest readable size), drawn by the family.
  ASSERT_EQ(r.summary.pictures_svg.size(), 2u);
  EXPECT_EQ(r.summary.pictures_svg[0].file, "aab_tree.svg");
  EXPECT_EQ(r.summary.pictures_svg[0].title, "AAB generic tree by round, d = 5");
  EXPECT_EQ(r.summary.pictures_svg[1].file, "oas_tree.svg");
  EXPECT_EQ(r.summary.pictures_svg[1].title, "OAS tree, d = 5");
  EXPECT_TRUE(r.summary.pictures_svg[1].svg.starts_with("<svg"));
}

TEST(HypercubeFamily, AabMutantsAreRejectedByBothWithTheMutantsRoundAndArc) {
  for (int d = 2; d <= 8; ++d) {
    const auto tree = hc::aab_generic_tree(d);
    if (const auto m = hc::mutate_star_clash(tree)) {
      const auto j = judge_aab_tree(m->value);
      ASSERT_TRUE(j.structural) << text(j);
      EXPECT_EQ(j.structural->property, "star_dimension_clash") << text(j);
      ASSERT_TRUE(j.simulation.witness) << text(j);
      const auto& w = *j.simulation.witness;
      EXPECT_EQ(w.property, RoutedProperty::arc_exclusivity) << text(j);
      EXPECT_EQ(w.round, m->witness.round) << text(j);
      ASSERT_TRUE(w.arc.has_value());
      EXPECT_EQ(w.arc->direction, m->witness.dimension) << text(j);
      EXPECT_TRUE(j.agree()) << text(j);
      EXPECT_TRUE(has(hypercube_violations(j), "arc_exclusivity"));
      EXPECT_FALSE(has(hypercube_violations(j), "structural_vs_simulation"));
    } else if (d >= 4) {  // d = 2, 3: every round already uses every dimension it can
      ADD_FAILURE() << "no star_clash mutant at d = " << d;
    }
    if (const auto m = hc::mutate_attached_twice(tree)) {
      const auto j = judge_aab_tree(m->value);
      ASSERT_TRUE(j.structural) << text(j);
      EXPECT_EQ(j.structural->property, "attached_twice") << text(j);
      ASSERT_TRUE(j.simulation.witness) << text(j);
      EXPECT_EQ(j.simulation.witness->property, RoutedProperty::completeness) << text(j);
      EXPECT_TRUE(j.agree()) << text(j);
    }
  }
}

TEST(HypercubeFamily, OasMutantsAreRejectedByBoth) {
  for (int d = 3; d <= 8; ++d) {
    const auto tree = hc::oas_tree(d);
    if (const auto m = hc::mutate_unbalanced_subtree(d, tree.parent)) {
      const auto j = judge_oas_tree(hc::oas_tree_from_parents(d, m->value));
      ASSERT_TRUE(j.structural) << text(j);
      EXPECT_EQ(j.structural->property, "unbalanced_subtree") << text(j);
      // The schedule stays valid but the overfull root link needs more rounds than the bound.
      EXPECT_FALSE(j.simulation.witness) << text(j);
      EXPECT_GT(j.simulation.rounds, j.lower_bound) << text(j);
      EXPECT_FALSE(j.simulation_ok());
      EXPECT_TRUE(j.agree()) << text(j);
      EXPECT_TRUE(has(hypercube_violations(j), "rounds_above_bound"));
    } else {
      ADD_FAILURE() << "no unbalanced_subtree mutant at d = " << d;
    }
    if (const auto m = hc::mutate_shallow_first(tree.order)) {
      hc::OasTree t = tree;
      t.order = m->value;
      const auto j = judge_oas_tree(t);
      ASSERT_TRUE(j.structural) << text(j);
      EXPECT_EQ(j.structural->property, "farthest_first") << text(j);
      EXPECT_EQ(j.structural->round, m->witness.round) << text(j);
      EXPECT_GT(j.simulation.rounds, j.lower_bound) << text(j);
      EXPECT_TRUE(j.agree()) << text(j);
    } else {
      ADD_FAILURE() << "no shallow_first mutant at d = " << d;
    }
  }
}

TEST(HypercubeFamily, AasMutantsAreRejectedByBothWithTheMutantsRoundAndArc) {
  for (int d = 2; d <= 6; ++d) {
    const auto s = hc::aas_schedule(hc::AasVariant::optimal, d);
    if (const auto m = hc::mutate_forwarded_early(s)) {
      const auto j = judge_hypercube_schedule(HypercubeAlgo::aas, m->value);
      ASSERT_TRUE(j.structural) << text(j);
      ASSERT_TRUE(j.simulation.witness) << text(j);
      EXPECT_EQ(j.simulation.witness->property, RoutedProperty::causality) << text(j);
      EXPECT_EQ(j.simulation.witness->round, m->witness.round) << text(j);
      EXPECT_EQ(j.simulation.witness->node, m->witness.node) << text(j);
      EXPECT_TRUE(j.agree()) << text(j);
    } else {
      ADD_FAILURE() << "no forwarded_early mutant at d = " << d;
    }
    const auto m = hc::mutate_two_on_one_arc(s);
    ASSERT_TRUE(m.has_value());
    const auto j = judge_hypercube_schedule(HypercubeAlgo::aas, m->value);
    ASSERT_TRUE(j.structural) << text(j);
    EXPECT_EQ(j.structural->property, "arc_shared") << text(j);
    ASSERT_TRUE(j.simulation.witness) << text(j);
    const auto& w = *j.simulation.witness;
    EXPECT_EQ(w.property, RoutedProperty::arc_exclusivity) << text(j);
    EXPECT_EQ(w.round, m->witness.round) << text(j);
    ASSERT_TRUE(w.arc.has_value());
    EXPECT_EQ(w.arc->from, m->witness.node) << text(j);
    EXPECT_EQ(w.arc->direction, m->witness.dimension) << text(j);
    EXPECT_TRUE(j.agree()) << text(j);
  }
}

TEST(HypercubeFamily, OabMutantsAreRejectedByBothInBothModels) {
  for (HypercubeAlgo algo : {HypercubeAlgo::oab, HypercubeAlgo::oab_1port}) {
    for (int d = 2; d <= 8; ++d) {
      const auto s = hc::oab_schedule(d, 0);
      const auto dropped = hc::mutate_dropped_last(s);
      ASSERT_TRUE(dropped.has_value());
      const auto j = judge_hypercube_schedule(algo, dropped->value);
      ASSERT_TRUE(j.structural) << text(j);
      EXPECT_EQ(j.structural->property, "binomial_count") << text(j);
      ASSERT_TRUE(j.simulation.witness) << text(j);
      EXPECT_EQ(j.simulation.witness->property, RoutedProperty::completeness) << text(j);
      EXPECT_EQ(j.simulation.witness->node, dropped->witness.node) << text(j);
      EXPECT_TRUE(j.agree()) << text(j);

      const auto early = hc::mutate_early_sender(s);
      ASSERT_TRUE(early.has_value());
      const auto k = judge_hypercube_schedule(algo, early->value);
      ASSERT_TRUE(k.structural) << text(k);
      ASSERT_TRUE(k.simulation.witness) << text(k);
      EXPECT_EQ(k.simulation.witness->round, 0) << text(k);
      EXPECT_EQ(k.simulation.witness->property, RoutedProperty::causality) << text(k);
      EXPECT_EQ(k.simulation.witness->node, early->witness.node) << text(k);
      EXPECT_TRUE(k.agree()) << text(k);
    }
  }
}

TEST(HypercubeFamily, TheThreePhaseTotalExchangeIsValidButNotOptimal) {
  for (int d = 2; d <= 6; ++d) {
    const auto j = judge_hypercube(HypercubeAlgo::aas_3phase, d);
    EXPECT_FALSE(j.simulation.witness) << text(j);
    EXPECT_EQ(j.simulation.rounds, d * j.lower_bound) << text(j);
    ASSERT_TRUE(j.structural) << text(j);  // the AAS audit sees idle links
    EXPECT_TRUE(j.agree()) << text(j);
    EXPECT_TRUE(hypercube_violations(j).empty()) << text(j);
  }
}

TEST(HypercubeFamily, ADisagreementIsAViolation) {
  HypercubeJudgement j = judge_hypercube(HypercubeAlgo::aab, 4);
  ASSERT_TRUE(j.agree());
  // The structural rules accept but the simulation has a witness: reported as such.
  j.simulation.witness = net::RoutedWitness{};
  j.simulation.witness->property = RoutedProperty::causality;
  j.simulation.witness->round = 2;
  j.simulation.witness->message = "invented";
  EXPECT_FALSE(j.agree());
  EXPECT_TRUE(has(hypercube_violations(j), "structural_vs_simulation"));
  // And the other way round.
  HypercubeJudgement k = judge_hypercube(HypercubeAlgo::oas, 4);
  k.structural = hypercube_check::HypercubeViolation{"farthest_first", 1, 0, -1, 0, "invented"};
  EXPECT_FALSE(k.agree());
  EXPECT_TRUE(has(hypercube_violations(k), "structural_vs_simulation"));
}

TEST(HypercubeFamily, RefusesBadDimensionsWithTheValueNamed) {
  const HypercubeFamily family({});
  for (std::int64_t d : {0, 17, 40}) {
    try {
      family.accept(d);
      ADD_FAILURE() << "accepted d = " << d;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("--d " + std::to_string(d)), std::string::npos)
          << e.what();
    }
  }
  EXPECT_NO_THROW(family.accept(16));
  // AAS above the limit: skipped unless named, then refused.
  EXPECT_EQ(family.algos_for(kAasMaxDimension + 1).size(), 4u);
  EXPECT_EQ(family.algos_for(kAasMaxDimension).size(), 6u);
  EXPECT_NE(family.coverage().parameters.find("up to d = " + std::to_string(kAasMaxDimension)),
            std::string::npos);
  const HypercubeFamily aas({HypercubeAlgo::aas}, true);
  EXPECT_NO_THROW(aas.accept(kAasMaxDimension));
  EXPECT_THROW(aas.accept(kAasMaxDimension + 1), InputError);
  EXPECT_THROW((void)parse_hypercube_algo("aasx"), InputError);
}

TEST(HypercubeFamily, BytesCoverTheHoldings) {
  const HypercubeFamily family({HypercubeAlgo::aab});
  // AAB at d = 16: holdings 2^16 x 2^16 bits = 512 MiB, plus the network.
  EXPECT_GE(family.bytes(16, 1), std::int64_t{1} << 29);
  EXPECT_LT(family.bytes(16, 1), std::int64_t{3} << 30);
  const HypercubeFamily all({});
  // AAS at d = 10: N^3 bits = 128 MiB.
  EXPECT_GE(all.bytes(10, 1), std::int64_t{1} << 27);
}

}  // namespace
}  // namespace collverify::engine
