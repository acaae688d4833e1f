// k-ported gather (seed 001, Theorem 6): the instance of the reduction from Multiprocessor
// Scheduling. One root r with m_r = 0 and n other processors (the jobs, block m_i = job length);
// alpha = 0 and beta = 1 in the theorem (any alpha, beta >= 0 accepted here). With no latency the
// optimal gather is the star; the root's k ports each receive a subset of the blocks one after
// another, so the completion time is the makespan max_j sum_{i on port j} (alpha + beta m_i)
// (comm(0) = 0: an empty block costs nothing). With alpha > 0 this is the best star, which need
// not be the best k-ported tree; the theorem's instances have alpha = 0.
//
//   kported_gather_z3: Boolean port[i][j] with exactly one port per block, block 0 on port 0
//     (ports are interchangeable), descent on T <= bound until unsat; each answer's schedule is
//     re-simulated by star_gather_time. Deterministic rlimit per query; unknown => inconclusive.
//   kported_brute_force: every assignment (k^n, n <= 12), the slow twin.
//   star_gather_time: the checker: simulates each port receiving its blocks in turn.
//
// Example: blocks {3, 3, 2, 2, 2}, k = 2, alpha = 0, beta = 1: makespan 6 ({3, 3} | {2, 2, 2}),
// proved by "no schedule with completion time <= 5: unsat".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "proofs/solver.hpp"

namespace collverify::proofs {

struct KPortedProblem {
  std::vector<std::int64_t> m;  // the non-root blocks (jobs)
  std::int64_t k = 2;           // ports at the root (machines)
  std::int64_t alpha = 0, beta = 1;
};

struct KPortedSchedule {
  std::int64_t time = 0;
  std::vector<std::int64_t> port;  // port[i] in [0, k) for block i
};

struct KPortedResult {
  SolverOutcome outcome = SolverOutcome::inconclusive;  // unsat: `best` is proved optimal
  KPortedSchedule best;
  bool found = false;
  int solver_calls = 0;
  std::string proof;
};

// InputError on: no blocks, a negative block / alpha / beta, k < 1, k > 64, n > 64, or a
// makespan bound that overflows.
void require_kported_problem(const KPortedProblem& problem);
std::int64_t star_gather_time(const KPortedProblem& problem, const std::vector<std::int64_t>& port);
KPortedResult kported_gather_z3(const KPortedProblem& problem, const SolverOptions& options);
KPortedSchedule kported_brute_force(const KPortedProblem& problem);

}  // namespace collverify::proofs
