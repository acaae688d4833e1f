// checkers/network/wormhole_check: the header's example, every mutant of
// generators/torus_mutants rejected with its witness on tiling and diagonal broadcasts, and the
// routed checker's wormhole mode agreeing where it has the property (shared link: arc
// exclusivity; uninformed sender: causality) and, by design, not seeing a node informed twice.
#include <gtest/gtest.h>

#include "checkers/network/routed_check.hpp"
#include "checkers/network/wormhole_check.hpp"
#include "generators/torus_mutants.hpp"
#include "model/error.hpp"
#include "reference/torus/wormhole_broadcast.hpp"

namespace collverify::network {
namespace {

RoutedSchedule header_5x5() {
  RoutedSchedule s;
  s.network = {NetworkKind::torus, {5, 5}};
  s.model = CommModel{CommModel::kAllPorts, Duplex::full, Switching::wormhole, false};
  s.collective = Collective::oab;
  return s;
}

TEST(WormholeCheck, TheExampleOfTheHeader) {
  RoutedSchedule s = header_5x5();
  s.rounds = {{{0, {0}, {{0, 0}}}, {0, {0, 2}, {{0, 0}}}}};
  const Network n = Network::from_spec(s.network);
  const auto r = check_wormhole_broadcast(n, s);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->property, "link_disjoint");
  EXPECT_EQ(r.witness->round, 0);
  EXPECT_EQ(r.witness->worm, 1);
  EXPECT_EQ(r.witness->other_worm, 0);
  ASSERT_TRUE(r.witness->arc);
  EXPECT_EQ(r.witness->arc->from, 0);
  EXPECT_EQ(r.witness->arc->to, 1);
  EXPECT_NE(r.witness->message.find("\"+0\""), std::string::npos) << r.witness->message;
}

TEST(WormholeCheck, OneHopStarIsCompleteOnlyWithEveryNode) {
  RoutedSchedule s = header_5x5();
  s.rounds = {{{0, {0}, {{0, 0}}}, {0, {1}, {{0, 0}}}, {0, {2}, {{0, 0}}}, {0, {3}, {{0, 0}}}}};
  const Network n = Network::from_spec(s.network);
  const auto r = check_wormhole_broadcast(n, s);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->property, "completeness");
  EXPECT_EQ(r.witness->node, 2);  // (2,0) is two hops away
  EXPECT_EQ(r.informed, 5);
  EXPECT_EQ(r.lower_bound, 2);
}

TEST(WormholeCheck, ARouteThatCrossesAnArcTwice) {
  RoutedSchedule s = header_5x5();
  s.rounds = {{{0, {0, 0, 0, 0, 0, 0}, {{0, 0}}}}};
  const Network n = Network::from_spec(s.network);
  const auto r = check_wormhole_broadcast(n, s);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->property, "arc_reused_in_path");
}

void expect_mutants(const RoutedSchedule& s) {
  const Network n = Network::from_spec(s.network);
  ASSERT_FALSE(check_wormhole_broadcast(n, s).witness);
  const auto mutants = torus_mutants::wormhole_mutants(n, s);
  ASSERT_EQ(mutants.size(), 3u);
  for (const auto& m : mutants) {
    const auto r = check_wormhole_broadcast(n, m.value);
    ASSERT_TRUE(r.witness) << m.name << " passed";
    EXPECT_EQ(r.witness->property, m.witness.property) << m.name << ": " << r.witness->message;
    EXPECT_EQ(r.witness->round, m.witness.round) << m.name;
    EXPECT_EQ(r.witness->worm, m.witness.worm) << m.name;
    EXPECT_EQ(r.witness->node, m.witness.node) << m.name;
    const auto routed = check_routed(n, m.value);
    if (m.name == "informed_twice") {
      // The routed checker allows a redundant delivery: this property is the wormhole checker's.
      EXPECT_FALSE(routed.witness) << routed.witness->message;
    } else {
      ASSERT_TRUE(routed.witness) << m.name << " passed the routed checker";
      EXPECT_EQ(routed.witness->round, m.witness.round) << m.name;
      EXPECT_EQ(to_string(routed.witness->property),
                std::string(m.name == "shared_link" ? "arc_exclusivity" : "causality"))
          << m.name << ": " << routed.witness->message;
    }
  }
}

TEST(WormholeCheck, MutantsOfTheTilingAreRejected) {
  for (int k = 1; k <= 2; ++k) expect_mutants(torus::recursive_tiling(k));
}

TEST(WormholeCheck, MutantsOfTheDiagonalAreRejected) {
  expect_mutants(torus::dilated_diagonal(7, 7));
  expect_mutants(torus::dilated_diagonal(6, 12, 13));
  expect_mutants(torus::dilated_diagonal(7, 11));
  expect_mutants(torus::dilated_diagonal(13, 4, 5));
}

TEST(WormholeCheck, RefusesOtherCollectives) {
  RoutedSchedule s = header_5x5();
  s.collective = Collective::aab;
  EXPECT_THROW(check_wormhole_broadcast(Network::from_spec(s.network), s), InputError);
  s = header_5x5();
  s.model.switching = Switching::store_and_forward;
  EXPECT_THROW(check_wormhole_broadcast(Network::from_spec(s.network), s), InputError);
}

}  // namespace
}  // namespace collverify::network
