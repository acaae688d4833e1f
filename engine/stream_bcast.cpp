#include "engine/stream_bcast.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <vector>

#include "checkers/circulant_streaming.hpp"
#include "engine/work_pool.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/skips.hpp"

namespace collverify::engine {
namespace {

StreamingOptions checker_options(const StreamRunOptions& o) {
  StreamingOptions s;
  s.agreement = o.exact ? AgreementMode::exact : AgreementMode::fingerprint;
  s.bucket_ranks = o.chunk_ranks;
  s.seed = o.seed;
  return s;
}

// What the schedule states besides its rows: a file's own skips and baseblocks (its table is in
// memory anyway); for a construction or plugin, the skips of Algorithm 1 (what their build()
// states too); a construction's baseblocks come per rank (ScheduleSource::rank_baseblock),
// a plugin states none.
struct Stated {
  std::vector<std::int64_t> skips;
  std::vector<std::int8_t> baseblock;
};

Stated stated(const ScheduleSource& source, std::int64_t p) {
  if (!source.holds_tables()) return {circulant::compute_skips(p), {}};
  CirculantSchedule s = source.build(p);
  if (!source.states_baseblocks()) s.baseblock.clear();
  return {std::move(s.skips), std::move(s.baseblock)};
}

std::string describe_checks(const StreamRunOptions& o, bool baseblocks) {
  return fmt::format(
      "every rank streamed: value_range, receive_set, no_redundant_receive, {}agreement ({}), "
      "send_before_receive, root_block_order{}",
      baseblocks ? "baseblock, " : "",
      o.exact ? "exact: every receiver's row recomputed"
              : "fingerprint: two random linear combinations mod 2^64, differing buckets re-read "
                "exactly; a violation is missed with probability <= 2^-114 per bucket and round",
      baseblocks ? "" : "; baseblock not checked (the source states none per rank)");
}

}  // namespace

std::int64_t stream_bytes(std::int64_t p, int jobs, const StreamRunOptions& o) {
  const std::int64_t per_thread = 4 * 64 + 3 * 64 * 8 * 2 + (std::int64_t{64} << 10);
  return checked_add(CirculantStreamingCheck::shared_bytes(p, checker_options(o)),
                     checked_mul(per_thread, jobs, "--jobs"), "p");
}

StreamOutcome stream_bcast(const ScheduleSource& source, std::int64_t p, int jobs,
                           const StreamRunOptions& o, const std::atomic<bool>* interrupted,
                           ProgressSink* progress) {
  Stated st = stated(source, p);
  StreamOutcome out;
  const bool per_rank_baseblocks = !source.holds_tables() && source.states_baseblocks();
  out.checks = describe_checks(o, !st.baseblock.empty() || per_rank_baseblocks);
  StreamingInput in;
  in.p = p;
  in.skips = st.skips;
  in.rows = [&source, p](std::int64_t r, std::span<std::int8_t> recv, std::span<std::int8_t> send) {
    source.rank_rows(p, r, recv, send);
  };
  if (!st.baseblock.empty()) {
    in.baseblock = [bb = std::move(st.baseblock)](std::int64_t r) {
      return static_cast<int>(bb[static_cast<std::size_t>(r)]);
    };
  }
  if (per_rank_baseblocks) {
    in.baseblock = [&source, p](std::int64_t r) { return source.rank_baseblock(p, r); };
  }
  CirculantStreamingCheck check(std::move(in), checker_options(o));
  if ((out.verdict = check.shape())) return out;

  if (progress) progress->start(fmt::format("bcast p = {} (streamed)", p), "ranks", p, static_cast<double>(p));
  PoolOptions po;
  po.jobs = static_cast<int>(std::min<std::int64_t>(std::max(1, jobs), check.chunks()));
  po.stop = interrupted;
  // A plugin's InputError ends the run: the error of the first chunk that raised one.
  const PoolResult done = run_items(
      static_cast<std::size_t>(check.chunks()), po,
      [&](std::size_t i) { check.check_chunk(static_cast<std::int64_t>(i)); },
      [&](std::size_t i) {
        if (!progress) return;
        const auto ranks = check.chunk_end(static_cast<std::int64_t>(i)) -
                           check.chunk_begin(static_cast<std::int64_t>(i));
        progress->advance(ranks, static_cast<double>(ranks));
      });
  if (progress) progress->finish();
  // Stopped between chunks: the best witness of what was checked (agreement unresolved in
  // fingerprint mode).
  out.complete = done.complete;
  out.verdict = out.complete ? check.finish() : check.partial();
  return out;
}

}  // namespace collverify::engine
