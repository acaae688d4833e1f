// The TADT picture: one circle per node, one arrow per arc, one colour per level, wrapping arcs
// dashed, sizes that cannot be drawn refused naming them.
#include "reports/torus_svg.hpp"

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
