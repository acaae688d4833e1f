// The split routed checker (checkers/network/routed_split.hpp): the mutants only the merge can
// see, because each part alone is clean: two transmissions on one arc in one round from
// different parts, a node over its port limit by sends of two parts, a simplex node sending for
// one part and receiving for another, both directions of a half-duplex link used by two parts.
// Each is rejected with check_routed's witness (packets: the first two on the arc in stream
// order), while check_routed on either part's transmissions alone finds nothing in that round.
// Also a valid all-to-all passes in 1 round, split_origins cuts whole tiles, and the memory
// estimate counts the holdings once and the tables per part.
#include <gtest/gtest.h>

#include "checkers/network/routed_split.hpp"
#include "model/error.hpp"

namespace cv = collverify;
using namespace cv::network;
using cv::CommModel;
using cv::Duplex;
using cv::Switching;

namespace {

RoutedSchedule cube3(std::vector<Round> rounds,
                     CommModel model = {CommModel::kAllPorts, Duplex::full,
                                        Switching::store_and_forward, false}) {
  RoutedSchedule s;
  s.network = {NetworkKind::hypercube, {3}};
  s.collective = Collective::aab;
  s.model = model;
  s.rounds = std::move(rounds);
  return s;
}

// The transmissions of `s` whose first packet has its origin in [first, end).
RoutedSchedule only(const RoutedSchedule& s, std::int64_t first, std::int64_t end) {
  RoutedSchedule out = s;
  for (Round& r : out.rounds) {
    std::erase_if(r, [&](const Transmission& x) {
      return x.packets.front().origin < first || x.packets.front().origin >= end;
    });
  }
  return out;
}

// The split agrees with check_routed, which finds `property` in `round`; each part alone does not.
RoutedWitness expect_merge_only(const RoutedSchedule& s, const std::vector<std::int64_t>& bounds,
                                RoutedProperty property, std::int64_t round) {
  const Network net = Network::from_spec(s.network);
  const RoutedResult whole = check_routed(net, s);
  EXPECT_TRUE(whole.witness.has_value());
  if (!whole.witness) return {};
  EXPECT_EQ(whole.witness->property, property) << whole.witness->message;
  EXPECT_EQ(whole.witness->round, round) << whole.witness->message;
  const RoutedResult split = check_routed_split(net, s, {}, bounds);
  EXPECT_TRUE(split.witness.has_value());
  if (!split.witness) return {};
  EXPECT_EQ(split.witness->message, whole.witness->message);
  EXPECT_EQ(split.witness->packets, whole.witness->packets);
  for (std::size_t k = 0; k + 1 < bounds.size(); ++k) {
    const RoutedResult alone = check_routed(net, only(s, bounds[k], bounds[k + 1]));
    EXPECT_TRUE(!alone.witness || alone.witness->round > round ||
                alone.witness->property == RoutedProperty::completeness)
        << "part " << k << " alone: " << alone.witness->message;
  }
  return *split.witness;
}

}  // namespace

TEST(RoutedSplit, AValidAllToAllPassesInEveryParting) {
  RoutedSchedule s;
  s.network = {NetworkKind::hypercube, {1}};
  s.collective = Collective::aab;
  s.rounds = {{{0, {0}, {{0, 0}}}, {1, {0}, {{1, 0}}}}};
  const Network net = Network::from_spec(s.network);
  for (const std::vector<std::int64_t>& bounds :
       {std::vector<std::int64_t>{0, 2}, std::vector<std::int64_t>{0, 1, 2}}) {
    const RoutedResult r = check_routed_split(net, s, {1}, bounds);
    EXPECT_FALSE(r.witness.has_value()) << r.witness->message;
    EXPECT_EQ(r.rounds, 1);
    EXPECT_EQ(r.transmissions, 2);
    EXPECT_EQ(r.deliveries, 2);
  }
}

TEST(RoutedSplit, IncompleteIsTheSmallestNodeOverTheParts) {
  RoutedSchedule s = cube3({{{4, {2}, {{4, 0}}}}});
  const Network net = Network::from_spec(s.network);
  const RoutedResult whole = check_routed(net, s);
  const RoutedResult split = check_routed_split(net, s, {}, {0, 4, 8});
  ASSERT_TRUE(split.witness.has_value());
  EXPECT_EQ(split.witness->property, RoutedProperty::completeness);
  EXPECT_EQ(split.witness->message, whole.witness->message);
  EXPECT_EQ(split.witness->node, 0);
  EXPECT_EQ(split.witness->packets, (std::vector<Packet>{{1, 0}}));
}

