// The `verify bcast` run: for every p of the range, build (or load) the compact schedule, check
// it with the fast circulant checker (every p) and, for p up to generic_max_p, expand it with
// Algorithm 6 for every n and simulate it with the generic checker; both must pass. A p that
// fails the fast check is re-run through the generic simulation (up to refine_max_p) so that
// the witness names n and the absolute round. Work is spread over `jobs` threads by cost
// (largest p first, taken dynamically), and the smallest witness is reported first.
//
// Streaming: a p whose tables would take more than `stream.above_bytes` (default 1 GiB, i.e.
// every p above about 2^24; p = 2^24 takes 0.96 GB), or every p with `--stream`, is not built:
// the streaming checker (checkers/circulant_streaming.hpp) asks the source for one rank's rows
// at a time, the ranks of that one p split into chunks over `jobs` threads, with its own
// progress line (ranks done/total, rate, ETA) and Ctrl-C honoured between chunks. It finds the
// same witness as the fast checker. The generic simulation still runs for a streamed p up to
// --generic-max-p (it needs the tables; a p whose simulation does not fit is refused up front);
// baseblocks are checked only where the source states them per rank (a schedule file). The
// checks that ran are printed on stderr for every streamed p.
#pragma once

#include <atomic>
#include <cstdint>

#include "cli/schedule_source.hpp"
#include "generators/block_counts.hpp"
#include "generators/p_range.hpp"
#include "model/run_summary.hpp"

namespace CLI {
class App;
}

namespace collverify::cli {

struct StreamRunOptions {
  bool force = false;                               // --stream: stream every p
  std::int64_t above_bytes = std::int64_t{1} << 30;  // stream p whose tables exceed this
  bool exact = false;                               // agreement by neighbour recomputation
  std::int64_t chunk_ranks = 0;                     // ranks per chunk (power of two); 0: default
  std::uint64_t seed = 0;                           // of the fingerprint; 0: random
};

// --stream, and the hidden --stream-above-bytes, --stream-exact, --stream-chunk, --stream-seed.
void add_stream_flags(CLI::App& app, StreamRunOptions& s);

struct VerifyOptions {
  PRange range = PRange::single(2);
  BlockCounts blocks = BlockCounts::parse(BlockCounts::kDefault);
  int jobs = 1;  // one thread per p, or per chunk of a streamed p; the CLI caps it at 1024
  std::int64_t generic_max_p = 1024;
  std::int64_t refine_max_p = std::int64_t{1} << 18;
  std::size_t max_violations = 100;
  bool instances = false;  // record every (p, n) instance in the summary
  const std::atomic<bool>* interrupted = nullptr;
  StreamRunOptions stream;
};

struct VerifyResult {
  ConstructionSummary summary;
  bool complete = true;
};

VerifyResult verify_bcast(const ScheduleSource& source, const VerifyOptions& options);

// The rows of s around the broken entry of v (columns rank - 3 .. rank + 3, clipped to [0, p)).
ScheduleExcerpt excerpt_around(const CirculantSchedule& s, const Violation& v);
// The same from the source's rows, rank by rank (for a streamed p; no baseblocks).
ScheduleExcerpt excerpt_around(const ScheduleSource& source, std::int64_t p, const Violation& v);

}  // namespace collverify::cli
