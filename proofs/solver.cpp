#include "proofs/solver.hpp"

#include <z3++.h>

#include "model/error.hpp"

namespace collverify::proofs {

const char* to_string(SolverOutcome o) {
  switch (o) {
    case SolverOutcome::unsat: return "unsat";
    case SolverOutcome::sat: return "sat";
    case SolverOutcome::inconclusive: return "inconclusive";
  }
  return "?";
}

void require_rlimit(std::uint64_t rlimit) {
  if (rlimit < 1 || rlimit > kMaxRlimit) {
    throw InputError("--rlimit " + std::to_string(rlimit) + " is not in 1.." +
                     std::to_string(kMaxRlimit) + " (Z3 resource units per call)");
  }
}

std::string z3_version() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build);
}

}  // namespace collverify::proofs
