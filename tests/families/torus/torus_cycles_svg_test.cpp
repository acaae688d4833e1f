// reports/torus_svg: the cycle picture draws every link once in its cycle's colour (wrap-around
// links as two stubs), the wormhole picture one panel per round with its worms, and both refuse
// what they cannot draw.
#include <gtest/gtest.h>

#include <string>

#include "model/error.hpp"
#include "families/torus/torus_cycles_svg.hpp"

namespace collverify {
namespace {

std::size_t count(const std::string& text, const std::string& word) {
  std::size_t n = 0;
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
  return n;
}

TEST(TorusSvg, CyclesEveryLinkInItsColour) {
  // The 3x3 staircase by hand: cycle 0 has 6 links inside the grid and 3 wrap-around links.
  const std::vector<std::vector<std::int64_t>> cycles = {{0, 1, 2, 8, 6, 7, 4, 5, 3},
                                                         {0, 2, 5, 8, 7, 1, 4, 3, 6}};
  const std::string svg = torus_cycles_svg({3, 3}, cycles);
  EXPECT_EQ(count(svg, "stroke=\"#d62728\""), 6u + 2 * 3 + 1);  // + the legend
  EXPECT_EQ(count(svg, "<circle"), 9u);
  EXPECT_NE(svg.find("2 link-disjoint Hamiltonian cycles of the 3x3 torus"), std::string::npos);
  EXPECT_EQ(svg.find("<script"), std::string::npos);
}

TEST(TorusSvg, WormholePanelsPerRound) {
  network::RoutedSchedule s;
  s.network = {network::NetworkKind::torus, {5, 5}};
  s.model.switching = Switching::wormhole;
  // Round 0: root 0 sends one worm (+0, +1, +1) to node 11; round 1: 0 and 11 send one hop each.
  s.rounds = {{{0, {0, 2, 2}, {{0, 0}}}}, {{0, {1}, {{0, 0}}}, {11, {2}, {{0, 0}}}}};
  const std::string svg = wormhole_rounds_svg(s, "a & b");
  EXPECT_NE(svg.find("round 0 (1 worms)"), std::string::npos);
  EXPECT_NE(svg.find("round 1 (2 worms)"), std::string::npos);
  EXPECT_NE(svg.find("a &amp; b"), std::string::npos);  // the title is escaped
  EXPECT_EQ(count(svg, "<circle"), 50u);               // 25 nodes per panel
  EXPECT_EQ(count(svg, "fill=\"#000000\""), 2u);       // the root in both panels
}

TEST(TorusSvg, RefusesWhatItCannotDraw) {
  EXPECT_THROW(torus_cycles_svg({3, 3, 3}, {}), InputError);
  EXPECT_THROW(torus_cycles_svg({65, 65}, {}), InputError);
  network::RoutedSchedule s;
  s.network = {network::NetworkKind::torus, {3, 3, 3}};
  EXPECT_THROW(wormhole_rounds_svg(s, "x"), InputError);
}

}  // namespace
}  // namespace collverify
