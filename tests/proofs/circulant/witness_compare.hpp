// Shared by the prove_bcast tests: the Z3 witness must be the fast checker's smallest witness.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "checkers/circulant_invariants.hpp"
#include "proofs/circulant/bcast_proof.hpp"

namespace collverify {

// Returns the property of the violation (empty when the schedule is correct).
inline std::string expect_same_witness(const CirculantSchedule& m, const std::string& what) {
  const auto r = proofs::prove_bcast(m);
  const Verdict fast = check_circulant_schedule(m);
  if (!fast) {
    EXPECT_EQ(r.outcome, proofs::SolverOutcome::unsat) << what;
    return "";
  }
  EXPECT_EQ(r.outcome, proofs::SolverOutcome::sat) << what << ": fast checker says "
                                                   << fast->message;
  EXPECT_TRUE(r.violation.has_value()) << what << ": sat without a witness";
  if (r.outcome != proofs::SolverOutcome::sat || !r.violation) return fast->property;
  EXPECT_TRUE(r.smallest) << what;
  EXPECT_EQ(r.violation->property, fast->property) << what << ": " << r.violation->message
                                                   << " vs " << fast->message;
  EXPECT_EQ(r.violation->rank, fast->rank) << what << ": " << fast->message;
  EXPECT_EQ(r.violation->round, fast->round) << what << ": " << fast->message;
  EXPECT_EQ(r.violation->block, fast->block) << what << ": " << fast->message;
  EXPECT_TRUE(r.checker_agrees) << what;
  EXPECT_EQ(proofs::bcast_exit_code(r), 1);
  return fast->property;
}

}  // namespace collverify
