// run_range: checks one family for every p of a range (docs/DESIGN.md "The run engine").
//
// Contract:
// - Every p is accepted (Family::accept) and the memory of the `jobs` most demanding p running
//   at once, and of the largest p that runs alone, is refused up front with an estimate
//   (InputError) before any check starts.
// - Pool p run on min(jobs, count) threads, the most expensive first (Family::cost, ties by
//   smaller p); p that run alone (Family::alone) follow in ascending order, one at a time with
//   every job.
// - The smallest-witness rule: violations are sorted (smallest p, then n, round, rank) and the
//   first `max_violations` listed; violations_total, violations_cap and truncated say what was
//   cut. summary.excerpt is the excerpt of the smallest failing p. The result does not depend
//   on `jobs`.
// - An exception in a check ends the run: the one of the smallest p that threw is rethrown after
//   every thread has joined (larger p are skipped once it is known).
// - *stop set (Ctrl-C): no new p starts; the p already running finish (a p running alone stops
//   between its chunks); complete is false and the summary covers the p finished.
// - checked/passed/failed/inconclusive count p; coverage.instances counts instances; the
//   per-instance list is kept with `instances` (or for ranges of at most 64 p).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/family.hpp"
#include "engine/progress.hpp"
#include "model/run_summary.hpp"

namespace collverify::engine {

// What one running check takes besides Family::bytes(): the allocator's per-thread arena, the
// first touch of thread-local buffers and code pages. Measured below 1 MB per check
// (tests/engine/memory_estimate_test.cpp holds every bytes() + this against the peak resident
// size); the memory refusal adds it once per job.
inline constexpr std::int64_t kCheckOverheadBytes = std::int64_t{16} << 20;

struct RunOptions {
  int jobs = 1;
  std::size_t max_violations = 100;
  bool instances = false;  // keep every instance in the summary
  const std::atomic<bool>* stop = nullptr;
  ProgressSink* progress = nullptr;  // may be null
  std::string p_text;                // the range as the user wrote it, for coverage.p_range
};

struct RangeResult {
  ConstructionSummary summary;
  bool complete = true;
};

// ps ascending, no duplicates (PRange::values()).
RangeResult run_range(const Family& family, const std::vector<std::int64_t>& ps,
                      const RunOptions& options);

// The exit code of a finished run (docs/DESIGN.md): 1 a violation, 3 incomplete or inconclusive,
// 0 every check holds.
int exit_code(const RunSummary& summary);

}  // namespace collverify::engine
