// prove_bcast against the fast checker: the reference schedules are certified (unsat), and for
// mutants (generators/mutants.hpp) the Z3 witness is the fast checker's smallest witness.
#include "proofs/circulant/bcast_proof.hpp"

#include <gtest/gtest.h>

#include "checkers/circulant_invariants.hpp"
#include "generators/mutants.hpp"
#include "model/error.hpp"
#include "reference/circulant/bcast.hpp"
#include "tests/proofs/circulant/witness_compare.hpp"

namespace collverify {
namespace {

namespace pf = proofs;

TEST(ProveBcast, ReferenceSchedulesAreCertified) {
  for (std::int64_t p : {2, 3, 4, 5, 7, 8, 9, 13, 17, 20, 31, 32, 33, 64, 100}) {
    const auto r = pf::prove_bcast(circulant::build_circulant_bcast(p));
    EXPECT_EQ(r.outcome, pf::SolverOutcome::unsat) << "p = " << p;
    EXPECT_TRUE(r.checker_agrees) << "p = " << p;
    EXPECT_EQ(pf::bcast_exit_code(r), 0);
  }
}

// A few p and mutants (fast); bcast_proof_slow_test.cpp runs many more up to p = 64.
TEST(ProveBcast, MutantWitnessIsTheFastCheckersSmallest) {
  int rejected = 0;
  for (std::int64_t p : {3, 9, 20, 33}) {
    const auto s = circulant::build_circulant_bcast(p);
    for (const auto& m : circulant_mutants(s, static_cast<std::uint64_t>(p) * 7919U, 8)) {
      if (!expect_same_witness(apply(s, m), "p = " + std::to_string(p) + ", " + m.describe())
               .empty()) {
        ++rejected;
      }
    }
  }
  EXPECT_GT(rejected, 16);  // the comparison covered real violations
}

TEST(ProveBcast, RootOrderWithoutStatedBaseblocks) {
  const auto s = circulant::build_circulant_bcast(9);
  auto m = s;
  m.baseblock.clear();  // the schedule states none
  m.set_send(0, 0, 2);  // the root sends block 2 in round 0
  const auto r = pf::prove_bcast(m, {{}, false});
  const Verdict fast = check_circulant_schedule(m, {false});
  ASSERT_TRUE(fast.has_value());
  ASSERT_EQ(r.outcome, pf::SolverOutcome::sat);
  EXPECT_EQ(r.violation->property, fast->property);
  EXPECT_EQ(r.violation->rank, fast->rank);
  EXPECT_EQ(r.violation->round, fast->round);
}

TEST(ProveBcast, OutOfRangeEntriesAreValueRangeViolations) {
  auto m = circulant::build_circulant_bcast(20);
  m.set_recv(7, 2, 100);
  m.set_send(11, 1, -100);
  expect_same_witness(m, "two out-of-range entries");
}

TEST(ProveBcast, TinyRlimitIsInconclusiveNeverAProof) {
  const auto r = pf::prove_bcast(circulant::build_circulant_bcast(64), {{1}, true});
  EXPECT_EQ(r.outcome, pf::SolverOutcome::inconclusive);
  EXPECT_EQ(pf::bcast_exit_code(r), 3);
}

TEST(ProveBcast, RefusesPOutsideTheAcceptedRange) {
  EXPECT_THROW(pf::prove_bcast(CirculantSchedule::allocate(1)), InputError);
}

}  // namespace
}  // namespace collverify
