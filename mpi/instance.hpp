// One execution of collverify-mpi: the collective, the buffer geometry and this rank's plan,
// built the same way on every rank from the options (so every rank refuses the same bad input).
//
//   bcast:      Algorithm 6 of seed 000, expanded by reference expand_bcast from the tables of
//               build_circulant_bcast(p) or of a user's schedule JSON; one origin of `elements`
//               elements in n blocks; virtual root 0 is rank --root.
//   allgather:  Algorithm 7 (build_allgather), every rank `elements` elements, n = 1.
//   allgatherv: Algorithm 9 (plan_allgatherv), sizes from --dist (default paper:<elements>: the
//               irregular sizes of seed 000 Section 3.2, total `elements`), n blocks.
//   gather / scatter: a tree of seed 001 (built-in or file), sizes as allgatherv, n = 1.
// n is --blocks, or seed 000 Section 3's rule (layout.hpp) when --blocks is 0.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "model/verdict.hpp"
#include "mpi/exec_plan.hpp"
#include "mpi/execute.hpp"
#include "mpi/layout.hpp"
#include "mpi/options.hpp"

namespace collverify::mpiexec {

Collective parse_collective(const std::string& name);
const char* to_string(Collective c);

struct Instance {
  Collective collective = Collective::bcast;
  std::int64_t p = 0;
  std::int64_t me = 0;
  std::int64_t root = 0;
  Geometry geometry{Element{}, 1, {}};
  Plan plan;
  std::int64_t lower_bound = kNone;  // rounds, where the schedule has one
  std::string parameters;            // for the reports
  std::optional<Violation> not_executed;  // a tree file that is not a tree: never run
};

// Throws InputError naming the bad value (flag, file, size) for bad input.
Instance make_instance(const Options& o, std::int64_t p, std::int64_t me, std::int64_t elements);

// --bytes (or a timing size) in elements of the datatype; InputError when not a whole number of
// elements or outside [0, 2^30] elements.
std::int64_t elements_of(std::int64_t bytes, const Element& e, const std::string& flag);

}  // namespace collverify::mpiexec
