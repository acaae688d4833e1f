// The snake and pyramid constructions (reference/torus/tadt.hpp): written-out small cases, the
// height against Lemma 8's bound for every z the campaign covers, and checker A on each; the
// sizes without a construction are refused naming the sides.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "checkers/network/tadt_check.hpp"
#include "model/error.hpp"
#include "reference/torus/tadt.hpp"

namespace collverify::torus {
namespace {

namespace net = network;

TEST(TadtSnake, ThreeByThreeIsTheFourRotatedTwoArcSnakes) {
  const net::LevelTree t = snake_tree_2d(3);
  // Node = x + 3 y; directions 0 "+0", 1 "-0", 2 "+1", 3 "-1".
  const std::vector<net::LevelArc> expected{{0, 0, 0}, {0, 2, 0}, {0, 1, 0}, {0, 3, 0},
                                            {1, 2, 1}, {3, 1, 1}, {2, 3, 1}, {6, 0, 1}};
  EXPECT_EQ(t.root, 0);
  EXPECT_EQ(t.arcs, expected);
  EXPECT_EQ(net::height(t), 2);
}

TEST(TadtSnake, HeightIsTheBoundAndCheckerAAcceptsForEveryOddZUpTo41) {
  for (std::int64_t z = 1; z <= 41; z += 2) {
    const net::Network torus = net::Network::torus({z, z});
    const net::LevelTree t = snake_tree_2d(z);
    EXPECT_EQ(static_cast<std::int64_t>(t.arcs.size()), z * z - 1) << z;
    EXPECT_EQ(net::height(t), (z * z - 1) / 4) << z;
    EXPECT_EQ(net::height(t), tadt_lower_bound(z * z, z == 1 ? 1 : 4)) << z;
    const auto verdict = net::check_generic_tadt(torus, t);
    EXPECT_FALSE(verdict.has_value()) << z << ": " << verdict->message;
  }
}

TEST(TadtPyramid, HeightMeetsLemma8ForEveryOddZUpTo13) {
  for (std::int64_t z = 1; z <= 13; z += 2) {
    const net::Network torus = net::Network::torus({z, z, z});
    const net::LevelTree t = pyramid_tree_3d(z);
    const std::int64_t n = z * z * z;
    EXPECT_EQ(static_cast<std::int64_t>(t.arcs.size()), n - 1) << z;
    EXPECT_EQ(net::height(t), (n - 1 + 5) / 6) << z;
    EXPECT_EQ(net::height(t), net::aab_noncombining_bound(torus)) << z;
    const auto verdict = net::check_generic_tadt(torus, t);
    EXPECT_FALSE(verdict.has_value()) << z << ": " << verdict->message;
  }
}

TEST(TadtPyramid, EveryLevelButTheLastUsesAllSixDirections) {
  // The pyramids fill levels 0..B-1 with six arcs each; the diagonal fills the rest, six per
  // level but the last (2m mod 6 arcs, or six).
  for (std::int64_t z : {3, 5, 7, 9}) {
    const net::LevelTree t = pyramid_tree_3d(z);
    std::vector<std::set<net::Direction>> per_level(static_cast<std::size_t>(net::height(t)));
    for (const auto& a : t.arcs) per_level[static_cast<std::size_t>(a.level)].insert(a.direction);
    for (std::size_t l = 0; l + 1 < per_level.size(); ++l) EXPECT_EQ(per_level[l].size(), 6u) << z << " " << l;
  }
}

TEST(TadtPyramid, ThreeCubeHasFourPyramidLevelsAndOneDiagonalLevel) {
  // m = 1: B = 4 (the pyramid of face +0 holds (1,0,0), (1,0,1), (1,1,0), (1,1,-1)...), the two
  // diagonal nodes (1,1,1) and (-1,-1,-1) at level 4: height 5 = ceil(26 / 6).
  const net::LevelTree t = pyramid_tree_3d(3);
  EXPECT_EQ(net::height(t), 5);
  std::vector<net::LevelArc> last;
  for (const auto& a : t.arcs) {
    if (a.level == 4) last.push_back(a);
  }
  ASSERT_EQ(last.size(), 2u);
  // (1,1,1) = 13 entered along +0 from (0,1,1) = 12; (-1,-1,-1) = (2,2,2) = 26 along -0 from
  // (0,2,2) = 24.
  EXPECT_EQ(last[0], (net::LevelArc{12, 0, 4}));
  EXPECT_EQ(last[1], (net::LevelArc{24, 1, 4}));
}

TEST(TadtConstruction, RefusesSizesWithoutAConstructionNamingThem) {
  const std::vector<std::pair<std::vector<std::int64_t>, std::string>> cases{
      {{4, 4}, "4x4"}, {{3, 5}, "3x5"}, {{5, 5, 7}, "5x5x7"}, {{6, 6, 6}, "6x6x6"},
      {{5}, "5"}, {{3, 0}, "side 0"}};
  for (const auto& [sides, word] : cases) {
    const std::string gap = tadt_construction_gap(sides);
    EXPECT_NE(gap.find(word), std::string::npos) << gap;
    EXPECT_THROW((void)tadt_generic_tree(sides), InputError) << word;
  }
  EXPECT_NE(tadt_construction_gap(std::vector<std::int64_t>{4, 4}).find("use synth tadt"), std::string::npos);
  EXPECT_TRUE(tadt_construction_gap(std::vector<std::int64_t>{5, 5}).empty());
  EXPECT_TRUE(tadt_construction_gap(std::vector<std::int64_t>{5, 5, 5}).empty());
  EXPECT_THROW((void)snake_tree_2d(4), InputError);
  EXPECT_THROW((void)pyramid_tree_3d(0), InputError);
}

}  // namespace
}  // namespace collverify::torus
