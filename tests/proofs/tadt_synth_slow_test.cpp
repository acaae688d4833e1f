// Longer Z3 solves of proofs/tadt_synth (label slow): the zero-slack odd square 9x9 (every
// (level, direction) slot used), 3D tori 4x4x4 and 3x3x5, meshes 4x4 and 3x5 reach the lower bound
// and re-check; Z3 itself proves the bound one level below on 4x6 and 3x3x3 (pigeonhole-like
// unsat, seconds).
#include <gtest/gtest.h>

#include "proofs/tadt_synth.hpp"

namespace pf = collverify::proofs;
namespace nw = collverify::network;

namespace {

TEST(TadtSynthSlow, LargerSizesReachTheBound) {
  for (const auto& net : {nw::Network::torus({9, 9}), nw::Network::torus({4, 4, 4}),
                          nw::Network::torus({3, 3, 5}), nw::Network::mesh({4, 4}),
                          nw::Network::mesh({3, 5})}) {
    SCOPED_TRACE(nw::Network::describe(net.spec()));
    const auto r = pf::synthesize_tadt(net, {});
    ASSERT_EQ(r.status, pf::TadtStatus::optimal) << r.proof;
    EXPECT_EQ(r.height, r.bound.value);
    EXPECT_EQ(pf::recheck_tadt(net, r.trees, r.bound.value), "");
  }
}

TEST(TadtSynthSlow, Z3ProvesTheBoundOneLevelBelow) {
  for (const auto& net : {nw::Network::torus({4, 6}), nw::Network::torus({3, 3, 3})}) {
    SCOPED_TRACE(nw::Network::describe(net.spec()));
    pf::TadtSynthOptions o;
    o.from_below_bound = true;
    const auto r = pf::synthesize_tadt(net, o);
    ASSERT_GE(r.attempts.size(), 2U);
    EXPECT_EQ(r.attempts[0].outcome, pf::SolverOutcome::unsat);
    EXPECT_EQ(r.status, pf::TadtStatus::optimal) << r.proof;
  }
}

}  // namespace
