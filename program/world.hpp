// The simulated MPI_COMM_WORLD of one instance: p ranks, each on its own stackful fiber
// (Boost.Context), run by a deterministic scheduler, with every property of the program route
// checked as the calls happen (docs/DESIGN.md "The program route").
//
// Contract:
// - Scheduling: ready ranks run in FIFO order, starting 0..p-1; a rank runs until it blocks (a
//   Wait on an incomplete request), yields (an MPI_Test that finds nothing) or returns. Matching
//   is MPI's: a message goes to the earliest posted receive of its destination that accepts its
//   (source, tag); messages of one pair are matched in the order they were sent.
// - Buffering: eager (a standard send completes at once; MPI_Ssend waits for its match) or
//   rendezvous (every send completes only when matched).
// - MPI_ANY_SOURCE: a wildcard receive is matched only when no rank can move (quiescence), with
//   each message that could match it at that point as one choice (Explorer). Receives posted after
//   it on the same rank wait for it.
// - The first violation ends the run: the calls of MPI's ERRORS_ARE_FATAL semantics (negative
//   count, invalid rank or tag, truncation, a bad handle), a deadlock, the step budget, a buffer
//   race, an out-of-bounds region. At the end of a run: unmatched messages, leaked requests,
//   guard zones and the plugin's return values are judged by run_instance.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "program/stack_pool.hpp"

namespace collverify::program {

enum class Buffering { eager, rendezvous };
const char* to_string(Buffering b);

// A property violation found by the runtime; rank and call are -1 when they do not apply.
struct Fault {
  std::string property;
  int rank = -1;
  int call = -1;       // index in that rank's calls
  std::string op;      // "MPI_Send", ...
  std::string message;
};

// One MPI call of one rank, kept for the report (the failing rank's calls, the diagram).
struct CallRecord {
  int rank = 0;
  int index = 0;
  const char* op = "";
  int peer = -1;  // destination or source as given
  int tag = -1;
  std::int64_t bytes = 0;
};

// One matched message, for the diagram and the cost: sender's call, receiver's call, bytes.
struct MessageRecord {
  int src = 0, src_call = 0, dst = 0, dst_call = 0;
  std::int64_t bytes = 0;
  std::int64_t depth = 0;  // rounds of the message dependency graph up to this message
  // The receiver's call in which the receive was handed back (MPI_Recv, MPI_Wait, a successful
  // MPI_Test: from then on its data can flow on); -1 when it never was.
  int dst_release_call = -1;
};

// The wildcard choices of one run; after the run next() moves to the following matching order.
class Explorer {
 public:
  // The choice at the next decision point among `alternatives` (> 1).
  int choose(int alternatives);
  // Moves to the next unexplored sequence; false when every sequence has been run.
  bool next();
  void restart() { depth_ = 0; }
  std::int64_t decisions() const { return static_cast<std::int64_t>(stack_.size()); }

 private:
  struct Decision {
    int choice;
    int alternatives;
  };
  std::vector<Decision> stack_;
  std::size_t depth_ = 0;
};

// The collective's own buffers on one rank, with guard zones around them (out_of_bounds).
struct GuardedRegion {
  int rank = 0;
  const std::byte* begin = nullptr;
  std::size_t bytes = 0;
  std::size_t guard = 0;  // bytes of guard zone on each side
  const char* name = "";  // "sendbuf", "recvbuf", "buffer"
};

struct WorldOptions {
  Buffering buffering = Buffering::eager;
  std::int64_t step_budget = 10'000'000;  // MPI calls over all ranks
  // Match by the general rule after every new message or receive (World::try_match: every posted
  // receive against every unmatched message) instead of looking at the new one only; the slow
  // twin of the incremental matching, for the tests.
  bool general_matching = false;
};

class World;
using RankMain = void (*)(void* context, int rank);

// Runs main(context, r) on every rank r of a world of p ranks; returns the first fault (nullopt:
// every rank returned and no property broke during the run). Not reentrant: one World runs on
// a thread at a time.
struct RunResult {
  std::optional<Fault> fault;
  std::vector<CallRecord> calls;
  std::vector<MessageRecord> messages;
  std::int64_t steps = 0;
  std::int64_t leaked_requests = 0;
};
// Gives a run's records back to this thread's pool, so the next run reuses their storage.
void recycle(RunResult&& result);
RunResult run_world(int p, const WorldOptions& options, const std::vector<GuardedRegion>& regions,
                    RankMain main, void* context, Explorer& explorer, StackPool& stacks);

}  // namespace collverify::program
