// Internal to proofs/ (includes z3++.h): applies SolverOptions to a Z3 solver or optimizer and
// maps Z3's check result to SolverOutcome (unknown, including an exhausted rlimit, is
// inconclusive). Values above kMaxRlimit are refused where they are parsed (require_rlimit).
#pragma once

#include <z3++.h>

#include "proofs/solver.hpp"

namespace collverify::proofs {

inline void apply_limits(z3::context& ctx, z3::solver& s, const SolverOptions& o) {
  z3::params prm(ctx);
  prm.set("rlimit", static_cast<unsigned>(o.rlimit > kMaxRlimit ? kMaxRlimit : o.rlimit));
  s.set(prm);
}

inline void apply_limits(z3::context& ctx, z3::optimize& s, const SolverOptions& o) {
  z3::params prm(ctx);
  prm.set("rlimit", static_cast<unsigned>(o.rlimit > kMaxRlimit ? kMaxRlimit : o.rlimit));
  s.set(prm);
}

inline SolverOutcome outcome(z3::check_result r) {
  if (r == z3::unsat) return SolverOutcome::unsat;
  if (r == z3::sat) return SolverOutcome::sat;
  return SolverOutcome::inconclusive;
}

}  // namespace collverify::proofs
