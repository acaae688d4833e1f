// What one rank does when it executes a schedule with MPI point-to-point, built without MPI.
//
// A Plan is a list of steps; a step's operations are started together (MPI_Isend / MPI_Irecv)
// and completed together (MPI_Waitall) before the next step starts. An operation sends or
// receives a list of (origin, block) items, packed in that order into one message (an indexed
// datatype over the buffer); `round` is what a witness reports: the round of the schedule (for a
// tree, the position in the receiver's sequence), `tag` the MPI tag both sides use.
//
// Both sides of every transfer come from the same record of the schedule, the sender's items
// from what the sender sends and the receiver's from where the receiver files it, so every
// message has a matching receive and execution never deadlocks, even for a wrong schedule: a
// sender with nothing to send sends an empty message, a receiver expecting nothing discards.
//
//   plan_bcast(s, me, root):       an expanded circulant broadcast (reference expand_bcast) in
//                                  lock-step rounds, virtual rank v = real (v + root) mod p.
//   plan_collective(s, me):        allgather / allgatherv (Algorithms 7 and 9), lock-step rounds.
//   plan_gather / plan_scatter:    a gather/scatter tree (seed 001): v receives each child's
//                                  subtree data in sequence order, then sends its own subtree to
//                                  its parent (scatter: receives from the parent first, then sends
//                                  to each child in order). One operation per step.
// Cost: O(transfers of the whole schedule) per rank to build (every rank scans the schedule).
#pragma once

#include <cstdint>
#include <vector>

#include "model/collective_schedule.hpp"
#include "model/gather_tree.hpp"
#include "model/schedule.hpp"

namespace collverify::mpiexec {

struct Op {
  bool send = false;
  std::int64_t peer = 0;
  int tag = 0;
  std::vector<Item> items;
};

struct Step {
  std::int64_t round = 0;
  std::vector<Op> ops;
};

struct Plan {
  std::vector<Step> steps;
  std::int64_t rounds = 0;  // rounds of the schedule (lock-step) or of the tree's deepest chain
};

int tag_of(std::int64_t round);

Plan plan_bcast(const Schedule& s, std::int64_t me, std::int64_t root);
Plan plan_collective(const CollectiveSchedule& s, std::int64_t me);
// Trees must be well formed (checkers/trees check_tree_shape), or execution may deadlock.
Plan plan_gather(const GatherTree& tree, std::int64_t me);
Plan plan_scatter(const GatherTree& tree, std::int64_t me);

}  // namespace collverify::mpiexec
