// The level-tree helpers: translation moves root and arcs as the network's translation does, and
// the all-to-all schedule puts each arc in the round of its level with the tree root's packet.
#include "model/network/level_tree.hpp"

#include <gtest/gtest.h>

namespace collverify::network {
namespace {

TEST(LevelTree, HeightIsOnePlusLargestLevel) {
  EXPECT_EQ(height(LevelTree{}), 0);
  LevelTree t{0, {{0, 0, 0}, {1, 0, 3}}};
  EXPECT_EQ(height(t), 4);
}

TEST(LevelTree, TranslationOnTorusMovesEveryArc) {
  const Network net = Network::torus({3, 3});
  // 0 -> 1 (+0, level 0), 1 -> 4 (+1, level 1)
  const LevelTree g{0, {{0, 0, 0}, {1, 2, 1}}};
  const LevelTree t = translated(net, g, 4);  // node 4 = (1, 1)
  EXPECT_EQ(t.root, 4);
  ASSERT_EQ(t.arcs.size(), 2u);
  EXPECT_EQ(t.arcs[0], (LevelArc{4, 0, 0}));
  EXPECT_EQ(t.arcs[1], (LevelArc{5, 2, 1}));
  EXPECT_EQ(*net.target(5, 2), 8);
  // Hypercube: translation by xor keeps directions.
  const Network cube = Network::hypercube(2);
  const LevelTree h = translated(cube, LevelTree{0, {{0, 1, 0}}}, 3);
  EXPECT_EQ(h.root, 3);
  EXPECT_EQ(h.arcs[0], (LevelArc{3, 1, 0}));
}

TEST(LevelTree, AllToAllScheduleSendsTheRootsPacketInTheArcsLevel) {
  const Network net = Network::torus({3});
  const LevelTree g{0, {{0, 0, 0}, {0, 1, 0}}};  // 0 -> 1 and 0 -> 2 in round 0
  const auto trees = all_translations(net, g);
  ASSERT_EQ(trees.size(), 3u);
  const RoutedSchedule s = all_to_all_schedule(net, trees);
  EXPECT_EQ(s.collective, Collective::aab);
  ASSERT_EQ(s.rounds.size(), 1u);
  ASSERT_EQ(s.rounds[0].size(), 6u);
  for (const Transmission& x : s.rounds[0]) {
    ASSERT_EQ(x.packets.size(), 1u);
    EXPECT_EQ(x.packets[0].origin, x.from);  // each node sends its own packet
    EXPECT_EQ(x.hops.size(), 1u);
  }
}

}  // namespace
}  // namespace collverify::network
