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
// - Distributed (options.distribution, docs/DESIGN.md "Distributed verification"): every rank
//   calls run_range with the same family and p; the pool p are taken from one counter shared by
//   every thread of every rank (still most expensive first), p that run alone and that the
//   family splits (Family::splits: a streamed p) run on every rank at once, split inside, the
//   other p that run alone go to rank k mod size in order, and the outcomes are exchanged, so every rank returns the summary a
//   single process would (timings aside; Family::finish runs on rank 0 only). An exception on any rank ends the run on every rank:
//   the one of the smallest p is rethrown (on other ranks as an InputError with its message).
// - Journal (options.journal_dir): every complete outcome is appended to the journal
//   (engine/journal.hpp) as it finishes; a fresh run clears the old journal first. With
//   options.resume the p recorded there are not checked again: their outcomes are taken from
//   the journal, so a resumed run ends with the summary of an uninterrupted one.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <vector>

#include "engine/distribution.hpp"
#include "engine/family.hpp"
#include "engine/progress.hpp"
#include "model/run_summary.hpp"

namespace collverify::engine {

// What one running check takes besides Family::bytes(): the allocator's per-thread arena, the
// first touch of thread-local buffers and code pages. Measured below 1 MB per check
// (tests/families/memory_estimate_test.cpp holds every bytes() + this against the peak resident
// size); the memory refusal adds it once per job.
inline constexpr std::int64_t kCheckOverheadBytes = std::int64_t{16} << 20;

struct RunOptions {
  int jobs = 1;
  std::size_t max_violations = 100;
  bool instances = false;  // keep every instance in the summary
  const std::atomic<bool>* stop = nullptr;
  ProgressSink* progress = nullptr;  // may be null
  std::string p_text;                // the range as the user wrote it, for coverage.p_range
  Distribution* distribution = nullptr;  // null: this process checks every p
  std::filesystem::path journal_dir;     // empty: no journal
  bool resume = false;                   // take the p recorded in journal_dir's journal
  // Called once the run is accepted (every p, the memory estimate), before any check: a
  // command's banner goes here, so that a refused run prints nothing on stdout.
  std::function<void()> on_accepted;
};

struct RangeResult {
  ConstructionSummary summary;
  bool complete = true;
  std::int64_t resumed = 0;  // p whose outcome was taken from the journal (options.resume)
};

// ps ascending, no duplicates (PRange::values()).
// The common frame of one check, what run_range runs for each p: a stop requested before p
// starts ends it unchecked (Outcome::complete false, no verdict), otherwise family.check(p)
// timed, its violations sorted (the smallest first).
Outcome run_check(const Family& family, std::int64_t p, const CheckContext& context);

RangeResult run_range(const Family& family, const std::vector<std::int64_t>& ps,
                      const RunOptions& options);

// The exit code of a finished run (docs/DESIGN.md): 1 a violation, 3 incomplete or inconclusive,
// 0 every check holds.
int exit_code(const RunSummary& summary);

}  // namespace collverify::engine
