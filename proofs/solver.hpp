// What every Z3 user in proofs/ shares: a deterministic resource limit and the three answers a
// bounded solver call can give. Z3's rlimit counts solver work, not seconds, so the same query
// gives the same answer on a loaded machine; an exhausted limit is Inconclusive (exit 3), never
// a pass. Only proofs/ includes z3++.h; callers outside see SolverOutcome and strings.
#pragma once

#include <cstdint>
#include <string>

namespace collverify::proofs {

struct SolverOptions {
  std::uint64_t rlimit = 200'000'000;  // Z3 resource units per solver call
};

// The largest rlimit Z3 takes (its parameter is an unsigned int); larger values are bad input.
inline constexpr std::uint64_t kMaxRlimit = 4'000'000'000ULL;

// InputError naming --rlimit unless 1 <= rlimit <= kMaxRlimit.
void require_rlimit(std::uint64_t rlimit);

enum class SolverOutcome {
  unsat,         // no model: the property is proved / no violating assignment exists
  sat,           // a model exists (a witness, a schedule, a tree)
  inconclusive,  // the rlimit ran out or Z3 answered unknown
};

const char* to_string(SolverOutcome o);

// Z3's version string, for reports.
std::string z3_version();

}  // namespace collverify::proofs
