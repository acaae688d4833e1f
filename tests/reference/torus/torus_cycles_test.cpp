// The torus constructions of seeds 003/004 (reference/torus) judged by the independent checkers:
// link-disjoint Hamiltonian cycles (cycle_check), ParallelHamilCycleAAB (routed checker) and the
// wormhole broadcasts (wormhole_check and the routed checker's wormhole mode, which must agree).
#include <gtest/gtest.h>

#include "checkers/network/cycle_check.hpp"
#include "checkers/network/routed_check.hpp"
#include "checkers/network/wormhole_check.hpp"
#include "model/error.hpp"
#include "reference/torus/hamilton_aab.hpp"
#include "reference/torus/hamilton_cycles.hpp"
#include "reference/torus/wormhole_broadcast.hpp"

namespace collverify::torus {
namespace {

namespace net = network;

void expect_cycles(const std::vector<std::int64_t>& sides) {
  const HamiltonCycles h = hamilton_cycles(sides);
  ASSERT_TRUE(h.found) << "no cycles for " << net::Network::describe({net::NetworkKind::torus, sides});
  const net::Network n = net::Network::torus(sides);
  ASSERT_EQ(h.cycles.size(), sides.size());
  const auto r = net::check_link_disjoint_cycles(n, h.cycles);
  EXPECT_FALSE(r.witness) << r.witness->message;
  EXPECT_EQ(r.links_used, n.arcs() / 2);  // a decomposition: every link used once
}

TEST(HamiltonCycles, EveryTwoDimensionalTorusUpTo16) {
  for (std::int64_t a = 3; a <= 16; ++a) {
    for (std::int64_t b = 3; b <= 16; ++b) expect_cycles({a, b});
  }
}

TEST(HamiltonCycles, SquaresUseTheStaircase) {
  for (std::int64_t z = 3; z <= 41; z += 2) {
    EXPECT_EQ(hamilton_cycles(std::vector<std::int64_t>{z, z}).method, "staircase");
    expect_cycles({z, z});
  }
  expect_cycles({40, 40});
}

TEST(HamiltonCycles, ThreeDimensional) {
  expect_cycles({3, 3, 3});
  expect_cycles({3, 4, 5});
  expect_cycles({4, 4, 4});
}

TEST(HamiltonCycles, BadSidesAreRefused) {
  EXPECT_THROW(hamilton_cycles(std::vector<std::int64_t>{2, 5}), InputError);
  EXPECT_THROW(hamilton_cycles(std::vector<std::int64_t>{7}), InputError);
}

TEST(HamiltonAab, RoutedCheckerPassesAtLemma12Rounds) {
  for (const std::vector<std::int64_t>& sides :
       std::vector<std::vector<std::int64_t>>{{3, 3}, {4, 5}, {5, 5}, {6, 3}, {3, 3, 3}}) {
    const net::Network n = net::Network::torus(sides);
    const HamiltonCycles h = hamilton_cycles(sides);
    const net::RoutedSchedule s = parallel_hamil_cycle_aab(n, h.cycles);
    const auto r = net::check_routed(n, s);
    EXPECT_FALSE(r.witness) << r.witness->message;
    EXPECT_EQ(r.rounds, hamil_cycle_aab_rounds(n.nodes()));
  }
}

TEST(Wormhole, TilingPassesBothCheckers) {
  for (int k = 1; k <= 3; ++k) {
    const net::RoutedSchedule s = recursive_tiling(k);
    const net::Network n = net::Network::from_spec(s.network);
    const auto w = net::check_wormhole_broadcast(n, s);
    EXPECT_FALSE(w.witness) << "k = " << k << ": " << w.witness->message;
    EXPECT_EQ(w.rounds, 2 * k);
    EXPECT_EQ(w.lower_bound, 2 * k);
    const auto r = net::check_routed(n, s);
    EXPECT_FALSE(r.witness) << r.witness->message;
  }
}

TEST(Wormhole, DiagonalPassesBothCheckersUpTo20) {
  for (std::int64_t a = 3; a <= 20; ++a) {
    for (std::int64_t b = 3; b <= 20; ++b) {
      const net::RoutedSchedule s = dilated_diagonal(a, b);
      const net::Network n = net::Network::from_spec(s.network);
      const auto w = net::check_wormhole_broadcast(n, s);
      ASSERT_FALSE(w.witness) << a << "x" << b << ": " << w.witness->message;
      EXPECT_EQ(w.rounds, dilated_diagonal_rounds(a, b)) << a << "x" << b;
      EXPECT_LE(w.rounds - log5_bound(a * b), 5) << a << "x" << b;
      const auto r = net::check_routed(n, s);
      EXPECT_FALSE(r.witness) << r.witness->message;
    }
  }
}

}  // namespace
}  // namespace collverify::torus
