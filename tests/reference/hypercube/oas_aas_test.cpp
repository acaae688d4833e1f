// The one-to-all scatter tree and the two total-exchange schedules (seed 004, slides 45-76):
// examples by hand, Observation IV and its failure under the broadcast's numbering (E42), the
// round counts of both AAS variants, and the streaming producers against their collected form.
#include <gtest/gtest.h>

#include <algorithm>

#include "checkers/hypercube/tree_checks.hpp"
#include "model/error.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/aas.hpp"
#include "reference/hypercube/hypercube_common.hpp"
#include "reference/hypercube/oab.hpp"
#include "reference/hypercube/oas.hpp"
#include "reference/hypercube/rotation_classes.hpp"

namespace hc = collverify::hypercube;
namespace hk = collverify::hypercube_check;
namespace net = collverify::network;

namespace {

// Counts what a producer streams without keeping it; checks round order.
class CountingSink final : public net::RoutedSink {
 public:
  void begin_round(std::int64_t round) override {
    EXPECT_EQ(round, rounds);
    ++rounds;
  }
  void send(std::int64_t, std::span<const net::Direction> hops,
            std::span<const net::Packet> packets) override {
    sends += 1;
    hop_count += static_cast<std::int64_t>(hops.size());
    packet_count += static_cast<std::int64_t>(packets.size());
  }
  void end_round() override {}
  std::int64_t rounds = 0, sends = 0, hop_count = 0, packet_count = 0;
};

}  // namespace

TEST(HypercubeOas, TreeForD3ByHand) {
  const auto t = hc::oas_tree(3);
  EXPECT_EQ(t.parent, (std::vector<std::int64_t>{-1, 0, 0, 2, 0, 1, 4, 5}));
  EXPECT_EQ(t.order[0], (std::vector<std::int64_t>{7, 5, 1}));  // farthest first
  EXPECT_EQ(t.order[1], (std::vector<std::int64_t>{3, 2}));
  EXPECT_EQ(t.order[2], (std::vector<std::int64_t>{6, 4}));
}

// Observation IV holds by construction: every node sits under the root child e_{m(x)-1} and
// m(x) = m(parent) with the OAS numbering; so the subtrees hold at most the bound.
TEST(HypercubeOas, BalancedForEveryDUpTo16) {
  for (int d = 1; d <= 16; ++d) {
    const auto t = hc::oas_tree(d);
    EXPECT_EQ(t.observation_three_failures, 0) << d;
    EXPECT_FALSE(hk::check_oas_tree(d, t.parent).has_value()) << d;
    std::int64_t largest = 0;
    for (const auto& o : t.order)
      largest = std::max<std::int64_t>(largest, static_cast<std::int64_t>(o.size()));
    EXPECT_EQ(largest, hc::oas_round_bound(d)) << d;
  }
}

// E42: under the broadcast's Step III numbering, node 001011 (d = 6) has m = 4 but its
// down-neighbours 001010, 001001, 000011 have m = 2, 1, 1: no parent keeps m, so the
// Conclusion of slide 48 cannot use that numbering.
TEST(HypercubeOas, ObservationFourFailsUnderTheBroadcastNumbering) {
  const auto num = hc::rotation_numbering(6);
  EXPECT_EQ(num.m(0b001011), 4);
  EXPECT_EQ(num.m(0b001010), 2);
  EXPECT_EQ(num.m(0b001001), 1);
  EXPECT_EQ(num.m(0b000011), 1);
  for (int d = 1; d <= 5; ++d) {  // smaller d: every node has such a parent
    const auto n = hc::rotation_numbering(d);
    for (std::int64_t x = 2; x < (std::int64_t{1} << d); ++x) {
      if (hc::popcount(x) < 2) continue;
      bool kept = false;
      for (int b = 0; b < d; ++b) {
        if (((x >> b) & 1) != 0) kept = kept || n.m(x ^ (std::int64_t{1} << b)) == n.m(x);
      }
      EXPECT_TRUE(kept) << "d = " << d << " x = " << x;
    }
  }
}

TEST(HypercubeAas, RoundCountsOfBothVariants) {
  for (int d = 1; d <= 12; ++d) {
    EXPECT_EQ(hc::aas_rounds(hc::AasVariant::optimal, d), hc::aas_round_bound(d));
    // T3(d) = 2 T3(d-1) + 2^(d-1), T3(1) = 1 (slide 60).
    const std::int64_t prev = d == 1 ? 0 : hc::aas_rounds(hc::AasVariant::three_phase, d - 1);
    EXPECT_EQ(hc::aas_rounds(hc::AasVariant::three_phase, d),
              d == 1 ? 1 : 2 * prev + (std::int64_t{1} << (d - 1)));
  }
}

