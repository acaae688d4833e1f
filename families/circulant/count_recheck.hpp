// The cross-checks of `count-schedules` (seed 000): the Z3 and backtracking enumerations of
// circulant broadcast recv tables (proofs/circulant/count_schedules.hpp) must agree as sets,
// hold no duplicates, and every counted schedule must pass the fast checker
// (checkers/circulant_invariants.hpp) and the generic simulation of Algorithm 6
// (reference/circulant expand_bcast + checkers/simulate.hpp) for n in {1, 2, q, q+1, 2q+1, 3q+2}.
// With the structured counter (proofs/circulant/count_structured.hpp) the enumerations are its
// slow twins: its count must equal a complete enumeration's and be at least a cut one's.
// The cli only formats CountRow.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/circulant_schedule.hpp"
#include "model/verdict.hpp"
#include "proofs/circulant/count_schedules.hpp"
#include "proofs/circulant/count_structured.hpp"
#include "proofs/solver.hpp"

namespace collverify::engine {

// "agreement rank 2 round 1 block 1" ("-" for a field the violation does not name), or "none".
std::string witness_text(const Verdict& v);

// The block counts every counted schedule is simulated with: {1, 2, q, q+1, 2q+1, 3q+2}.
std::vector<std::int64_t> recheck_blocks(int q);

// "" when `s` passes the fast checker and the simulation for every recheck_blocks(q); else the
// first failure ("fast checker: ..." or "simulation n = 2: ...").
std::string recheck_schedule(const CirculantSchedule& s);

struct CountOptions {
  std::int64_t limit = 10000;  // tables per p and method
  std::uint64_t rlimit = proofs::SolverOptions{}.rlimit;
  bool use_z3 = true;
  bool use_backtracking = true;
  bool use_structured = false;
};

struct CountRow {
  std::int64_t p = 0;
  proofs::Enumeration z3, backtracking;  // a method not run: complete, no tables
  double z3_seconds = 0, backtracking_seconds = 0;
  bool complete = true;     // both enumerations complete
  bool agree = true;        // both ran and complete: the same set of tables
  bool duplicates = false;  // an enumeration listed a table twice
  std::string recheck;      // "" or the first counted schedule's failure (recheck_schedule)
  int code = 0;             // 0 all agree and re-check, 1 not, 3 an enumeration incomplete
  // The structured count (use_structured): exact, so an enumeration cut by the limit does not
  // make the row inconclusive; it only has to find no more tables than the count.
  bool structured_run = false;
  proofs::StructuredCount structured;
  double structured_seconds = 0;
  bool structured_agrees = true;  // equal to every complete enumeration, >= every cut one
};

// Compares row.structured with the enumerations that ran and sets structured_agrees and code
// (1 on a disagreement; 3 turns into 0, the structured count being exact).
void check_structured(CountRow& row, const CountOptions& options);

// The checks on two enumerations of p (either may be absent: use_* false). Fills everything
// except the seconds.
CountRow check_counts(std::int64_t p, const proofs::Enumeration& z3,
                      const proofs::Enumeration& backtracking, const CountOptions& options);

// Runs the requested enumerations for p and check_counts.
CountRow count_and_recheck(std::int64_t p, const CountOptions& options);

}  // namespace collverify::engine
