// The n-dimensional lift (reference/torus/hamilton_lift.hpp, issue 23 "4D by product"), judged by
// the independent cycle checker: every 4D torus with sides 3..5 in every order (81) and with sides
// 4 and 6 in every order (16), every link used, the squares shaped as the proof needs (n - 2 per
// row 0..d-2, no node twice in a row, one Y never on the same layer link in consecutive
// rows); 5D by lifting the 4D lift; mutants the checker must reject: the last square dropped (its
// colour splits: cycle_length), two nodes swapped in a cycle. hamilton_cycles uses it for n >= 4
// ("product") and the search stays the twin, and the fallback where the lift finds nothing.
#include "reference/torus/hamilton_lift.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "checkers/network/cycle_check.hpp"
#include "model/network/network.hpp"
#include "reference/torus/hamilton_cycles.hpp"

namespace collverify::torus {
namespace {

namespace net = network;

std::string name(const std::vector<std::int64_t>& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i > 0) out.append("x");
    out.append(std::to_string(s[i]));
  }
  return out;
}

void expect_lifted(const std::vector<std::int64_t>& sides) {
  const auto p = hamilton_lift(sides);
  ASSERT_TRUE(p) << name(sides);
  const net::Network torus = net::Network::torus(sides);
  const auto r = net::check_link_disjoint_cycles(torus, p->cycles);
  ASSERT_FALSE(r.witness) << name(sides) << ": " << r.witness->message;
  EXPECT_EQ(r.links_used, torus.arcs() / 2) << name(sides);
  const auto n = static_cast<std::int64_t>(sides.size());
  const std::int64_t d = sides[static_cast<std::size_t>(p->vertical)];
  ASSERT_EQ(static_cast<std::int64_t>(p->squares.size()), (d - 1) * (n - 2)) << name(sides);
  std::map<std::int64_t, std::set<std::int64_t>> nodes_of_row;
  std::map<int, std::set<std::int64_t>> last_link;  // colour -> the layer link of the row before
  for (std::size_t i = 0; i < p->squares.size(); ++i) {
    const LiftSquare& s = p->squares[i];
    EXPECT_EQ(s.row, static_cast<std::int64_t>(i) / (n - 2)) << name(sides);
    EXPECT_EQ(s.colour, static_cast<int>(i % static_cast<std::size_t>(n - 2)) + 2) << name(sides);
    EXPECT_TRUE(nodes_of_row[s.row].insert(s.u).second) << name(sides) << ": a node twice in a row";
    EXPECT_TRUE(nodes_of_row[s.row].insert(s.w).second) << name(sides) << ": a node twice in a row";
    const std::set<std::int64_t> link{s.u, s.w};
    EXPECT_NE(last_link[s.colour], link) << name(sides) << ": one layer link in consecutive rows";
    last_link[s.colour] = link;
  }
}

TEST(HamiltonLift, EveryFourDimensionalTorusWithSidesThreeToFiveInEveryOrder) {
  for (std::int64_t a = 3; a <= 5; ++a) {
    for (std::int64_t b = 3; b <= 5; ++b) {
      for (std::int64_t c = 3; c <= 5; ++c) {
        for (std::int64_t d = 3; d <= 5; ++d) expect_lifted({a, b, c, d});
      }
    }
  }
}

TEST(HamiltonLift, EveryFourDimensionalTorusWithSidesFourAndSixInEveryOrder) {
  for (std::int64_t mask = 0; mask < 16; ++mask) {
    std::vector<std::int64_t> sides;
    for (int i = 0; i < 4; ++i) sides.push_back((mask >> i) & 1 ? 6 : 4);
    expect_lifted(sides);
  }
}

TEST(HamiltonLift, FiveDimensionsLiftTheFourDimensionalLift) {
  expect_lifted({3, 3, 3, 3, 3});
  expect_lifted({4, 4, 4, 4, 4});
  expect_lifted({3, 4, 5, 4, 3});
}

TEST(HamiltonLift, TheLastSquareDroppedSplitsItsColour) {
  for (const std::vector<std::int64_t>& sides :
       {std::vector<std::int64_t>{3, 3, 3, 3}, std::vector<std::int64_t>{4, 4, 4, 4},
        std::vector<std::int64_t>{3, 4, 5, 6}}) {
    auto p = hamilton_lift(sides);
    ASSERT_TRUE(p);
    const int colour = p->squares.back().colour;
    p->squares.pop_back();
    const auto cycles = lift_cycles(sides, *p);
    std::int64_t N = 1;
    for (std::int64_t s : sides) N *= s;
    for (std::size_t q = 0; q < cycles.size(); ++q) {
      if (static_cast<int>(q) == colour) {
        EXPECT_LT(static_cast<std::int64_t>(cycles[q].size()), N) << name(sides);
      } else {
        EXPECT_EQ(static_cast<std::int64_t>(cycles[q].size()), N) << name(sides);
      }
    }
    const auto r = net::check_link_disjoint_cycles(net::Network::torus(sides), cycles);
    ASSERT_TRUE(r.witness);
    EXPECT_EQ(r.witness->property, "cycle_length") << r.witness->message;
  }
}

TEST(HamiltonLift, TwoNodesSwappedInACycleAreRejected) {
  const std::vector<std::int64_t> sides{4, 3, 5, 4};
  auto p = hamilton_lift(sides);
  ASSERT_TRUE(p);
  std::swap(p->cycles[3][5], p->cycles[3][6]);
  const auto r = net::check_link_disjoint_cycles(net::Network::torus(sides), p->cycles);
  ASSERT_TRUE(r.witness);
}

// hamilton_cycles takes the lift for n >= 4; the search, forced, decomposes the same tori (the
// twin), and stays the fallback where the lift finds nothing: 6x10x14x4, whose every 3D layer is
// either a 3D gap (6x10x14) or gives a frame with gcd 2.
TEST(HamiltonLift, HamiltonCyclesUsesItAndTheSearchStaysTheTwin) {
  for (const std::vector<std::int64_t>& sides :
       {std::vector<std::int64_t>{3, 3, 3, 3}, std::vector<std::int64_t>{4, 4, 4, 4},
        std::vector<std::int64_t>{3, 4, 5, 6}, std::vector<std::int64_t>{3, 3, 3, 3, 3}}) {
    const HamiltonCycles h = hamilton_cycles(sides);
    ASSERT_TRUE(h.found) << name(sides);
    EXPECT_EQ(h.method, "product") << name(sides);
    HamiltonOptions o;
    o.force_search = true;
    const HamiltonCycles s = hamilton_cycles(sides, o);
    EXPECT_EQ(s.method, "search");
    ASSERT_TRUE(s.found) << name(sides);
    const net::Network torus = net::Network::torus(sides);
    EXPECT_FALSE(net::check_link_disjoint_cycles(torus, h.cycles).witness) << name(sides);
    EXPECT_FALSE(net::check_link_disjoint_cycles(torus, s.cycles).witness) << name(sides);
  }
  const std::vector<std::int64_t> gap{6, 10, 14, 4};
  EXPECT_FALSE(hamilton_lift(gap));
}

}  // namespace
}  // namespace collverify::torus