TEST(HypercubeAas, D2ExampleByHand) {
  const auto s = hc::aas_schedule(hc::AasVariant::optimal, 2);
  ASSERT_EQ(s.rounds.size(), 2u);
  std::vector<net::Packet> node0_dim1;
  for (const auto& r : s.rounds) {
    for (const auto& x : r) {
      if (x.from == 0 && x.hops[0] == 1) node0_dim1.push_back(x.packets[0]);
    }
  }
  EXPECT_EQ(node0_dim1, (std::vector<net::Packet>{{0, 3}, {0, 2}}));
}

TEST(HypercubeStreams, StreamsCountWhatTheBoundsSayWithoutMaterialising) {
  for (int d = 1; d <= 10; ++d) {
    CountingSink oab, aab, oas, aas, three;
    hc::stream_oab(d, 0, oab);
    hc::stream_aab(d, aab);
    hc::stream_oas(d, (std::int64_t{1} << d) - 1, oas);
    hc::stream_aas(hc::AasVariant::optimal, d, aas);
    hc::stream_aas(hc::AasVariant::three_phase, d, three);
    EXPECT_EQ(oab.sends, hc::oab_transmission_bound(d));
    EXPECT_EQ(aab.sends, hc::aab_transmission_bound(d));
    EXPECT_EQ(oas.sends, hc::oas_transmission_bound(d));
    EXPECT_EQ(aas.sends, hc::aas_transmission_bound(d));
    EXPECT_EQ(three.sends, hc::aas_transmission_bound(d));
    EXPECT_EQ(aab.rounds, hc::aab_round_bound(d));
    EXPECT_EQ(oas.rounds, hc::oas_round_bound(d));
    EXPECT_EQ(aas.rounds, hc::aas_round_bound(d));
    EXPECT_EQ(three.rounds, d * hc::aas_round_bound(d));
    EXPECT_EQ(aas.hop_count, aas.sends);  // store-and-forward, one packet each
    EXPECT_EQ(aas.packet_count, aas.sends);
  }
}

TEST(HypercubeStreams, MaterialisedIsTheStreamCollected) {
  const auto s = hc::aab_schedule(4);
  const auto tree = hc::aab_generic_tree(4);
  ASSERT_EQ(s.rounds.size(), static_cast<std::size_t>(tree.rounds));
  // Round 0 of the tree of origin 5: the generic round-0 edges translated by 5.
  std::vector<std::int64_t> from5;
  for (const auto& x : s.rounds[0]) {
    if (x.packets[0].origin == 5) from5.push_back(x.from);
  }
  EXPECT_EQ(from5, (std::vector<std::int64_t>{5, 5, 5, 5}));
}

TEST(HypercubeStreams, RefusesBadInputNamingTheValue) {
  CountingSink sink;
  const auto expect_input_error = [](auto f, const std::string& needle) {
    try {
      f();
      ADD_FAILURE() << "no error for " << needle;
    } catch (const collverify::InputError& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expect_input_error([&] { hc::stream_oab(-1, 0, sink); }, "d = -1");
  expect_input_error([&] { hc::stream_oab(3, 8, sink); }, "root 8");
  expect_input_error([&] { hc::stream_oas(3, -1, sink); }, "root -1");
  expect_input_error([&] { hc::stream_aas(hc::AasVariant::optimal, 25, sink); }, "hours");
  expect_input_error([&] { hc::stream_aab(21, sink); }, "hours");
  expect_input_error([&] { (void)hc::aas_schedule(hc::AasVariant::three_phase, 40); }, "d = 40");
}

TEST(HypercubeStreams, DimensionZeroIsOneNodeAndNoRound) {
  CountingSink oab, aab, oas, aas;
  hc::stream_oab(0, 0, oab);
  hc::stream_aab(0, aab);
  hc::stream_oas(0, 0, oas);
  hc::stream_aas(hc::AasVariant::optimal, 0, aas);
  for (const auto* s : {&oab, &aab, &oas, &aas}) {
    EXPECT_EQ(s->rounds, 0);
    EXPECT_EQ(s->sends, 0);
  }
  EXPECT_FALSE(hk::check_aab_generic_tree(hc::aab_generic_tree(0)).has_value());
}
