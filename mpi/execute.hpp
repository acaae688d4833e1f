// Executes a Plan (exec_plan.hpp) with MPI point-to-point on a buffer laid out by a Geometry, and
// runs the native collective on the same data.
//
// Executor builds, once, the element datatype (MPI_BYTE, or MPI_Type_vector(2, 1, 2, MPI_BYTE)
// resized to an extent of 4) and for every operation of more than one item an MPI_Type_indexed
// over the buffer, so a message is sent from and received into the user's buffer directly, as a
// library would. run() does, step by step, MPI_Isend / MPI_Irecv of every operation and one
// MPI_Waitall. The communicator returns errors (MPI_ERRORS_RETURN), so a message longer than
// the receive (a wrong schedule) is recorded as truncated instead of aborting the job.
//
// A receive that expects nothing (a wrong schedule's sender sends a block nobody files) goes to a
// separate discard buffer as large as the whole buffer, never into the user's buffer: Open MPI
// writes a truncated message into a zero-count receive's buffer, which would corrupt a block the
// schedule never touched and misplace the witness.
//
// With a Record, every received item notes the round, the sender and whether its message was
// shorter than expected or truncated: the witness of a wrong delivery. Timing runs pass none.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "mpi/exec_plan.hpp"
#include "mpi/layout.hpp"

namespace collverify::mpiexec {

enum class Arrival { none, ok, short_message, truncated };

struct Received {
  std::int64_t round = -1;
  std::int64_t from = -1;
  Arrival arrival = Arrival::none;
};

// One entry per (origin, block): index origin * n + block.
using Record = std::vector<Received>;

class Executor {
 public:
  Executor(MPI_Comm comm, const Geometry& g, const Plan& plan);
  ~Executor();
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  void run(std::vector<std::uint8_t>& buf, Record* record) const;

 private:
  struct Prepared {
    MPI_Datatype type = MPI_DATATYPE_NULL;  // committed indexed type, or the element type
    bool owned = false;
    std::int64_t offset_bytes = 0;  // where the data starts in the buffer
    int count = 0;
    std::int64_t expected_bytes = 0;  // data bytes the operation moves
  };
  MPI_Comm comm_;
  const Geometry& geometry_;
  const Plan& plan_;
  MPI_Datatype element_ = MPI_BYTE;
  std::vector<std::vector<Prepared>> prepared_;  // per step, per op
  mutable std::vector<std::uint8_t> discard_;    // for receives that expect nothing
};

// The element datatype of g (committed; the caller frees it unless it is MPI_BYTE).
MPI_Datatype element_type(const Element& e);

enum class Collective { bcast, allgather, allgatherv, gather, scatter };

// Runs MPI_Bcast / MPI_Allgather / MPI_Allgatherv / MPI_Gatherv / MPI_Scatterv on buf, which holds
// what the schedule starts from (in place: the root's data, or each rank's own origin).
void run_native(MPI_Comm comm, Collective c, const Geometry& g, std::int64_t root,
                MPI_Datatype element, std::vector<std::uint8_t>& buf);

}  // namespace collverify::mpiexec
