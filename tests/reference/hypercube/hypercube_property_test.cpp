// RapidCheck: for random d <= 9 and a random root, the translated one-to-all schedules (OAB in
// both port models, OAS) pass the simulation twin and the structural audits at their bounds,
// and a randomly moved AAB edge is judged alike by (*) and by simulation.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "checkers/hypercube/schedule_audits.hpp"
#include "checkers/hypercube/tree_checks.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/hypercube_common.hpp"
#include "reference/hypercube/oab.hpp"
#include "reference/hypercube/oas.hpp"
#include "tests/reference/hypercube/sim_twin.hpp"

namespace hc = collverify::hypercube;
namespace hk = collverify::hypercube_check;
namespace tw = collverify::hypercube_twin;

RC_GTEST_PROP(HypercubeProperty, OneToAllTranslationsMeetTheBounds, ()) {
  const int d = *rc::gen::inRange(1, 10);
  const std::int64_t root = *rc::gen::inRange<std::int64_t>(0, std::int64_t{1} << d);
  const bool one_port = *rc::gen::arbitrary<bool>();
  const auto oab = hc::oab_schedule(
      d, root, one_port ? hc::OabModel::one_port_half_duplex : hc::OabModel::all_port_full_duplex);
  const auto v = tw::simulate_twin(oab, d);
  RC_ASSERT(v.ok);
  RC_ASSERT(v.transmissions == hc::oab_transmission_bound(d));
  hk::BinomialAudit ba(d, root);
  RC_ASSERT(!hk::audit(oab, ba).has_value());

  const auto oas = hc::oas_schedule(d, root);
  const auto w = tw::simulate_twin(oas, hc::oas_round_bound(d));
  RC_ASSERT(w.ok);
  RC_ASSERT(static_cast<std::int64_t>(oas.rounds.size()) == hc::oas_round_bound(d));
  hk::FarthestFirstAudit fa(d, root);
  RC_ASSERT(!hk::audit(oas, fa).has_value());
}

// A random edge of the generic tree moved to a random round: the structural check (property
// (*) and parents first) and the simulation of all 2^d translations agree on accept/reject,
// and on the round of the first violation.
RC_GTEST_PROP(HypercubeProperty, AabStructuralAndSimulationAgreeOnMovedEdges, ()) {
  const int d = *rc::gen::inRange(2, 7);
  auto tree = hc::aab_generic_tree(d);
  const auto i = *rc::gen::inRange<std::size_t>(0, tree.edges.size());
  tree.edges[i].round = *rc::gen::inRange<std::int64_t>(0, tree.rounds);
  const auto structural = hk::check_aab_generic_tree(tree);
  const auto twin = tw::simulate_twin(hc::aab_schedule_of_tree(tree), tree.rounds);
  RC_ASSERT(structural.has_value() == !twin.ok);
  if (structural) {
    RC_ASSERT(structural->round == twin.round);
    RC_ASSERT((structural->property == "star_dimension_clash") ==
              (twin.property == "arc_conflict"));
  }
}
