#include "cli/stream_bcast.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "checkers/circulant_streaming.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/skips.hpp"

namespace collverify::cli {
namespace {

// Progress in ranks (cli/progress.hpp counts p): redrawn twice a second on a terminal, one line
// a minute otherwise, silent for checks that end within the first interval.
class RankProgress {
 public:
  RankProgress(std::int64_t p) : p_(p), tty_(isatty(STDERR_FILENO) != 0) {}
  void advance(std::int64_t ranks) {
    std::lock_guard lock(mutex_);
    done_ += ranks;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ >=
        (tty_ ? std::chrono::milliseconds(500) : std::chrono::milliseconds(60'000))) {
      last_ = now;
      print(false);
    }
  }
  void finish() {
    std::lock_guard lock(mutex_);
    if (printed_) print(true);
  }

 private:
  void print(bool final_line) {
    const double t =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double rate = t > 0 ? static_cast<double>(done_) / t : 0;
    const double eta = rate > 0 ? static_cast<double>(p_ - done_) / rate : 0;
    const std::string line = fmt::format(
        "bcast p = {} (streamed): {}/{} ranks checked, {:.0f} ranks/s, {:.0f} s elapsed, ETA "
        "{:.0f} s",
        p_, done_, p_, rate, t, eta);
    if (tty_) {
      std::fprintf(stderr, "\r%s\033[K%s", line.c_str(), final_line ? "\n" : "");
    } else {
      std::fprintf(stderr, "%s\n", line.c_str());
    }
    std::fflush(stderr);
    printed_ = true;
  }

  std::int64_t p_;
  bool tty_;
  std::int64_t done_ = 0;
  bool printed_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_ = start_;
  std::mutex mutex_;
};

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
  if (source.only_p() == 0) return {circulant::compute_skips(p), {}};
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
                           const StreamRunOptions& o, const std::atomic<bool>* interrupted) {
  Stated st = stated(source, p);
  StreamOutcome out;
  const bool per_rank_baseblocks = source.only_p() == 0 && source.states_baseblocks();
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

  RankProgress progress(p);
  std::atomic<std::int64_t> next{0}, done{0};
  std::atomic<bool> failed{false};
  std::mutex error_mutex;
  std::exception_ptr error;
  auto stop = [&] { return failed.load() || (interrupted && interrupted->load()); };
  auto worker = [&] {
    while (!stop()) {
      const std::int64_t i = next.fetch_add(1);
      if (i >= check.chunks()) return;
      try {
        check.check_chunk(i);
      } catch (...) {  // a plugin's InputError: the first one ends the run
        std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
        failed = true;
        return;
      }
      ++done;
      progress.advance(check.chunk_end(i) - check.chunk_begin(i));
    }
  };
  const std::int64_t threads_wanted = std::min<std::int64_t>(std::max(1, jobs), check.chunks());
  std::vector<std::thread> threads;
  for (std::int64_t j = 1; j < threads_wanted; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  progress.finish();
  if (error) std::rethrow_exception(error);
  // Stopped between chunks: the best witness of what was checked (agreement unresolved in
  // fingerprint mode).
  out.complete = done.load() == check.chunks();
  out.verdict = out.complete ? check.finish() : check.partial();
  return out;
}

}  // namespace collverify::cli
