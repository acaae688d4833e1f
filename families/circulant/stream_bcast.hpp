// One streamed p of the broadcast family (bcast_family.hpp, "Streaming"): wires a ScheduleSource's
// rank rows into the streaming checker and runs its chunks on `jobs` threads, with a progress
// line in ranks and Ctrl-C honoured between chunks. No algorithm here.
//
// Distributed (`distribution` of more than one rank, docs/DESIGN.md "Distributed verification"):
// called on every rank at once. The fingerprint seed is rank 0's (drawn there when none is
// given); rank k checks the contiguous chunks [C k / N, C (k + 1) / N) of the C chunks on its
// `jobs` threads; every rank's StreamingPart travels to every rank (all_gather of
// families/circulant/stream_share.hpp) and is absorbed, so every rank finishes the whole check and returns
// the outcome one process would: the sums add up, the smallest witness wins whichever rank
// found it. Complete only if every rank checked all of its chunks; an error raised by some
// rank's chunk (a plugin's PluginFailure included) is raised on every rank, the one of the
// smallest chunk. The progress line is rank 0's share only, and says so.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "engine/distribution.hpp"
#include "families/circulant/schedule_source.hpp"
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
                           ProgressSink* progress, Distribution* distribution = nullptr);

}  // namespace collverify::engine
