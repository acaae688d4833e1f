// One streamed p of the broadcast family (bcast_family.hpp, "Streaming"): wires a ScheduleSource's
// rank rows into the streaming checker and runs its chunks on `jobs` threads, with a progress
// line in ranks and Ctrl-C honoured between chunks. No algorithm here.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "engine/schedule_source.hpp"
#include "engine/progress.hpp"
#include "model/verdict.hpp"

namespace collverify::engine {

struct StreamRunOptions {
  bool force = false;                                // --stream: stream every p
  std::int64_t above_bytes = std::int64_t{1} << 30;  // stream p whose tables exceed this
  bool exact = false;                                // agreement by neighbour recomputation
  std::int64_t chunk_ranks = 0;                      // ranks per chunk (power of two); 0: default
  std::uint64_t seed = 0;                            // of the fingerprint; 0: random
};

struct StreamOutcome {
  Verdict verdict;
  bool complete = true;  // false: interrupted; verdict is the best among the chunks checked
  std::string checks;    // which checks ran, for the summary line
};

// Memory the streamed check of p takes beyond the source's own: the shared fingerprint tables
// and a few rows per thread.
std::int64_t stream_bytes(std::int64_t p, int jobs, const StreamRunOptions& o);

StreamOutcome stream_bcast(const ScheduleSource& source, std::int64_t p, int jobs,
                           const StreamRunOptions& o, const std::atomic<bool>* interrupted,
                           ProgressSink* progress);

}  // namespace collverify::engine
