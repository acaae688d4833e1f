// The sweeps behind docs/RESULTS-tori-cycles.md: every a x b torus with 3 <= a, b <= 41 gets two
// link-disjoint Hamiltonian cycles (the closed form) that the cycle checker accepts, and so do
// the sampled a x b up to 200 x 200 (every a with b = 3..6, a-1..a+1 and 199, 200: every pattern
// and parity, both frames); every 3D torus with sides 3..7 three (search), and 4D tori with
// sides 3..4 four.
#include <gtest/gtest.h>

#include "checkers/network/cycle_check.hpp"
#include "reference/torus/hamilton_cycles.hpp"

namespace collverify::torus {
namespace {

void expect_decomposition(const std::vector<std::int64_t>& sides) {
  const HamiltonCycles h = hamilton_cycles(sides);
  const auto n = network::Network::torus(sides);
  ASSERT_TRUE(h.found) << network::Network::describe(n.spec());
  const auto r = network::check_link_disjoint_cycles(n, h.cycles);
  ASSERT_FALSE(r.witness) << r.witness->message;
  ASSERT_EQ(r.links_used, n.arcs() / 2);
}

TEST(TorusCyclesSlow, EveryTwoDimensionalTorusUpTo41) {
  for (std::int64_t a = 3; a <= 41; ++a) {
    for (std::int64_t b = 3; b <= 41; ++b) expect_decomposition({a, b});
  }
}

TEST(TorusCyclesSlow, SampledTwoDimensionalUpTo200) {
  for (std::int64_t a = 3; a <= 200; ++a) {
    for (std::int64_t b : {std::int64_t{3}, std::int64_t{4}, std::int64_t{5}, std::int64_t{6}, a - 1,
                           a, a + 1, std::int64_t{199}, std::int64_t{200}}) {
      if (b >= 3 && b <= 200) expect_decomposition({a, b});
    }
  }
}

TEST(TorusCyclesSlow, ThreeAndFourDimensional) {
  for (std::int64_t a = 3; a <= 7; ++a) {
    for (std::int64_t b = a; b <= 7; ++b) {
      for (std::int64_t c = b; c <= 7; ++c) expect_decomposition({a, b, c});
    }
  }
  for (std::int64_t a = 3; a <= 4; ++a) {
    for (std::int64_t b = 3; b <= 4; ++b) expect_decomposition({a, b, 3, 4});
  }
  expect_decomposition({13, 13, 13});
}

}  // namespace
}  // namespace collverify::torus
