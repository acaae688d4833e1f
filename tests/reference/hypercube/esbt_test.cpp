// Johnsson and Ho's ESBT broadcast (reference/hypercube/esbt.hpp), judged by the routed checker
// (checkers/network/routed_check.hpp, 1 port, full duplex) on hypercube(d): the example by hand;
// the d trees span the cube and are edge-disjoint; every d <= 10 and s in a spread passes in
// exactly s + d rounds (d >= 2), the steps behind T_HC* = k(1 + sqrt(t log P / k))^2; the
// checker's fast path agrees with its slow twin; mutants it must reject: a transmission one
// round early (causality), two transmissions of a node in one round (port_limit). The structural
// EsbtAudit (checkers/hypercube/schedule_audits.hpp, issue 23) accepts every d <= 10 and s in the
// spread, and rejects its mutants: a packet relabelled into another tree (esbt_trees_share_arc or
// esbt_tree_changes), a transmission a round late (esbt_round_dimension), a foreign packet
// (esbt_packet), an extra round (rounds_not_at_claim); the 1-port bound s + d - 1 is below every
// run and met at s = 1 by the binomial tree.
#include "reference/hypercube/esbt.hpp"

#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "checkers/hypercube/schedule_audits.hpp"
#include "checkers/network/routed_check.hpp"
#include "reference/hypercube/oab.hpp"
#include "model/network/network.hpp"

