// One streamed p of `verify bcast` (verify_bcast.hpp, "Streaming"): wires a ScheduleSource's
// rank rows into the streaming checker and runs its chunks on `jobs` threads, with a progress
// line in ranks and Ctrl-C honoured between chunks. No algorithm here.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "cli/schedule_source.hpp"
#include "cli/verify_bcast.hpp"
#include "model/verdict.hpp"

namespace collverify::cli {

struct StreamOutcome {
  Verdict verdict;
  bool complete = true;  // false: interrupted; verdict is the best among the chunks checked
  std::string checks;    // which checks ran, for the summary line
};

// Memory the streamed check of p takes beyond the source's own: the shared fingerprint tables
// and a few rows per thread.
std::int64_t stream_bytes(std::int64_t p, int jobs, const StreamRunOptions& o);

StreamOutcome stream_bcast(const ScheduleSource& source, std::int64_t p, int jobs,
                           const StreamRunOptions& o, const std::atomic<bool>* interrupted);

}  // namespace collverify::cli
