// Executes an Instance once, runs the native collective on the same data, and compares.
//
// Every rank starts from the same buffer for both: the origins it owns filled with their
// pattern (layout.hpp), everything else poison, gaps kGap. After both ran, each rank compares
// the region the collective defines for it (everything for bcast and allgather(v); the root's
// whole buffer and every other rank's own origin for gather; each rank's own origin, the root's
// whole buffer for scatter) block by block, data bytes and gaps:
//   bytes_equal_native       the schedule's bytes equal the native collective's;
//   native_delivers_pattern  the native bytes are the pattern (so a pass is not two buffers
//                            that were both left untouched);
//   gaps_untouched           no byte between the vector datatype's data bytes was written.
// Each rank reports its first broken block ((origin, block) order) with the round and sender it
// was last received from, and what arrived; rank 0 collects them (MPI_Gather) into Violations,
// sorted smallest round first (model/verdict.hpp order).
// Cost: O(buffer) per rank, plus identify() on the one block reported.
#pragma once

#include <cstdint>
#include <vector>

#include "model/verdict.hpp"
#include "mpi/instance.hpp"

namespace collverify::mpiexec {

struct CheckResult {
  std::vector<Violation> violations;  // rank 0 only; one per rank with a broken block
  std::int64_t blocks_wrong = 0;      // rank 0 only: over all ranks
};

CheckResult execute_and_compare(MPI_Comm comm, const Instance& in);

}  // namespace collverify::mpiexec
