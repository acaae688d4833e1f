// Internal to proofs/ (includes z3++.h): applies SolverOptions to a Z3 solver or optimizer and
// maps Z3's check result to SolverOutcome (unknown, including an exhausted rlimit, is
// inconclusive). Values above kMaxRlimit are refused where they are parsed (require_rlimit).
// Z3's own Ctrl-C handling is switched off ("ctrl_c" false): during a check Z3 would replace the
// program's SIGINT handler (cli/main.cpp) and turn Ctrl-C into "unknown", an inconclusive answer
// after which the run went on (count-schedules ignored SIGINT for 35-57 s, issue 14).
#pragma once

#include <z3++.h>

#include "proofs/solver.hpp"

namespace collverify::proofs {

inline void apply_limits(z3::context& ctx, z3::solver& s, const SolverOptions& o) {
  z3::params prm(ctx);
  prm.set("rlimit", static_cast<unsigned>(o.rlimit > kMaxRlimit ? kMaxRlimit : o.rlimit));
  prm.set("ctrl_c", false);
  s.set(prm);
}

inline void apply_limits(z3::context& ctx, z3::optimize& s, const SolverOptions& o) {
  z3::params prm(ctx);
  prm.set("rlimit", static_cast<unsigned>(o.rlimit > kMaxRlimit ? kMaxRlimit : o.rlimit));
  prm.set("ctrl_c", false);
  s.set(prm);
}

inline SolverOutcome outcome(z3::check_result r) {
  if (r == z3::unsat) return SolverOutcome::unsat;
  if (r == z3::sat) return SolverOutcome::sat;
  return SolverOutcome::inconclusive;
}

}  // namespace collverify::proofs
