// The quad construction (reference/embedding/mesh_quad.hpp): edge congestion 1 on every mesh of
// n <= 2 cells a side, for every cell shape r1 x r2 <= 5 x 5 and every s (s = 1 .. every_s_packets,
// which covers every s), judged by the congestion checker and its slow twin and by the routed
// checker in both switchings; the tree shape it relies on for every r; the example of its header;
// the default (automatic) picks it for n <= 2 and the H-tree for Figure 4; the sizes the H-tree
// left congested (8 x 4 with 4 x 2 cells, 8 x 8 with 4 x 4 cells); its mutants rejected with a
// witness by both checkers; n > 2 refused naming n.
#include "reference/embedding/mesh_quad.hpp"

#include <gtest/gtest.h>

#include "checkers/network/congestion.hpp"
#include "checkers/network/routed_check.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/embedding/embed.hpp"
#include "reference/fractional/broadcast.hpp"
#include "tests/model/input_error_message.hpp"

namespace collverify::embedding {
namespace {

using network::Network;

using test_support::input_error_message;

TEST(MeshQuad, TheFourGroupTreeHasOneShapeForEveryR) {
  for (std::int64_t r = 1; r <= 64; ++r) {
    const GroupTree t = full_fractional_groups(4, r);
    EXPECT_EQ(t.down, (std::vector<std::int64_t>{1, 2, -1, -1})) << r;
    EXPECT_EQ(t.right, (std::vector<std::int64_t>{3, -1, -1, -1})) << r;
  }
}

TEST(MeshQuad, HeaderExample) {
  const MeshShape m = mesh_shape(4, 4, 4);
  EXPECT_EQ(quad_placement(m, full_fractional_groups(4, 4)),
            (std::vector<std::int64_t>{4, 0, 1, 5, 6, 2, 3, 7, 11, 15, 14, 10, 8, 12, 13, 9}));
}

// The routed schedule of the quad placement of an n x n-cell mesh (n = 1 or 2) with s packets.
network::RoutedSchedule routed(const MeshShape& m, std::int64_t s, Switching sw,
                               QuadMutant mutant = QuadMutant::none) {
  const GroupTree t = full_fractional_groups(m.n() * m.n(), m.r1 * m.r2);
  const fractional::BroadcastResult br = fractional::run_lock_step(to_placements(t), t.r, s);
  return embed(br.schedule, Network::mesh({m.a, m.b}), quad_placement(m, t, mutant), sw);
}

TEST(MeshQuad, CongestionOneForEveryCellShapeAndEveryS) {
  for (std::int64_t n = 1; n <= 2; ++n) {
    for (std::int64_t r1 = 1; r1 <= 5; ++r1) {
      for (std::int64_t r2 = 1; r2 <= 5; ++r2) {
        const MeshShape m{n * r1, n * r2, r1, r2};
        const Network net = Network::mesh({m.a, m.b});
        const std::int64_t top = every_s_packets(full_fractional_groups(n * n, r1 * r2));
        for (std::int64_t s = 1; s <= top; ++s) {
          const network::RoutedSchedule w = routed(m, s, Switching::wormhole);
          const network::CongestionResult fast = network::edge_congestion(net, w);
          EXPECT_LE(fast.congestion, 1) << m.a << "x" << m.b << " r " << r1 * r2 << " s " << s;
          EXPECT_EQ(network::edge_congestion_slow(net, w).congestion, fast.congestion);
          // Anything crosses an arc as soon as a PU is not alone.
          EXPECT_EQ(fast.congestion, m.a * m.b > 1 ? 1 : 0);
        }
        for (const Switching sw : {Switching::wormhole, Switching::store_and_forward}) {
          const network::RoutedResult v = network::check_routed(net, routed(m, top, sw));
          EXPECT_FALSE(v.witness) << m.a << "x" << m.b << ": " << v.witness->message;
        }
      }
    }
  }
}

TEST(MeshQuad, AutomaticPicksItWhereItApplies) {
  EXPECT_EQ(embed_fractional_mesh(8, 4, 8, 17).order, CellOrder::quad);
  EXPECT_EQ(embed_fractional_mesh(8, 16, 2, 8).order, CellOrder::hilbert);  // Figure 4: n = 8
  EXPECT_EQ(embed_fractional_mesh(4, 4, 1, 3).order, CellOrder::hilbert);
  // The two n = 2 sizes of docs/RESULTS-fractional.md the H-tree left at 2 are 1 now.
  for (const auto& [a, b, r] : std::vector<std::array<std::int64_t, 3>>{{8, 4, 8}, {8, 8, 16}}) {
    const Network net = Network::mesh({a, b});
    const MeshEmbedding h = embed_fractional_mesh(a, b, r, 2 * r + 1, Switching::wormhole, CellOrder::hilbert);
    EXPECT_EQ(network::edge_congestion(net, h.routed).congestion, 2) << a << "x" << b;
    const MeshEmbedding q = embed_fractional_mesh(a, b, r, 2 * r + 1);
    EXPECT_EQ(network::edge_congestion(net, q.routed).congestion, 1) << a << "x" << b;
    EXPECT_EQ(q.schedule.rounds.size(), h.schedule.rounds.size());  // same tree, same steps
    EXPECT_EQ(q.depth, h.depth);
  }
}

TEST(MeshQuad, MutantsAreRejectedByBothCheckers) {
  const MeshShape m = mesh_shape(8, 4, 8);  // 4 x 2 cells
  const Network net = Network::mesh({8, 4});
  const std::int64_t s = every_s_packets(full_fractional_groups(4, 8));
  for (const QuadMutant mutant : {QuadMutant::root_snake_reversed, QuadMutant::down_groups_swapped}) {
    const network::RoutedSchedule w = routed(m, s, Switching::wormhole, mutant);
    const network::CongestionResult c = network::edge_congestion(net, w);
    EXPECT_GE(c.congestion, 2) << static_cast<int>(mutant);
    ASSERT_TRUE(c.witness);
    EXPECT_GE(c.witness->senders.size(), 2u);
    EXPECT_EQ(network::edge_congestion_slow(net, w).witness->message, c.witness->message);
    const network::RoutedResult v = network::check_routed(net, w);
    ASSERT_TRUE(v.witness);
    EXPECT_EQ(v.witness->property, network::RoutedProperty::arc_exclusivity);
  }
}

TEST(MeshQuad, RefusesMoreThanTwoCellsASide) {
  const MeshShape m = mesh_shape(8, 16, 2);
  EXPECT_FALSE(quad_applies(m));
  EXPECT_NE(input_error_message([&] { (void)quad_placement(m, full_fractional_groups(64, 2)); }).find("n = 8"),
            std::string::npos);
  EXPECT_NE(input_error_message([] { (void)embed_fractional_mesh(8, 16, 2, 8, Switching::wormhole, CellOrder::quad); })
                .find("n = 8"),
            std::string::npos);
}

}  // namespace
}  // namespace collverify::embedding
