// A symbolic check of one circulant broadcast schedule (seed 000, Section 2; the compact tables
// of model/circulant_schedule.hpp) for one p, by Z3. The tables are data: each round's column
// of recv, send and baseblock becomes a balanced if-then-else tree over the bits of a symbolic
// rank (bit-vectors: ranks q + 2 bits, blocks 8 bits, like the int8 tables). The correctness
// conditions of the fast checker (checkers/circulant_invariants.hpp), with the same definitions,
// are constraints over a symbolic rank r in [0, p) and round k in [0, q):
//   value_range, receive_set, no_redundant_receive, baseblock (when stated), agreement (stated
//   at the receiver r: send[(r - skips[k]) mod p][k] = recv[r][k]), send_before_receive,
//   root_block_order.
// Z3 is asked for a violating (r, k). unsat is the certificate that none exists. On sat the
// witness is minimised like the fast checker's order (smallest round, then rank, then property
// in the list order, recv value_range before send value_range) by adding "smaller" constraints
// (binary search on the round, then the rank, then the property) until unsat, and turned into
// the same Violation (property, p, rank, round, block) the fast checker reports. Shape and skips
// (independent of r and k) are checked first by check_circulant_shape.
// Every answer is re-checked by the fast checker: `checker_agrees` says whether its verdict (pass
// or the same witness) matches.
//
// Cost: 3 q trees of p leaves (about 6 p q if-then-else nodes); Z3 bit-blasts them. p <= 65536.
// Example: the reference schedule for p = 20 gives outcome unsat; swapping two entries of rank
// 5's recv row gives sat and the fast checker's witness.
#pragma once

#include <cstdint>
#include <string>

#include "model/circulant_schedule.hpp"
#include "model/verdict.hpp"
#include "proofs/solver.hpp"

namespace collverify::proofs {

inline constexpr std::int64_t kMaxProveBcastP = 65536;

struct BcastProofOptions {
  SolverOptions solver;
  bool has_baseblocks = true;  // like CirculantCheckOptions
};

struct BcastProofResult {
  SolverOutcome outcome = SolverOutcome::inconclusive;  // unsat: no violation exists
  Verdict violation;     // the smallest witness when sat (or the shape violation)
  bool smallest = true;  // false if a minimisation call was inconclusive
  int solver_calls = 0;
  bool checker_agrees = false;  // the fast checker gives the same verdict / witness
  Verdict checker_violation;    // what the fast checker says
};

// InputError for p outside [2, kMaxProveBcastP].
BcastProofResult prove_bcast(const CirculantSchedule& s, const BcastProofOptions& options = {});

// 0 unsat (and the checker agrees), 1 violation, 3 inconclusive.
int bcast_exit_code(const BcastProofResult& r);

}  // namespace collverify::proofs
