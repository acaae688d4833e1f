// Seed 000, Lemma 1 and Algorithm 1, proved for EVERY p >= 2 with unbounded integers (no loop
// over p). Algorithm 1 halves p rounding up: s_q = p, s_k = ceil(s_{k+1} / 2) while s_{k+1} > 1.
// Every property is an inductive obligation over arbitrary integers: the hypotheses describe
// any consecutive pair (or the ends) of the sequence, ceil is two integer inequalities
// (y = ceil(x/2)  <=>  x <= 2y <= x + 1), and Z3 is asked for a counterexample to
// hypotheses => claim. unsat is the proof; sat is a counterexample (its values printed); an
// exhausted rlimit is inconclusive (never a proof).
//
// Obligations (name: claim):
//   halving_terminates       x >= 2, y = ceil(x/2)  =>  1 <= y < x (the loop stops, skips rise)
//   closed_form_base         k = q: s = p = ceil(p / 2^0)
//   closed_form_step         s = ceil(p / P), s >= 2, s' = ceil(s/2)  =>  s' = ceil(p / 2P)
//                            (the fast checker's skips[k] = ceil(p / 2^(q-k)); P = 2^(q-k) > 0)
//   last_halving_from_two    x >= 2, ceil(x/2) = 1  =>  x = 2 (so skips[0] = 1, skips[1] = 2)
//   rounds_are_ceil_log2     the closed form at s = 2 (P = 2^(q-1))  =>  P < p <= 2P, i.e. the
//                            loop fills exactly skips[0..q], q = ceil(log2 p)
//   lemma1_double            b >= 2, a = ceil(b/2)  =>  a + a >= b  (and a + a <= b + 1, the
//                            census remark)
//   lemma1_prefix_base       s_0 = 1, s_1 = 2  =>  s_0 >= s_1 - 1
//   lemma1_prefix_step       S >= b - 1, b = ceil(c/2), c >= 2  =>  S + b >= c - 1
//   lemma1_telescope_base    T_0 = 0 = s_0 - s_0
//   lemma1_telescope_step    T = s - s_0  =>  T + (s' - s) = s' - s_0; with s_0 = 1, s_q = p
//                            the sum of skips[k+1] - skips[k] over k < q is p - 1
// Cost: a handful of tiny Z3 calls (milliseconds); closed_form_step is nonlinear (s * P).
//
// Deliberately false variants (for tests and to show the checks can fail): floor_halving uses
// floor instead of ceil in Algorithm 1; strict_double claims a + a > b (off by one). Both are
// refuted with concrete values (e.g. floor_halving: b = 3, a = 1 breaks lemma1_double; p = b
// is then a p where the loop-based skips break the property).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "proofs/solver.hpp"

namespace collverify::proofs {

enum class SkipsVariant { algorithm1, floor_halving, strict_double };

struct ObligationResult {
  std::string name;
  std::string statement;  // human-readable claim
  std::string formula;    // hypotheses => claim, SMT-LIB as Z3 prints it
  SolverOutcome outcome = SolverOutcome::inconclusive;  // unsat = proved
  std::map<std::string, std::int64_t> counterexample;  // variable -> value when sat
};

std::vector<ObligationResult> prove_skips(const SolverOptions& options,
                                          SkipsVariant variant = SkipsVariant::algorithm1);

// 0 if every obligation is proved, 1 if one has a counterexample, else 3 (inconclusive).
int skips_exit_code(const std::vector<ObligationResult>& results);

}  // namespace collverify::proofs
