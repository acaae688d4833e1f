// checkers/network/cycle_check: link-disjoint Hamiltonian cycles. A hand-made 3x3 decomposition
// passes; every mutant of generators/torus_mutants is rejected with its property, cycle, position
// and node; meshes are refused by degree with the node named; the constructions of
// reference/torus pass on 2D and 3D tori.
#include <gtest/gtest.h>

#include "checkers/network/cycle_check.hpp"
#include "generators/torus_mutants.hpp"
#include "model/error.hpp"
#include "reference/torus/hamilton_cycles.hpp"

namespace collverify::network {
namespace {

using Cycles = std::vector<std::vector<std::int64_t>>;

// The 3x3 staircase worked out by hand: rows left at (y, y), node x + 3y.
const Cycles kThreeByThree = {{0, 1, 2, 8, 6, 7, 4, 5, 3}, {0, 2, 5, 8, 7, 1, 4, 3, 6}};

TEST(CycleCheck, HandMadeDecompositionPasses) {
  const Network n = Network::torus({3, 3});
  const auto r = check_link_disjoint_cycles(n, kThreeByThree);
  EXPECT_FALSE(r.witness) << r.witness->message;
  EXPECT_EQ(r.links_used, 18);
}

TEST(CycleCheck, TheExampleOfTheHeader) {
  // The second cycle traced along the rows: 0 1 2 shares 0-1 with the first cycle.
  const Network n = Network::torus({3, 3});
  const Cycles c = {kThreeByThree[0], {0, 1, 4, 3, 6, 7, 8, 5, 2}};
  const auto r = check_link_disjoint_cycles(n, c);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->property, "shared_link");
  EXPECT_EQ(r.witness->cycle, 1);
  EXPECT_EQ(r.witness->position, 0);
  EXPECT_EQ(r.witness->other_cycle, 0);
  EXPECT_EQ(r.witness->other_position, 0);
  EXPECT_NE(r.witness->message.find("node 0 (0,0)"), std::string::npos) << r.witness->message;
}

void expect_mutants_rejected(const std::vector<std::int64_t>& sides) {
  const Network n = Network::torus(sides);
  const auto h = torus::hamilton_cycles(sides);
  ASSERT_TRUE(h.found);
  ASSERT_FALSE(check_link_disjoint_cycles(n, h.cycles).witness);
  const auto mutants = torus_mutants::cycle_mutants(n, h.cycles);
  ASSERT_EQ(mutants.size(), 4u);
  for (const auto& m : mutants) {
    const auto r = check_link_disjoint_cycles(n, m.value);
    ASSERT_TRUE(r.witness) << m.name << " passed on " << Network::describe(n.spec());
    EXPECT_EQ(r.witness->property, m.witness.property) << m.name << ": " << r.witness->message;
    EXPECT_EQ(r.witness->cycle, m.witness.cycle) << m.name;
    EXPECT_EQ(r.witness->position, m.witness.position) << m.name;
    if (m.witness.node >= 0) {
      EXPECT_EQ(r.witness->node, m.witness.node) << m.name;
    }
  }
}

TEST(CycleCheck, MutantsAreRejectedWithTheirWitness) {
  expect_mutants_rejected({3, 3});
  expect_mutants_rejected({5, 5});
  expect_mutants_rejected({4, 7});
  expect_mutants_rejected({6, 3});
  expect_mutants_rejected({3, 3, 3});
  expect_mutants_rejected({3, 4, 5});
}

TEST(CycleCheck, ANodeOutOfTheNetworkAndAShortList) {
  const Network n = Network::torus({3, 3});
  Cycles c = kThreeByThree;
  c[1][4] = 9;
  auto r = check_link_disjoint_cycles(n, c);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->property, "node_in_network");
  EXPECT_EQ(r.witness->position, 4);
  c = kThreeByThree;
  c[1].pop_back();
  r = check_link_disjoint_cycles(n, c);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->property, "cycle_length");
  EXPECT_EQ(r.witness->cycle, 1);
}

TEST(CycleCheck, MeshesAreRefusedByDegree) {
  const Network mesh = Network::mesh({4, 4});
  try {
    check_link_disjoint_cycles(mesh, kThreeByThree);
    FAIL() << "a mesh was accepted";
  } catch (const InputError& e) {
    const std::string m = e.what();
    // Node 1 = (1,0) is the first border node: 3 links, odd.
    EXPECT_NE(m.find("node 0 (0,0) has 2 links"), std::string::npos) << m;
    EXPECT_NE(m.find("mesh 4x4"), std::string::npos) << m;
  }
  const Network mesh3 = Network::mesh({3, 5});
  EXPECT_NE(cycle_refusal(mesh3, 1).find("node 1 (1,0) has 3 links (odd)"), std::string::npos)
      << cycle_refusal(mesh3, 1);
  // A torus has 4 links everywhere: two cycles fit, three do not.
  const Network t = Network::torus({3, 3});
  EXPECT_TRUE(cycle_refusal(t, 2).empty());
  EXPECT_FALSE(cycle_refusal(t, 3).empty());
}

}  // namespace
}  // namespace collverify::network
