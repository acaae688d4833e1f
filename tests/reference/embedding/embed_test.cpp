// Embedding explicit schedules into networks: XY, torus and crossbar routes by hand and, on random
// pairs, routes that end where they should (XY on a mesh: a shortest path); a pipelined chain on a
// 2 x 4 mesh placed in snake order against row-major order (arc congestion 1 both, link congestion
// 1 against 2), judged by the congestion checker and the routed checker in both switchings; a
// placement mutant that raises congestion; refusals of bad placements.
#include "reference/embedding/embed.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "checkers/network/congestion.hpp"
#include "checkers/network/routed_check.hpp"
#include "model/error.hpp"

namespace collverify::embedding {
namespace {

using network::CongestionUnit;
using network::Network;

// The pipelined chain of seed 002 §2: in step t PU i sends packet t - i to PU i + 1.
Schedule chain(std::int64_t P, std::int64_t s) {
  Schedule out;
  out.p = P;
  out.n = s;
  out.initial = root_holds_all(0, s);
  for (std::int64_t t = 0; t < P - 2 + s; ++t) {
    std::vector<Transfer> step;
    for (std::int64_t i = 0; i + 1 < P; ++i)
      if (t - i >= 0 && t - i < s) step.push_back({i, i + 1, t - i, t - i});
    out.rounds.push_back(step);
  }
  return out;
}

std::int64_t walk(const Network& net, std::int64_t from, const std::vector<network::Direction>& hops) {
  for (const auto d : hops) from = net.target(from, d).value_or(-1);
  return from;
}

TEST(Embed, RoutesByHand) {
  const Network mesh = Network::mesh({4, 3});
  EXPECT_EQ(route(mesh, 0, 11), (std::vector<network::Direction>{0, 0, 0, 2, 2}));
  EXPECT_EQ(route(mesh, 11, 0), (std::vector<network::Direction>{1, 1, 1, 3, 3}));
  const Network torus = Network::torus({5});
  EXPECT_EQ(route(torus, 0, 4), (std::vector<network::Direction>{1}));     // the short way, -0
  EXPECT_EQ(route(torus, 0, 2), (std::vector<network::Direction>{0, 0}));
  const Network xbar = Network::hierarchical_crossbar(3, 4, 2);
  // PU 3 of module 0 -> PU 1 of module 2: 3 is no gateway, 1 is: L1, M2.
  EXPECT_EQ(route(xbar, 3, 9), (std::vector<network::Direction>{1, 4 + 2}));
  // PU 3 of module 0 -> PU 3 of module 1: gateway 3 mod 2 = 1: L1, M1, L3.
  EXPECT_EQ(route(xbar, 3, 7), (std::vector<network::Direction>{1, 4 + 1, 3}));
  EXPECT_EQ(route(xbar, 0, 2), (std::vector<network::Direction>{2}));
  EXPECT_THROW((void)route(mesh, 3, 3), InputError);
}

RC_GTEST_PROP(EmbedProperty, RoutesEndAtTheTargetAndXYIsShortest, ()) {
  const int kind = *rc::gen::inRange(0, 3);
  const Network net = kind == 0 ? Network::mesh({*rc::gen::inRange<std::int64_t>(1, 6),
                                                 *rc::gen::inRange<std::int64_t>(1, 6)})
                      : kind == 1 ? Network::torus({*rc::gen::inRange<std::int64_t>(1, 6),
                                                    *rc::gen::inRange<std::int64_t>(1, 6)})
                                  : [] {
                                      const auto b = *rc::gen::inRange<std::int64_t>(1, 5);
                                      return Network::hierarchical_crossbar(
                                          *rc::gen::inRange<std::int64_t>(1, 4), b,
                                          *rc::gen::inRange<std::int64_t>(1, std::min<std::int64_t>(b, 2) + 1));
                                    }();
  if (net.nodes() < 2) return;
  const auto a = *rc::gen::inRange<std::int64_t>(0, net.nodes());
  const auto b = (a + *rc::gen::inRange<std::int64_t>(1, net.nodes())) % net.nodes();
  const auto hops = route(net, a, b);
  RC_ASSERT(walk(net, a, hops) == b);
  if (kind != 2) RC_ASSERT(static_cast<std::int64_t>(hops.size()) == net.distance(a, b));
  if (kind == 2) RC_ASSERT(hops.size() <= 3);
}

TEST(Embed, SnakeChainOnAMeshHasLinkCongestionOne) {
  const Network net = Network::mesh({4, 2});  // row 0: nodes 0..3, row 1: nodes 4..7
  const Schedule s = chain(8, 3);
  const std::vector<std::int64_t> snake = {0, 1, 2, 3, 7, 6, 5, 4};
  const std::vector<std::int64_t> row_major = {0, 1, 2, 3, 4, 5, 6, 7};
  for (const Switching sw : {Switching::wormhole, Switching::store_and_forward}) {
    const auto good = embed(s, net, snake, sw);
    EXPECT_EQ(network::edge_congestion(net, good, CongestionUnit::arc).congestion, 1);
    EXPECT_EQ(network::edge_congestion(net, good, CongestionUnit::link).congestion, 1);
    const auto checked = network::check_routed(net, good);
    EXPECT_FALSE(checked.witness) << checked.witness->message;
  }
  // Row-major: PU 3 -> PU 4 runs back along row 0 (-0, -0, -0, +1) against the pipeline.
  const auto wide = embed(s, net, row_major, Switching::wormhole);
  EXPECT_EQ(network::edge_congestion(net, wide, CongestionUnit::arc).congestion, 1);
  const auto link = network::edge_congestion(net, wide, CongestionUnit::link);
  EXPECT_EQ(link.congestion, 2);
  ASSERT_TRUE(link.witness);
  EXPECT_EQ(link.witness->senders, (std::vector<std::int64_t>{1, 3}));  // 1 -> 2 and 3 -> ... -> 4
}

TEST(Embed, PlacementMutantRaisesCongestion) {
  const Network net = Network::mesh({4, 2});
  const Schedule s = chain(8, 3);
  // Swap PUs 1 and 2 of the snake (PU 1 on node 2, PU 2 on node 1): PU 0 -> PU 1 is 0 -> 1 -> 2
  // and PU 2 -> PU 3 is 1 -> 2 -> 3, so once the pipeline is full both cross node 1 -> node 2.
  const std::vector<std::int64_t> mutant = {0, 2, 1, 3, 7, 6, 5, 4};
  const auto r = network::edge_congestion(net, embed(s, net, mutant, Switching::wormhole));
  EXPECT_EQ(r.congestion, 2);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->arc.from, 1);
  EXPECT_EQ(r.witness->arc.to, 2);
  // The routed checker agrees in the wormhole model: routes of a round must be arc-disjoint.
  const auto checked = network::check_routed(net, embed(s, net, mutant, Switching::wormhole));
  ASSERT_TRUE(checked.witness);
  EXPECT_EQ(checked.witness->property, network::RoutedProperty::arc_exclusivity);
}

TEST(Embed, StoreAndForwardSplitsAStepIntoHopRounds) {
  const Network net = Network::mesh({4});
  Schedule s;
  s.p = 4;
  s.n = 1;
  s.initial = root_holds_all(0, 1);
  s.rounds = {{{0, 3, 0, 0}}, {{3, 1, 0, 0}, {0, 2, 0, 0}}};
  const auto saf = embed(s, net, std::vector<std::int64_t>{0, 1, 2, 3}, Switching::store_and_forward);
  ASSERT_EQ(saf.rounds.size(), 3u + 2u);
  EXPECT_EQ(saf.rounds[1][0].from, 1);  // forwarded by the intermediate node
  EXPECT_EQ(saf.rounds[2][0].from, 2);
  const auto checked = network::check_routed(net, saf);
  EXPECT_FALSE(checked.witness) << checked.witness->message;
}

TEST(Embed, BadPlacementsAreRefused) {
  const Network net = Network::mesh({4});
  const Schedule s = chain(3, 1);
  EXPECT_THROW((void)embed(s, net, std::vector<std::int64_t>{0, 1}, Switching::wormhole), InputError);
  EXPECT_THROW((void)embed(s, net, std::vector<std::int64_t>{0, 1, 1}, Switching::wormhole), InputError);
  EXPECT_THROW((void)embed(s, net, std::vector<std::int64_t>{0, 1, 4}, Switching::wormhole), InputError);
  try {
    (void)embed(s, net, std::vector<std::int64_t>{0, 2, 2}, Switching::wormhole);
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("PU 2 is placed on node 2, which holds another PU"),
              std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace collverify::embedding
