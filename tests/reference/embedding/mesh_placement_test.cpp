// Fractional trees on meshes (seed 002 §4, Figure 4): the shape rule and its refusals; the cell
// orders (bijections; Hilbert: consecutive cells neighbours, aligned blocks intervals; Morton: the
// drawn H-tree numbering); the placement (a bijection onto all a b nodes, every group one cell,
// snake positions neighbours); the congestion of the embedded broadcast computed by the checker
// (Figure 4's 8 x 16, r = 2: 3, not the paper's 1 -- docs/ERRATA.md E28); sizes where it is 1 pass
// the routed checker (every node gets every packet); mutants (two groups swapped, row-major cells)
// raise it with a witness; the searched Figure 4 placement holds for s <= 8 only; the congestion
// is monotone in s and constant from every_s_packets; RapidCheck: fast congestion == slow twin
// over random valid sizes.
#include "reference/embedding/mesh_placement.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <set>

#include "checkers/network/congestion.hpp"
#include "checkers/network/routed_check.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/embedding/embed.hpp"
#include "tests/model/input_error_message.hpp"

namespace collverify::embedding {
namespace {

using network::CongestionUnit;
using network::Network;

std::int64_t manhattan(std::int64_t a, std::int64_t u, std::int64_t v) {
  return std::abs(u % a - v % a) + std::abs(u / a - v / a);
}

using test_support::input_error_message;

TEST(MeshPlacement, ShapeSplitsRAndRefusesBadSizes) {
  const MeshShape m = mesh_shape(8, 16, 2);
  EXPECT_EQ(m.r1, 1);
  EXPECT_EQ(m.r2, 2);
  EXPECT_EQ(m.n(), 8);
  EXPECT_EQ(mesh_shape(16, 8, 2).r1, 2);
  EXPECT_EQ(mesh_shape(64, 64, 16).r1, 4);
  EXPECT_NE(input_error_message([] { (void)mesh_shape(8, 16, 3); }).find("r = 3"), std::string::npos);
  EXPECT_NE(input_error_message([] { (void)mesh_shape(0, 16, 2); }).find("a = 0"), std::string::npos);
  EXPECT_NE(input_error_message([] { (void)mesh_shape(8, 0, 2); }).find("b = 0"), std::string::npos);
  EXPECT_NE(input_error_message([] { (void)mesh_shape(8, 16, 0); }).find("--r 0"), std::string::npos);
  // 12 x 12 with r = 1: n = 12 is not a power of two.
  EXPECT_NE(input_error_message([] { (void)mesh_shape(12, 12, 1); }).find("12 x 12"), std::string::npos);
  EXPECT_THROW(validate_mesh_shape(MeshShape{8, 16, 2, 1}), InputError);  // 4 != 16
  EXPECT_THROW(validate_mesh_shape(MeshShape{8, 16, 3, 2}), InputError);  // 3 does not divide 8
}

TEST(MeshPlacement, MortonIsTheDrawnHTreeNumbering) {
  // The table of mesh_placement.hpp: rows c1-cell, columns c0-cell.
  const std::int64_t table[4][4] = {{0, 2, 8, 10}, {1, 3, 9, 11}, {4, 6, 12, 14}, {5, 7, 13, 15}};
  for (std::int64_t y = 0; y < 4; ++y)
    for (std::int64_t x = 0; x < 4; ++x)
      EXPECT_EQ(cell_at(CellOrder::morton, 4, table[y][x]), (std::pair<std::int64_t, std::int64_t>{x, y}));
}

TEST(MeshPlacement, HilbertCellsAreNeighboursAndBlocksAreIntervals) {
  for (std::int64_t n = 1; n <= 32; n *= 2) {
    std::set<std::pair<std::int64_t, std::int64_t>> seen;
    for (std::int64_t t = 0; t < n * n; ++t) {
      const auto c = cell_at(CellOrder::hilbert, n, t);
      ASSERT_TRUE(c.first >= 0 && c.first < n && c.second >= 0 && c.second < n);
      seen.insert(c);
      if (t > 0) {
        const auto p = cell_at(CellOrder::hilbert, n, t - 1);
        EXPECT_EQ(std::abs(c.first - p.first) + std::abs(c.second - p.second), 1) << n << " " << t;
      }
    }
    EXPECT_EQ(static_cast<std::int64_t>(seen.size()), n * n);
    // Every aligned block of side 2^j is the interval [k 4^j, (k + 1) 4^j).
    for (std::int64_t side = 1; side <= n; side *= 2) {
      for (std::int64_t k = 0; k < n * n / (side * side); ++k) {
        const auto first = cell_at(CellOrder::hilbert, n, k * side * side);
        for (std::int64_t t = k * side * side; t < (k + 1) * side * side; ++t) {
          const auto c = cell_at(CellOrder::hilbert, n, t);
          EXPECT_EQ(c.first / side, first.first / side);
          EXPECT_EQ(c.second / side, first.second / side);
        }
      }
    }
  }
}

TEST(MeshPlacement, SequenceExample) {
  EXPECT_EQ(node_sequence(mesh_shape(2, 4, 2)), (std::vector<std::int64_t>{0, 2, 4, 6, 5, 7, 1, 3}));
}

TEST(MeshPlacement, BijectionGroupsAreCellsSnakeIsContiguous) {
  for (const auto& [a, b, r] : std::vector<std::array<std::int64_t, 3>>{
           {8, 16, 2}, {16, 16, 4}, {8, 4, 2}, {16, 32, 8}, {4, 4, 1}, {32, 32, 16}}) {
    const MeshShape m = mesh_shape(a, b, r);
    for (const CellOrder order : {CellOrder::hilbert, CellOrder::morton}) {
      const std::vector<std::int64_t> seq = node_sequence(m, order);
      ASSERT_EQ(static_cast<std::int64_t>(seq.size()), a * b);
      EXPECT_EQ(static_cast<std::int64_t>(std::set<std::int64_t>(seq.begin(), seq.end()).size()), a * b);
      EXPECT_TRUE(std::all_of(seq.begin(), seq.end(), [&](std::int64_t v) { return v >= 0 && v < a * b; }));
      for (std::int64_t k = 0; k < a * b / r; ++k) {
        const auto [cx, cy] = cell_at(order, m.n(), k);
        for (std::int64_t q = 0; q < r; ++q) {
          const std::int64_t v = seq[static_cast<std::size_t>(k * r + q)];
          EXPECT_EQ(v % a / m.r1, cx);
          EXPECT_EQ(v / a / m.r2, cy);
          if (q > 0) {
            EXPECT_EQ(manhattan(a, v, seq[static_cast<std::size_t>(k * r + q - 1)]), 1);
          }
        }
      }
    }
  }
  // The row-major mutant: odd rows start at the far end, so a 2 x 2 cell has a jump of 2.
  const std::vector<std::int64_t> rm = node_sequence(mesh_shape(4, 4, 4), CellOrder::hilbert, InCell::row_major);
  EXPECT_EQ(manhattan(4, rm[1], rm[2]), 2);
}

network::CongestionResult congestion(const MeshEmbedding& e, CongestionUnit unit = CongestionUnit::arc) {
  const Network net = Network::mesh({e.shape.a, e.shape.b});
  return network::edge_congestion(net, e.routed, unit);
}

TEST(MeshPlacement, Figure4CongestionIsThreeWithOurReading) {
  // docs/ERRATA.md E28: Figure 4 claims congestion 1; our H-tree (Hilbert) placement of the full
  // fractional groups gives 3 (8 transfers per run, s = 8), Morton 3 as well.
  const MeshEmbedding e = embed_fractional_mesh(8, 16, 2, 8);
  EXPECT_EQ(e.tree.groups(), 64);
  const network::CongestionResult c = congestion(e);
  ASSERT_FALSE(c.defect);
  EXPECT_EQ(c.congestion, 3);
  ASSERT_TRUE(c.witness);
  EXPECT_EQ(c.witness->round, 9);
  EXPECT_EQ(c.witness->arc.from, 10);
  EXPECT_EQ(c.witness->arc.to, 11);
  EXPECT_EQ(c.witness->senders, (std::vector<std::int64_t>{8, 9, 10}));
  const network::CongestionResult slow =
      network::edge_congestion_slow(Network::mesh({8, 16}), e.routed, CongestionUnit::arc);
  EXPECT_EQ(slow.congestion, 3);
  EXPECT_EQ(slow.witness->message, c.witness->message);
  EXPECT_EQ(congestion(embed_fractional_mesh(8, 16, 2, 8, Switching::wormhole, CellOrder::morton)).congestion, 3);
  // The smallest counterexample of the table: 4 x 4, r = 1, congestion 2.
  EXPECT_EQ(congestion(embed_fractional_mesh(4, 4, 1, 8)).congestion, 2);
}

TEST(MeshPlacement, Figure4HasACongestionOnePlacementFoundBySearch) {
  // docs/ERRATA.md E28: a simulated-annealing search over group -> cell permutations (the same
  // tree, s = 8, 1 x 2 cells, snake, XY, wormhole; seed 1, 20 000 swaps) found this permutation
  // (group k on cell perm[k] of the Hilbert order); the checkers confirm congestion 1.
  const std::vector<std::int64_t> perm = {45, 33, 10, 14, 2,  4,  58, 60, 1,  13, 48, 46, 34, 59, 54, 9,
                                          53, 47, 8,  55, 52, 0,  32, 35, 24, 37, 41, 25, 36, 42, 40, 31,
                                          19, 23, 20, 18, 27, 43, 39, 38, 26, 22, 21, 11, 28, 61, 29, 16,
                                          12, 30, 15, 17, 44, 63, 7,  57, 49, 56, 6,  5,  62, 50, 51, 3};
  const MeshEmbedding e = embed_fractional_mesh(8, 16, 2, 8);
  const std::vector<std::int64_t> seq = node_sequence(e.shape);
  std::vector<std::int64_t> pl(128);
  for (std::int64_t k = 0; k < 64; ++k)
    for (std::int64_t q = 0; q < 2; ++q)
      pl[static_cast<std::size_t>(2 * k + q)] = seq[static_cast<std::size_t>(2 * perm[static_cast<std::size_t>(k)] + q)];
  const Network net = Network::mesh({8, 16});
  const network::RoutedSchedule routed = embed(e.schedule, net, pl, Switching::wormhole);
  EXPECT_EQ(network::edge_congestion(net, routed).congestion, 1);
  EXPECT_EQ(network::edge_congestion_slow(net, routed).congestion, 1);
  const network::RoutedResult v = network::check_routed(net, routed);
  EXPECT_FALSE(v.witness) << v.witness->message;
  // The search was run at s = 8 only, and its placement holds for s <= 8 only: from s = 9 on a
  // fourth run's sends meet, congestion 2 (docs/ERRATA.md E28). every_s_packets (22 here) covers
  // every s: the congestion is 2 there and stays 2.
  for (std::int64_t s = 1; s <= 8; ++s) {
    const MeshEmbedding es = embed_fractional_mesh(8, 16, 2, s);
    EXPECT_EQ(network::edge_congestion(net, embed(es.schedule, net, pl, Switching::wormhole)).congestion, 1) << s;
  }
  EXPECT_EQ(every_s_packets(e.tree), 22);
  for (const std::int64_t s : {9, 22, 40}) {
    const MeshEmbedding es = embed_fractional_mesh(8, 16, 2, s);
    const network::RoutedSchedule rs = embed(es.schedule, net, pl, Switching::wormhole);
    const network::CongestionResult c = network::edge_congestion(net, rs);
    EXPECT_EQ(c.congestion, 2) << s;
    ASSERT_TRUE(c.witness);
    EXPECT_EQ(network::edge_congestion_slow(net, rs).witness->message, c.witness->message);
    EXPECT_TRUE(network::check_routed(net, rs).witness) << s;
  }
}

TEST(MeshPlacement, SizesBeyondTheRuleHaveCongestionOnePlacementsForEveryS) {
  // docs/ERRATA.md E28: n = 4 is where the proved rule (the quad construction, n <= 2) stops; the
  // H-tree gives 2 on 4 x 4 with r = 1 and on 4 x 8 with 1 x 2 cells. The sizes are not the
  // obstacle: a depth-first search with backtracking over groups -> cells (a scratch program, not
  // in the tree: groups in order of first step, cells in column-major order, a branch cut as soon
  // as an arc of a step carries two transmissions, s = 24 >= every_s_packets) found these
  // PU -> node placements, which hold for every s (checked at s* and around it).
  const std::vector<std::pair<std::array<std::int64_t, 3>, std::vector<std::int64_t>>> found = {
      {{4, 4, 1}, {0, 4, 8, 12, 2, 3, 7, 10, 11, 5, 6, 14, 15, 1, 9, 13}},
      {{4, 8, 2}, {0, 4, 8, 12, 16, 20, 24, 28, 25, 29, 22, 18, 17, 21, 23, 19,
                   9, 13, 10, 14, 26, 30, 15, 11, 1, 5, 2, 6, 3, 7, 27, 31}}};
  for (const auto& [size, pl] : found) {
    const auto [a, b, r] = size;
    const Network net = Network::mesh({a, b});
    const std::int64_t top = every_s_packets(embed_fractional_mesh(a, b, r, 1).tree);
    for (const std::int64_t s : {std::int64_t{1}, std::int64_t{2}, top - 1, top, 2 * top}) {
      const MeshEmbedding e = embed_fractional_mesh(a, b, r, s);
      EXPECT_EQ(congestion(e).congestion, 2) << a << "x" << b << " s " << s;  // the H-tree
      const network::RoutedSchedule rs = embed(e.schedule, net, pl, Switching::wormhole);
      EXPECT_EQ(network::edge_congestion(net, rs).congestion, 1) << a << "x" << b << " s " << s;
      EXPECT_EQ(network::edge_congestion_slow(net, rs).congestion, 1);
      const network::RoutedResult v = network::check_routed(net, rs);
      EXPECT_FALSE(v.witness) << v.witness->message;
    }
  }
}

TEST(MeshPlacement, CongestionIsMonotoneInSAndConstantFromTheBound) {
  // every_s_packets's argument, checked: congestion(s) never decreases and is constant from s*.
  for (const auto& [a, b, r] : std::vector<std::array<std::int64_t, 3>>{{4, 4, 1}, {8, 4, 2}, {4, 8, 2}, {8, 8, 4}}) {
    const Network net = Network::mesh({a, b});
    const std::int64_t top = every_s_packets(embed_fractional_mesh(a, b, r, 1).tree);
    std::int64_t last = 0;
    for (std::int64_t s = 1; s <= 2 * top; ++s) {
      const std::int64_t c = congestion(embed_fractional_mesh(a, b, r, s, Switching::wormhole, CellOrder::hilbert)).congestion;
      EXPECT_GE(c, last) << a << "x" << b << " s " << s;
      if (s > top) {
        EXPECT_EQ(c, last) << a << "x" << b << " s " << s;
      }
      last = c;
    }
  }
}

TEST(MeshPlacement, CongestionOneSizesPassTheRoutedChecker) {
  for (const auto& [a, b, r] : std::vector<std::array<std::int64_t, 3>>{{2, 4, 2}, {4, 2, 2}, {4, 4, 4}, {2, 2, 4}, {2, 2, 1}}) {
    for (const Switching sw : {Switching::wormhole, Switching::store_and_forward}) {
      const MeshEmbedding e = embed_fractional_mesh(a, b, r, 8, sw);
      EXPECT_EQ(congestion(e).congestion, 1) << a << "x" << b << " r " << r;
      const network::RoutedResult v = network::check_routed(Network::mesh({a, b}), e.routed);
      EXPECT_FALSE(v.witness) << a << "x" << b << " r " << r << ": " << v.witness->message;
    }
  }
  // And a congested one is rejected by the routed checker on the same arc as the congestion.
  const MeshEmbedding e = embed_fractional_mesh(4, 4, 1, 8);
  const network::RoutedResult v = network::check_routed(Network::mesh({4, 4}), e.routed);
  ASSERT_TRUE(v.witness);
  EXPECT_EQ(v.witness->property, network::RoutedProperty::arc_exclusivity);
  EXPECT_EQ(v.witness->round, congestion(e).witness->round);
}

TEST(MeshPlacement, MutantsRaiseCongestionWithAWitness) {
  // Row-major cells (Morton, 4 x 4, r = 4): 1 -> 2 at round 9 on 2 -> 6.
  EXPECT_EQ(congestion(embed_fractional_mesh(4, 4, 4, 8, Switching::wormhole, CellOrder::morton)).congestion, 1);
  const network::CongestionResult rm = congestion(
      embed_fractional_mesh(4, 4, 4, 8, Switching::wormhole, CellOrder::morton, InCell::row_major));
  EXPECT_EQ(rm.congestion, 2);
  ASSERT_TRUE(rm.witness);
  EXPECT_EQ(rm.witness->round, 9);
  EXPECT_EQ(rm.witness->arc.from, 2);
  EXPECT_EQ(rm.witness->arc.to, 6);
  // Two groups swapped (Hilbert, 4 x 4, r = 4: groups 1 and 2 trade cells).
  MeshEmbedding e = embed_fractional_mesh(4, 4, 4, 8, Switching::wormhole, CellOrder::hilbert);
  std::vector<std::int64_t> pl = e.placement;
  for (std::int64_t q = 0; q < 4; ++q) std::swap(pl[static_cast<std::size_t>(4 + q)], pl[static_cast<std::size_t>(8 + q)]);
  const Network net = Network::mesh({4, 4});
  const network::RoutedSchedule swapped = embed(e.schedule, net, pl, Switching::wormhole);
  const network::CongestionResult c = network::edge_congestion(net, swapped);
  EXPECT_GT(c.congestion, 1);
  ASSERT_TRUE(c.witness);
  EXPECT_GE(c.witness->senders.size(), 2u);
  const network::RoutedResult v = network::check_routed(net, swapped);
  ASSERT_TRUE(v.witness);
  EXPECT_EQ(v.witness->property, network::RoutedProperty::arc_exclusivity);
}

TEST(MeshPlacement, SplitRoundsRunEveryEmbeddingOnTheNetwork) {
  // Congested steps split into arc-disjoint rounds: the routed checker then accepts (every node
  // gets every packet) and the rounds exceed the steps exactly when the congestion exceeds 1.
  for (const auto& [a, b, r] : std::vector<std::array<std::int64_t, 3>>{{8, 16, 2}, {4, 4, 1}, {4, 4, 4}, {16, 16, 4}}) {
    const MeshEmbedding e = embed_fractional_mesh(a, b, r, 2 * r);
    const Network net = Network::mesh({a, b});
    const network::RoutedSchedule split = split_congested_rounds(net, e.routed);
    EXPECT_EQ(network::edge_congestion(net, split).congestion, 1);
    const network::RoutedResult v = network::check_routed(net, split);
    EXPECT_FALSE(v.witness) << a << "x" << b << ": " << v.witness->message;
    const bool congested = network::edge_congestion(net, e.routed).congestion > 1;
    EXPECT_EQ(split.rounds.size() > e.routed.rounds.size(), congested) << a << "x" << b;
  }
  // Without the split, the routed checker rejects the Figure 4 embedding at the congested arc.
  const MeshEmbedding e = embed_fractional_mesh(8, 16, 2, 8);
  const network::RoutedResult v = network::check_routed(Network::mesh({8, 16}), e.routed);
  ASSERT_TRUE(v.witness);
  EXPECT_EQ(v.witness->property, network::RoutedProperty::arc_exclusivity);
}

TEST(MeshPlacement, EmbedRefusesBadInput) {
  EXPECT_NE(input_error_message([] { (void)embed_fractional_mesh(8, 16, 2, 0); }).find("--s 0"), std::string::npos);
  EXPECT_NE(input_error_message([] { (void)embed_fractional_mesh(8, 12, 2, 4); }).find("8 x 12"), std::string::npos);
}

RC_GTEST_PROP(MeshPlacementProperty, FastCongestionEqualsSlow, ()) {
  const std::int64_t n = std::int64_t{1} << *rc::gen::inRange(0, 4);
  const std::int64_t r1 = *rc::gen::inRange<std::int64_t>(1, 4);
  const std::int64_t r2 = *rc::gen::inRange<std::int64_t>(1, 4);
  const std::int64_t s = *rc::gen::inRange<std::int64_t>(1, 10);
  const bool morton = *rc::gen::arbitrary<bool>();
  const bool sf = *rc::gen::arbitrary<bool>();
  const MeshEmbedding e = embed_fractional_mesh(n * r1, n * r2, r1 * r2, s,
                                                sf ? Switching::store_and_forward : Switching::wormhole,
                                                morton ? CellOrder::morton : CellOrder::hilbert);
  const Network net = Network::mesh({n * r1, n * r2});
  for (const CongestionUnit unit : {CongestionUnit::arc, CongestionUnit::link}) {
    const network::CongestionResult fast = network::edge_congestion(net, e.routed, unit);
    const network::CongestionResult slow = network::edge_congestion_slow(net, e.routed, unit);
    RC_ASSERT(!fast.defect && !slow.defect);
    RC_ASSERT(fast.congestion == slow.congestion);
    RC_ASSERT(fast.per_round == slow.per_round);
    RC_ASSERT(fast.witness.has_value() == slow.witness.has_value());
    if (fast.witness) RC_ASSERT(fast.witness->message == slow.witness->message);
  }
}

}  // namespace
}  // namespace collverify::embedding
