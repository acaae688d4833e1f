// The `verify bcast` run: for every p of the range, build (or load) the compact schedule, check
// it with the fast circulant checker (every p) and, for p up to generic_max_p, expand it with
// Algorithm 6 for every n and simulate it with the generic checker; both must pass. A p that
// fails the fast check is re-run through the generic simulation (up to refine_max_p) so that
// the witness names n and the absolute round. Work is spread over `jobs` threads by cost
// (largest p first, taken dynamically), and the smallest witness is reported first.
#pragma once

#include <atomic>
#include <cstdint>

#include "cli/schedule_source.hpp"
#include "generators/block_counts.hpp"
#include "generators/p_range.hpp"
#include "model/run_summary.hpp"

namespace collverify::cli {

struct VerifyOptions {
  PRange range = PRange::single(2);
  BlockCounts blocks = BlockCounts::parse(BlockCounts::kDefault);
  int jobs = 1;  // at most one thread per p; the CLI caps it at 1024
  std::int64_t generic_max_p = 1024;
  std::int64_t refine_max_p = std::int64_t{1} << 18;
  std::size_t max_violations = 100;
  bool instances = false;  // record every (p, n) instance in the summary
  const std::atomic<bool>* interrupted = nullptr;
};

struct VerifyResult {
  ConstructionSummary summary;
  bool complete = true;
};

VerifyResult verify_bcast(const ScheduleSource& source, const VerifyOptions& options);

// The rows of s around the broken entry of v (columns rank - 3 .. rank + 3, clipped to [0, p)).
ScheduleExcerpt excerpt_around(const CirculantSchedule& s, const Violation& v);

}  // namespace collverify::cli
