// ESBT in the hypercube family (families/hypercube/hypercube_family.hpp, issue 23): Johnsson and
// Ho's broadcast passes for d = 1..10 and a spread of s, held to s + d rounds (d = 1: s) beside
// the 1-port bound s + d - 1, the structural audit and the simulation agreeing; the family with
// --algo esbt alone passes and keeps its rounds per d; mutants are rejected by the family (an
// extra round by both judges, a dropped transmission by the simulation with the disagreement
// named, a relabelled packet by both); esbt is not in the default list.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "families/hypercube/hypercube_family.hpp"
#include "reference/hypercube/esbt.hpp"

namespace collverify::engine {
namespace {

namespace net = network;

bool has(const std::vector<Violation>& v, const std::string& property) {
  return std::any_of(v.begin(), v.end(), [&](const Violation& x) { return x.property == property; });
}

TEST(EsbtFamily, PassesAtSPlusDBesideTheOnePortBound) {
  for (int d = 1; d <= 10; ++d) {
    for (std::int64_t s : {std::int64_t{0}, std::int64_t{1}, std::int64_t{d}, 2 * std::int64_t{d} + 1}) {
      const HypercubeJudgement j = judge_hypercube(HypercubeAlgo::esbt, d, 1, {}, s);
      const std::int64_t pieces = s > 0 ? s : 2 * d;
      EXPECT_EQ(j.pieces, pieces);
      EXPECT_FALSE(j.structural) << j.structural->message;
      EXPECT_FALSE(j.simulation.witness) << j.simulation.witness->message;
      EXPECT_EQ(j.lower_bound, pieces + d - 1);
      EXPECT_EQ(j.claim, d == 1 ? pieces : pieces + d);
      EXPECT_EQ(j.simulation.rounds, j.claim);
      EXPECT_TRUE(j.agree());
      EXPECT_TRUE(hypercube_violations(j).empty()) << "d=" << d << " s=" << s;
    }
  }
}

TEST(EsbtFamily, NamedAloneItPassesAndIsNotInTheDefaultList) {
  const HypercubeFamily family({HypercubeAlgo::esbt});
  for (int d = 1; d <= 8; ++d) {
    const Outcome o = family.check(d, {});
    EXPECT_EQ(o.status, Status::pass) << d;
    ASSERT_EQ(o.instance_results.size(), 1u);
    EXPECT_EQ(o.instance_results[0].n, static_cast<std::int64_t>(HypercubeAlgo::esbt));
    EXPECT_EQ(o.instance_results[0].rounds, d == 1 ? 2 : 3 * d);
    EXPECT_EQ(o.instance_results[0].lower_bound, 3 * d - 1);
  }
  const auto all = all_hypercube_algos();
  EXPECT_EQ(std::count(all.begin(), all.end(), HypercubeAlgo::esbt), 0);
  EXPECT_EQ(parse_hypercube_algo("esbt"), HypercubeAlgo::esbt);
  EXPECT_NE(HypercubeFamily({HypercubeAlgo::esbt}).coverage().lower_bound.find("s + d - 1"),
            std::string::npos);
}

TEST(EsbtFamily, AnExtraRoundIsRejectedByBoth) {
  net::RoutedSchedule s = hypercube::esbt_broadcast(4, 8);
  s.rounds.emplace_back();
  const HypercubeJudgement j = judge_hypercube_schedule(HypercubeAlgo::esbt, s);
  ASSERT_TRUE(j.structural);
  EXPECT_EQ(j.structural->property, "rounds_not_at_claim");
  EXPECT_FALSE(j.simulation_ok());
  EXPECT_TRUE(j.agree());
  EXPECT_TRUE(has(hypercube_violations(j), "rounds_not_at_claim"));
}

TEST(EsbtFamily, ADroppedTransmissionIsCompletenessAndADisagreement) {
  net::RoutedSchedule s = hypercube::esbt_broadcast(3, 6);
  s.rounds.back().pop_back();
  const HypercubeJudgement j = judge_hypercube_schedule(HypercubeAlgo::esbt, s);
  ASSERT_TRUE(j.simulation.witness);
  EXPECT_EQ(std::string(net::to_string(j.simulation.witness->property)), "completeness");
  // The audit checks shape, not delivery: it accepts, so the family names the disagreement.
  EXPECT_FALSE(j.structural);
  const auto v = hypercube_violations(j);
  EXPECT_TRUE(has(v, "structural_vs_simulation"));
  EXPECT_TRUE(has(v, "completeness"));
}

TEST(EsbtFamily, ARelabelledPacketIsRejectedByBoth) {
  net::RoutedSchedule s = hypercube::esbt_broadcast(5, 10);
  net::Transmission& x = s.rounds[6].back();
  x.packets[0].piece = (x.packets[0].piece + 1) % 10;
  const HypercubeJudgement j = judge_hypercube_schedule(HypercubeAlgo::esbt, s);
  EXPECT_TRUE(j.structural);
  EXPECT_TRUE(j.simulation.witness);
  EXPECT_FALSE(hypercube_violations(j).empty());
}

}  // namespace
}  // namespace collverify::engine