namespace collverify::hypercube {
namespace {

network::RoutedResult judge(const network::RoutedSchedule& s, int d, bool slow = false) {
  const network::Network net = network::Network::hypercube(d);
  return slow ? network::check_routed_slow(net, s) : network::check_routed(net, s);
}

TEST(Esbt, ExampleByHand) {
  const network::RoutedSchedule s = esbt_broadcast(2, 1);
  ASSERT_EQ(s.rounds.size(), 3U);
  ASSERT_EQ(s.rounds[0].size(), 1U);
  EXPECT_EQ(s.rounds[0][0].from, 0);
  EXPECT_EQ(s.rounds[0][0].hops, (std::vector<network::Direction>{0}));
  ASSERT_EQ(s.rounds[1].size(), 1U);
  EXPECT_EQ(s.rounds[1][0].from, 1);
  EXPECT_EQ(s.rounds[1][0].hops, (std::vector<network::Direction>{1}));
  ASSERT_EQ(s.rounds[2].size(), 1U);
  EXPECT_EQ(s.rounds[2][0].from, 3);
  EXPECT_EQ(s.rounds[2][0].hops, (std::vector<network::Direction>{0}));
  EXPECT_FALSE(judge(s, 2).witness);
}

TEST(Esbt, TreesSpanAndAreEdgeDisjoint) {
  for (int d = 1; d <= 10; ++d) {
    std::set<std::pair<std::int64_t, std::int64_t>> edges;
    for (int i = 0; i < d; ++i) {
      for (std::int64_t x = 1; x < (std::int64_t{1} << d); ++x) {
        const std::int64_t p = esbt_parent(d, i, x);
        EXPECT_EQ(std::popcount(static_cast<std::uint64_t>(p ^ x)), 1) << "not a cube edge";
        EXPECT_TRUE(edges.insert({p, x}).second) << "d=" << d << " tree " << i << " node " << x;
        // Reaches the root: at most d + 1 hops.
        std::int64_t y = x;
        int hops = 0;
        while (y != 0 && hops <= d + 1) {
          y = esbt_parent(d, i, y);
          ++hops;
        }
        EXPECT_EQ(y, 0) << "d=" << d << " tree " << i << " node " << x;
      }
    }
  }
}

TEST(Esbt, EveryNodeGetsEveryPacketInSPlusDRounds) {
  for (int d = 0; d <= 10; ++d) {
    for (std::int64_t s : {1, 2, 3, 7, 16, 33}) {
      const network::RoutedSchedule sched = esbt_broadcast(d, s);
      const network::RoutedResult r = judge(sched, d);
      ASSERT_FALSE(r.witness) << "d=" << d << " s=" << s << ": " << r.witness->message;
      const std::int64_t want = d == 0 ? 0 : d == 1 ? s : s + d;
      EXPECT_EQ(static_cast<std::int64_t>(sched.rounds.size()), want) << "d=" << d << " s=" << s;
      if (d <= 6) {
        EXPECT_FALSE(judge(sched, d, true).witness) << "slow twin, d=" << d << " s=" << s;
      }
    }
  }
}

// A packet forwarded in the round it arrives: the round-5 transmission whose packet its sender
// got in round 4 (a binomial hop right after the one before it), moved to round 4.
TEST(Esbt, TransmissionOneRoundEarlyIsCausality) {
  network::RoutedSchedule s = esbt_broadcast(4, 9);
  std::set<std::pair<std::int64_t, std::int64_t>> got_in_4;  // (node, piece)
  for (const network::Transmission& x : s.rounds[4]) {
    got_in_4.insert({x.from ^ (std::int64_t{1} << x.hops[0]), x.packets[0].piece});
  }
  auto& later = s.rounds[5];
  std::size_t k = 0;
  while (k < later.size() && !got_in_4.count({later[k].from, later[k].packets[0].piece})) ++k;
  ASSERT_LT(k, later.size());
  s.rounds[4].push_back(later[k]);
  later.erase(later.begin() + static_cast<std::ptrdiff_t>(k));
  for (bool slow : {false, true}) {
    const network::RoutedResult r = judge(s, 4, slow);
    ASSERT_TRUE(r.witness);
    EXPECT_EQ(std::string(network::to_string(r.witness->property)), "causality")
        << r.witness->message;
  }
}

TEST(Esbt, TwoSendsOfANodeInOneRoundIsPortLimit) {
  network::RoutedSchedule s = esbt_broadcast(3, 6);
  // The root's send of round 3 repeated in round 3 on another dimension.
  network::Transmission extra = s.rounds[3].front();
  extra.hops = {(extra.hops[0] + 1) % 3};
  s.rounds[3].push_back(extra);
  const network::RoutedResult r = judge(s, 3);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(std::string(network::to_string(r.witness->property)), "port_limit") << r.witness->message;
}

namespace hk = hypercube_check;

std::string audit_property(const network::RoutedSchedule& s, int d) {
  hk::EsbtAudit a(d, s.pieces);
  const hk::HypercubeVerdict v = hk::audit(s, a);
  return v ? v->property : std::string("ok");
}

TEST(EsbtAudit, AcceptsEveryDAndSAtSPlusDRounds) {
  for (int d = 1; d <= 10; ++d) {
    for (std::int64_t s : {std::int64_t{1}, std::int64_t{d} - 1, std::int64_t{d}, 2 * std::int64_t{d} + 1, std::int64_t{37}}) {
      if (s < 1) continue;
      const network::RoutedSchedule sched = esbt_broadcast(d, s);
      EXPECT_EQ(audit_property(sched, d), "ok") << "d=" << d << " s=" << s;
      const auto rounds = static_cast<std::int64_t>(sched.rounds.size());
      EXPECT_EQ(rounds, hk::esbt_claimed_rounds(d, s));
      EXPECT_GE(rounds, hk::one_port_pipelined_broadcast_bound(d, s));
      EXPECT_LE(rounds, hk::one_port_pipelined_broadcast_bound(d, s) + 1);
    }
  }
}

// The bound is tight at s = 1: the binomial tree sends one packet a round from every holder.
TEST(EsbtAudit, OnePortBoundIsMetByTheBinomialTreeAtOnePacket) {
  for (int d = 1; d <= 10; ++d) {
    const network::RoutedSchedule oab = oab_schedule(d, 0, OabModel::one_port_half_duplex);
    EXPECT_EQ(static_cast<std::int64_t>(oab.rounds.size()),
              hk::one_port_pipelined_broadcast_bound(d, 1));
    EXPECT_FALSE(judge(oab, d).witness);
  }
}

TEST(EsbtAudit, APacketRelabelledIntoAnotherTreeIsRejected) {
  for (int d = 2; d <= 6; ++d) {
    network::RoutedSchedule s = esbt_broadcast(d, 2 * d);
    // The last transmission of round d + 1 (its arc carries its tree's packets j and j + d).
    network::Transmission& x = s.rounds[static_cast<std::size_t>(d + 1)].back();
    x.packets[0].piece = (x.packets[0].piece + 1) % s.pieces;
    const std::string p = audit_property(s, d);
    EXPECT_TRUE(p == "esbt_trees_share_arc" || p == "esbt_tree_changes") << "d=" << d << " " << p;
    EXPECT_TRUE(judge(s, d).witness) << d;  // the simulation rejects it too
  }
}

TEST(EsbtAudit, ATransmissionOneRoundLateIsRejected) {
  network::RoutedSchedule s = esbt_broadcast(4, 8);
  s.rounds[6].push_back(s.rounds[5].back());
  s.rounds[5].pop_back();
  EXPECT_EQ(audit_property(s, 4), "esbt_round_dimension");
}

TEST(EsbtAudit, AForeignPacketAndAnExtraRoundAreRejected) {
  network::RoutedSchedule s = esbt_broadcast(3, 5);
  s.rounds[2].back().packets[0].origin = 1;
  EXPECT_EQ(audit_property(s, 3), "esbt_packet");
  network::RoutedSchedule t = esbt_broadcast(3, 5);
  t.rounds.emplace_back();
  EXPECT_EQ(audit_property(t, 3), "rounds_not_at_claim");
}

}  // namespace
}  // namespace collverify::hypercube
