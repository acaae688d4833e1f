// The TADT picture: one circle per node, one arrow per arc, one colour per level, wrapping arcs
// dashed, sizes that cannot be drawn refused naming them.
#include "families/torus/torus_svg.hpp"

#include <gtest/gtest.h>

#include <set>

#include "model/error.hpp"
#include "reference/torus/tadt.hpp"

namespace collverify {
namespace {

std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

TEST(TorusSvg, ThreeByThreeSnakes) {
  const std::vector<std::int64_t> sides{3, 3};
  const std::string svg = tadt_tree_svg(sides, torus::snake_tree_2d(3));
  EXPECT_EQ(count(svg, "<circle"), 9u);
  EXPECT_EQ(count(svg, "<polygon"), 8u);
  EXPECT_EQ(count(svg, "stroke-dasharray"), 0u);  // the snakes stay inside -m..m
  std::set<std::string> colours;
  for (std::size_t at = svg.find("<line"); at != std::string::npos; at = svg.find("<line", at + 1)) {
    const std::size_t c = svg.find("stroke=\"", at) + 8;
    colours.insert(svg.substr(c, svg.find('"', c) - c));
  }
  EXPECT_EQ(colours.size(), 2u);
  EXPECT_NE(svg.find("height 2"), std::string::npos);
}

TEST(TorusSvg, WrappingArcIsAStubAndBadSizesAreRefused) {
  const std::vector<std::int64_t> sides{3, 3};
  // (1,0) --+0--> wraps to (-1,0).
  const std::string svg = tadt_tree_svg(sides, network::LevelTree{0, {{1, 0, 0}}});
  EXPECT_EQ(count(svg, "stroke-dasharray"), 1u);
  const std::vector<std::int64_t> cube{3, 3, 3};
  EXPECT_THROW((void)tadt_tree_svg(cube, network::LevelTree{}), InputError);
  const std::vector<std::int64_t> big{27, 27};
  try {
    (void)tadt_tree_svg(big, network::LevelTree{});
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("27x27"), std::string::npos);
  }
}

}  // namespace
}  // namespace collverify

namespace collverify {
namespace {

std::size_t count_3d(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

// The 3D picture: one disc per node in its slice, one arrow per arc inside a slice, one triangle
// per arc across slices (up for +2, down for -2), sizes that cannot be drawn refused.
TEST(TorusSvg3d, ThreeCubePyramidsBySlices) {
  const std::vector<std::int64_t> sides{3, 3, 3};
  const network::LevelTree t = torus::pyramid_tree_3d(3);
  const std::string svg = tadt_tree_3d_svg(sides, t);
  EXPECT_EQ(count_3d(svg, "<circle"), 27u);
  std::size_t crossing = 0;
  for (const auto& a : t.arcs) crossing += a.direction >= 4 ? 1 : 0;
  EXPECT_GT(crossing, 0u);
  EXPECT_EQ(count_3d(svg, "class=\"cross\""), crossing);
  EXPECT_EQ(count_3d(svg, "<polygon"), t.arcs.size());  // an arrowhead or a triangle per arc
  EXPECT_EQ(count_3d(svg, "<line"), t.arcs.size() - crossing);
  for (const char* s : {"slice w = -1", "slice w = 0", "slice w = 1"}) EXPECT_NE(svg.find(s), std::string::npos) << s;
  EXPECT_NE(svg.find("torus 3x3x3: 26 arcs, height 5"), std::string::npos);
}

TEST(TorusSvg3d, OneArcAcrossSlicesIsATriangleAtItsHead) {
  const std::vector<std::int64_t> sides{3, 3, 3};
  // 0 --+2--> (0,0,1): a triangle pointing up; 0 --(-2)--> (0,0,-1): pointing down.
  const std::string up = tadt_tree_3d_svg(sides, network::LevelTree{0, {{0, 4, 0}}});
  const std::string down = tadt_tree_3d_svg(sides, network::LevelTree{0, {{0, 5, 0}}});
  EXPECT_EQ(count_3d(up, "class=\"cross\""), 1u);
  EXPECT_EQ(count_3d(up, "<line"), 0u);
  EXPECT_NE(up, down);
  auto refusal = [](std::vector<std::int64_t> s) {
    try {
      (void)tadt_tree_3d_svg(s, network::LevelTree{});
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  EXPECT_NE(refusal({5, 5}).find("torus 5x5"), std::string::npos);
  EXPECT_NE(refusal({3, 3, 12}).find("3x3x12"), std::string::npos);
}

}  // namespace
}  // namespace collverify
