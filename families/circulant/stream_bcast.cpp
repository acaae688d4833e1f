#include "families/circulant/stream_bcast.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "checkers/circulant_streaming.hpp"
#include "families/circulant/stream_share.hpp"
#include "engine/work_pool.hpp"
#include "generators/external/plugin.hpp"
#include "model/error.hpp"
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

namespace {

// The seed every rank uses: the given one, else one drawn on rank 0 and sent to all.
std::uint64_t common_seed(std::uint64_t given, Distribution* dist) {
  if (given != 0 || dist == nullptr) return given;
  std::uint64_t seed = 0;
  if (dist->rank() == 0) {
    seed = (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    if (seed == 0) seed = 1;  // 0 means "draw one"
  }
  const auto all = dist->all_gather(std::to_string(seed));
  return std::stoull(all.front());
}

// The error of a chunk, for the other ranks.
void record_error(StreamShare& share, std::int64_t chunk) {
  if (share.error != StreamShare::Error::none && share.error_chunk <= chunk) return;
  share.error_chunk = chunk;
  try {
    throw;
  } catch (const PluginFailure& e) {
    share.error = StreamShare::Error::plugin;
    share.error_what = e.what();
    share.plugin_p = e.p;
    share.plugin_root = e.root;
    share.plugin_rank = e.rank;
    share.plugin_code = e.code;
    share.plugin_text = e.text;
  } catch (const InputError& e) {
    share.error = StreamShare::Error::input;
    share.error_what = e.what();
  } catch (const std::exception& e) {
    share.error = StreamShare::Error::other;
    share.error_what = e.what();
  } catch (...) {
    share.error = StreamShare::Error::other;
    share.error_what = "unknown exception";
  }
}

[[noreturn]] void raise(const StreamShare& s, int from_rank) {
  if (s.error == StreamShare::Error::plugin) {
    throw PluginFailure(s.error_what, s.plugin_p, s.plugin_root, s.plugin_rank, s.plugin_code,
                        s.plugin_text);
  }
  if (s.error == StreamShare::Error::input) throw InputError(s.error_what);
  throw InputError(fmt::format("rank {}: {}", from_rank, s.error_what));
}

// The checker's input for p: the source's rows rank by rank, and the baseblocks (stated once
// for every rank, or asked of the source rank by rank), as `st` and the source state them.
StreamingInput streaming_input(const ScheduleSource& source, std::int64_t p, Stated& st,
                               bool per_rank_baseblocks) {
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
  return in;
}

// Sends this rank's share to every rank and absorbs theirs (collective: every rank calls it),
// then raises the error of the smallest chunk that raised one on any rank. True when every
// other rank checked all of its chunks.
bool share_with_ranks(Distribution& dist, std::int64_t p, const StreamShare& share,
                      CirculantStreamingCheck& check) {
  const int rank = dist.rank();
  const auto shares = dist.all_gather(encode_stream_share(p, share));
  bool complete = true;
  int error_rank = -1;
  StreamShare first_error;
  for (int r = 0; r < dist.size(); ++r) {
    if (r == rank) continue;  // its part is this object's own
    StreamShare other = decode_stream_share(shares[static_cast<std::size_t>(r)]);
    complete = complete && other.complete;
    check.absorb(other.part);
    if (other.error != StreamShare::Error::none &&
        (error_rank < 0 || other.error_chunk < first_error.error_chunk)) {
      first_error = std::move(other);
      error_rank = r;
    }
  }
  if (share.error != StreamShare::Error::none &&
      (error_rank < 0 || share.error_chunk < first_error.error_chunk)) {
    first_error = share;
    error_rank = rank;
  }
  if (error_rank >= 0) raise(first_error, error_rank);
  return complete;
}

// Reports each finished chunk: distributed, the ranks of p every rank has finished
// (Distribution::add_done; rank 0 draws the line), otherwise this rank's own.
struct ChunkProgress {
  const CirculantStreamingCheck& check;
  Distribution* dist;
  ProgressSink* progress;
  std::mutex mutex{};
  std::uint64_t shown = 0;

  void done(std::int64_t chunk) {
    const auto n = check.chunk_end(chunk) - check.chunk_begin(chunk);
    if (dist) {
      const auto un = static_cast<std::uint64_t>(n);
      const std::uint64_t total = dist->add_done(un, un).items;
      if (!progress) return;
      const std::lock_guard lock(mutex);
      if (total <= shown) return;
      progress->advance(static_cast<std::int64_t>(total - shown), static_cast<double>(total - shown));
      shown = total;
      return;
    }
    if (progress) progress->advance(n, static_cast<double>(n));
  }
};

}  // namespace

StreamOutcome stream_bcast(const ScheduleSource& source, std::int64_t p, int jobs,
                           const StreamRunOptions& o, const std::atomic<bool>* interrupted,
                           ProgressSink* progress, Distribution* distribution) {
  Distribution* const dist =
      distribution != nullptr && distribution->size() > 1 ? distribution : nullptr;
  const int rank = dist ? dist->rank() : 0;
  const int ranks = dist ? dist->size() : 1;
  if (rank != 0) progress = nullptr;  // rank 0 draws the line
  Stated st = stated(source, p);
  StreamOutcome out;
  const bool per_rank_baseblocks = !source.holds_tables() && source.states_baseblocks();
  out.checks = describe_checks(o, !st.baseblock.empty() || per_rank_baseblocks);
  StreamingInput in = streaming_input(source, p, st, per_rank_baseblocks);
  StreamRunOptions common = o;
  common.seed = common_seed(o.seed, dist);
  CirculantStreamingCheck check(std::move(in), checker_options(common));
  if ((out.verdict = check.shape())) return out;  // the same on every rank

  // This rank's chunks: all of them, or its contiguous share.
  const std::int64_t chunks = check.chunks();
  const std::int64_t first = chunks * rank / ranks;
  const std::int64_t last = chunks * (rank + 1) / ranks;
  const std::int64_t my_ranks = last > first ? check.chunk_end(last - 1) - check.chunk_begin(first) : 0;
  // Distributed, rank 0's line counts the ranks of p every rank finished (Distribution::
  // add_done, reset here: start_items is collective).
  if (dist) dist->start_items(0);
  if (progress) {
    const std::int64_t total = dist ? p : my_ranks;
    progress->start(dist ? fmt::format("bcast p = {} (streamed over {} MPI ranks)", p, ranks)
                         : fmt::format("bcast p = {} (streamed)", p),
                    "ranks", total, static_cast<double>(total));
  }
  ChunkProgress reporter{check, dist, progress};
  PoolOptions po;
  po.jobs = static_cast<int>(std::clamp<std::int64_t>(last - first, 1, std::max(1, jobs)));
  po.stop = interrupted;
  StreamShare share;
  std::mutex share_mutex;
  auto body = [&](std::size_t i) {
    const std::int64_t chunk = first + static_cast<std::int64_t>(i);
    if (!dist) {
      check.check_chunk(chunk);
      return;
    }
    try {
      check.check_chunk(chunk);
    } catch (...) {  // travels to the other ranks below; the pool skips later chunks
      const std::lock_guard lock(share_mutex);
      record_error(share, chunk);
      throw;
    }
  };
  // A plugin's InputError ends the run: the error of the first chunk that raised one.
  PoolResult done;
  try {
    done = run_items(
        static_cast<std::size_t>(last - first), po, body,
        [&](std::size_t i) { reporter.done(first + static_cast<std::int64_t>(i)); });
  } catch (...) {
    if (!dist) {
      if (progress) progress->finish();
      throw;
    }
    done.complete = false;
  }
  if (progress) progress->finish();
  out.complete = done.complete;
  if (dist) {
    share.complete = done.complete;
    share.part = check.part();
    out.complete = share_with_ranks(*dist, p, share, check) && out.complete;
  }
  // Stopped between chunks: the best witness of what was checked (agreement unresolved in
  // fingerprint mode).
  out.verdict = out.complete ? check.finish() : check.partial();
  return out;
}

}  // namespace collverify::engine