TEST(RoutedSplit, TwoPartsOnOneArcInOneRoundAreAnArcCollision) {
  // Round 0: 4 -> 0 brings (4, 0); round 1: node 0 sends (0, 0) and (4, 0) on dimension 1.
  const RoutedSchedule s = cube3({{{4, {2}, {{4, 0}}}},
                                  {{0, {1}, {{0, 0}}}, {0, {1}, {{4, 0}}}}});
  const RoutedWitness w = expect_merge_only(s, {0, 4, 8}, RoutedProperty::arc_exclusivity, 1);
  EXPECT_EQ(w.node, 0);
  EXPECT_EQ(w.detail, 1);
  ASSERT_TRUE(w.arc.has_value());
  EXPECT_EQ(w.arc->to, 2);
  EXPECT_EQ(w.packets, (std::vector<Packet>{{0, 0}, {4, 0}}));
}

TEST(RoutedSplit, AnArcUsedOnceByOnePartAndTwiceByTheNextNamesTheFirstTwoInStreamOrder) {
  const RoutedSchedule s = cube3({{{4, {2}, {{4, 0}}}, {5, {2}, {{5, 0}}}},
                                  {{0, {1}, {{0, 0}}}, {0, {1}, {{4, 0}}}, {0, {1}, {{4, 0}}}}});
  const Network net = Network::from_spec(s.network);
  const RoutedResult split = check_routed_split(net, s, {}, {0, 4, 8});
  ASSERT_TRUE(split.witness.has_value());
  EXPECT_EQ(split.witness->packets, (std::vector<Packet>{{0, 0}, {4, 0}}));
  EXPECT_EQ(split.witness->message, check_routed(net, s).witness->message);
  // Part 1 alone names its own two.
  const RoutedResult alone = check_routed(net, only(s, 4, 8));
  ASSERT_TRUE(alone.witness.has_value());
  EXPECT_EQ(alone.witness->packets, (std::vector<Packet>{{4, 0}, {4, 0}}));
}

TEST(RoutedSplit, OnePortSendsOfTwoPartsAreOverTheLimit) {
  CommModel one_port{1, Duplex::full, Switching::store_and_forward, false};
  const RoutedSchedule s = cube3({{{4, {2}, {{4, 0}}}},
                                  {{0, {0}, {{0, 0}}}, {0, {1}, {{4, 0}}}}},
                                 one_port);
  const RoutedWitness w = expect_merge_only(s, {0, 4, 8}, RoutedProperty::port_limit, 1);
  EXPECT_EQ(w.node, 0);
  EXPECT_EQ(w.detail, 0);
}

TEST(RoutedSplit, ASimplexNodeSendingForOnePartAndReceivingForAnother) {
  CommModel simplex{CommModel::kAllPorts, Duplex::simplex, Switching::store_and_forward, false};
  const RoutedSchedule s = cube3({{{1, {1}, {{1, 0}}}, {5, {2}, {{5, 0}}}}}, simplex);
  const RoutedWitness w = expect_merge_only(s, {0, 4, 8}, RoutedProperty::simplex, 0);
  EXPECT_EQ(w.node, 1);
}

TEST(RoutedSplit, BothDirectionsOfAHalfDuplexLinkFromTwoParts) {
  CommModel half{CommModel::kAllPorts, Duplex::half, Switching::store_and_forward, false};
  const RoutedSchedule s = cube3({{{0, {0}, {{0, 0}}}, {1, {0}, {{1, 0}}}}}, half);
  const RoutedWitness w = expect_merge_only(s, {0, 1, 8}, RoutedProperty::arc_exclusivity, 0);
  EXPECT_EQ(w.node, 0);
  EXPECT_TRUE(w.reverse);
  EXPECT_EQ(w.packets, (std::vector<Packet>{{0, 0}, {1, 0}}));
}

TEST(RoutedSplit, OriginsAreCutInWholeTilesWhenThereAreEnough) {
  RoutedHeader h;
  h.collective = Collective::aab;
  EXPECT_EQ(split_origins(Network::hypercube(8), h, 2), (std::vector<std::int64_t>{0, 128, 256}));
  EXPECT_EQ(split_origins(Network::hypercube(8), h, 3),
            (std::vector<std::int64_t>{0, 64, 128, 256}));
  EXPECT_EQ(split_origins(Network::hypercube(2), h, 3), (std::vector<std::int64_t>{0, 1, 2, 4}));
  EXPECT_EQ(split_origins(Network::hypercube(2), h, 9), (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  h.collective = Collective::oab;  // one origin: never split
  EXPECT_EQ(split_origins(Network::hypercube(8), h, 2), (std::vector<std::int64_t>{0, 256}));
}

TEST(RoutedSplit, MemoryCountsTheHoldingsOnceAndTheTablesPerPart) {
  RoutedHeader h;
  h.collective = Collective::aab;
  const Network cube = Network::hypercube(12);
  const std::int64_t whole = routed_check_bytes(cube, h);
  const std::int64_t holdings = std::int64_t{4096} * 4096 / 8;
  const std::int64_t one = routed_split_bytes(cube, h, 1), two = routed_split_bytes(cube, h, 2);
  EXPECT_GE(one, whole);
  EXPECT_GT(two, one);
  EXPECT_LT(two - one, whole - holdings + 4096 * 8 + cube.nodes() * cube.width() / 8 + 64);
  EXPECT_LT(two, 2 * whole);
}
