#include "engine/run_range.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <functional>
#include <limits>
#include <mutex>
#include <string>
#include <optional>

#include "engine/journal.hpp"
#include "engine/outcome_codec.hpp"
#include "engine/work_pool.hpp"
#include "model/int_math.hpp"
#include "model/error.hpp"
#include "model/memory.hpp"

namespace collverify::engine {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The `jobs` most demanding pool p at once, and each p that runs alone with `alone_jobs` (every
// job, however few pool p there are).
void require_run_memory(const Family& f, const std::vector<std::int64_t>& pool,
                        const std::vector<std::int64_t>& alone, int jobs, int alone_jobs) {
  std::vector<std::pair<std::int64_t, std::int64_t>> need;  // (bytes, p)
  need.reserve(pool.size());
  for (std::int64_t p : pool) need.emplace_back(f.bytes(p, 1), p);
  const auto top = std::min<std::size_t>(need.size(), static_cast<std::size_t>(jobs));
  std::partial_sort(need.begin(), need.begin() + static_cast<std::ptrdiff_t>(top), need.end(),
                    std::greater<>());
  std::int64_t sum = 0;
  for (std::size_t i = 0; i < top; ++i) {
    sum = checked_add(sum, checked_add(need[i].first, kCheckOverheadBytes, "memory estimate"),
                      "memory estimate");
  }
  if (top > 0) {
    require_memory(sum, fmt::format("{}: checking {} with {} job(s) at once", f.name(),
                                    f.what(need.front().second), jobs));
  }
  for (std::int64_t p : alone) {  // each alone p runs by itself on every job
    require_memory(checked_add(f.bytes(p, alone_jobs), kCheckOverheadBytes, "memory estimate"),
                   fmt::format("{}: checking {} on {} job(s)", f.name(), f.what(p), alone_jobs));
  }
}

void add_rounds(Coverage& c, const std::vector<InstanceResult>& instances) {
  for (const auto& i : instances) {
    if (i.rounds == kNone || i.lower_bound == kNone) continue;
    ++c.rounds_counted;
    const std::int64_t excess = i.rounds - i.lower_bound;
    if (excess == 0) ++c.rounds_at_bound;
    if (c.rounds_max_excess == kNone || excess > c.rounds_max_excess) c.rounds_max_excess = excess;
  }
}

// "14, 21..30000": ascending p as runs of consecutive values, the first kShownRuns of them, then
// "... (N more p)"; empty for none. Says in a report which p an interrupted run did not check.
std::string p_runs_text(const std::vector<std::int64_t>& ps) {
  constexpr std::size_t kShownRuns = 20;
  std::string out;
  std::size_t runs = 0;
  for (std::size_t i = 0; i < ps.size();) {
    std::size_t j = i;
    while (j + 1 < ps.size() && ps[j + 1] == ps[j] + 1) ++j;
    if (runs == kShownRuns) {
      out += fmt::format(", ... ({} more p)", ps.size() - i);
      break;
    }
    if (runs > 0) out += ", ";
    out += i == j ? fmt::format("{}", ps[i]) : fmt::format("{}..{}", ps[i], ps[j]);
    ++runs;
    i = j + 1;
  }
  return out;
}

// Folds the outcomes (indexed like ps) into the summary; outcomes not present were not run.
void summarise(const std::vector<std::int64_t>& ps, std::vector<std::optional<Outcome>>& outcomes,
               const RunOptions& o, ConstructionSummary& s, bool& complete) {
  std::vector<Violation> all;
  std::vector<std::int64_t> not_checked;
  for (std::size_t i = 0; i < ps.size(); ++i) {
    auto& oc = outcomes[i];
    // Not run, or stopped inside (a p running alone) before it found a violation: not checked.
    if (!oc || (!oc->complete && oc->violations.empty())) {
      complete = false;
      not_checked.push_back(ps[i]);
      continue;
    }
    if (!oc->complete) complete = false;
    ++s.checked;
    if (oc->status == Status::pass) ++s.passed;
    if (oc->status == Status::fail) ++s.failed;
    if (oc->status == Status::inconclusive) ++s.inconclusive;
    s.coverage.instances += oc->instances;
    add_rounds(s.coverage, oc->instance_results);
    CaseResult c;
    c.p = ps[i];
    c.status = oc->status;
    c.seconds = oc->seconds;
    if (!oc->violations.empty()) c.violation = oc->violations.front();
    s.cases.push_back(std::move(c));
    if (!s.excerpt && oc->excerpt && !oc->violations.empty()) s.excerpt = std::move(oc->excerpt);
    if (o.instances) {
      for (auto& inst : oc->instance_results) s.instances.push_back(inst);
    }
    for (auto& v : oc->violations) all.push_back(std::move(v));
  }
  s.complete = complete;
  s.not_checked = static_cast<std::int64_t>(not_checked.size());
  s.not_checked_p = p_runs_text(not_checked);
  std::sort(all.begin(), all.end());
  s.violations_total = static_cast<std::int64_t>(all.size());
  s.violations_cap = static_cast<std::int64_t>(o.max_violations);
  if (all.size() > o.max_violations) {
    all.resize(o.max_violations);
    s.truncated = true;
  }
  s.violations = std::move(all);
}

// This rank's outcomes (and the error of its smallest p, if any) for the other ranks.
std::string encode_share(const std::vector<std::int64_t>& ps,
                         const std::vector<std::optional<Outcome>>& outcomes,
                         const std::vector<char>& mine, std::int64_t error_p,
                         const std::string& error) {
  nlohmann::json records = nlohmann::json::array();
  for (std::size_t i = 0; i < ps.size(); ++i) {
    if (mine[i] && outcomes[i]) records.push_back(encode_outcome(ps[i], *outcomes[i]));
  }
  return nlohmann::json{{"error_p", error_p}, {"error", error}, {"outcomes", records}}.dump(
      -1, ' ', false, nlohmann::json::error_handler_t::replace);  // an error text may not be UTF-8
}

// Takes every rank's share into outcomes; returns the rank whose error has the smallest p (or -1)
// with its p and message.
int merge_shares(const std::vector<std::string>& shares, const std::vector<std::int64_t>& ps,
                 std::vector<std::optional<Outcome>>& outcomes, std::string& error) {
  int error_rank = -1;
  std::int64_t error_p = std::numeric_limits<std::int64_t>::max();
  for (std::size_t r = 0; r < shares.size(); ++r) {
    const auto j = nlohmann::json::parse(shares[r]);
    const auto ep = j.at("error_p").get<std::int64_t>();
    if (ep != kNone && ep < error_p) {
      error_p = ep;
      error_rank = static_cast<int>(r);
      error = j.at("error").get<std::string>();
    }
    for (const auto& rec : j.at("outcomes")) {
      auto [p, oc] = decode_outcome(rec.get<std::string>());
      const auto it = std::lower_bound(ps.begin(), ps.end(), p);
      CV_ASSERT(it != ps.end() && *it == p, "a rank returned the outcome of a p not in the range");
      outcomes[static_cast<std::size_t>(it - ps.begin())] = std::move(oc);
    }
  }
  return error_rank;
}

// What the phases of one run_range share: its inputs, the outcomes so far (indexed like ps), the
// journal, and (distributed) the error this rank keeps until the ranks have swapped their shares.
struct RangeRun {
  RangeRun(const Family& family, const std::vector<std::int64_t>& range, const RunOptions& options)
      : f(family),
        ps(range),
        o(options),
        dist(options.distribution != nullptr && options.distribution->size() > 1
                 ? options.distribution
                 : nullptr),
        rank(dist ? dist->rank() : 0),
        ranks(dist ? dist->size() : 1),
        jobs(std::max(1, options.jobs)),
        outcomes(range.size()),
        mine(range.size(), 0) {}

  const Family& f;
  const std::vector<std::int64_t>& ps;
  const RunOptions& o;
  Distribution* const dist;
  const int rank;
  const int ranks;
  const int jobs;
  std::vector<std::optional<Outcome>> outcomes;
  std::vector<char> mine;  // char: written by several threads
  std::optional<Journal> journal_file;
  std::exception_ptr error;
  std::int64_t error_p = kNone;
};

// The p still to check, as indices into ps: the pool p, most costly first, and those that run
// alone (with every job).
struct RangePlan {
  std::vector<std::size_t> pool, alone;
  std::vector<double> cost;  // indexed like ps; set for the pool p
  double pool_cost = 0;
};

// Takes the journal's outcomes of the p in the range; returns how many it took.
std::int64_t resume_from_journal(RangeRun& run, const std::string& key) {
  std::int64_t resumed = 0;
  for (auto& [p, oc] : load_journal(run.o.journal_dir, key)) {
    const auto it = std::lower_bound(run.ps.begin(), run.ps.end(), p);
    if (it == run.ps.end() || *it != p) continue;  // a p outside this run's range
    run.outcomes[static_cast<std::size_t>(it - run.ps.begin())] = std::move(oc);
    ++resumed;
  }
  return resumed;
}

// Splits the p without an outcome into the pool (ordered by cost, largest first) and alone.
RangePlan plan_range(const RangeRun& run) {
  RangePlan plan;
  for (std::size_t i = 0; i < run.ps.size(); ++i) {
    if (run.outcomes[i]) continue;  // taken from the journal
    (run.f.alone(run.ps[i]) ? plan.alone : plan.pool).push_back(i);
  }
  plan.cost.resize(run.ps.size());
  for (std::size_t i : plan.pool) plan.pool_cost += plan.cost[i] = run.f.cost(run.ps[i]);
  std::stable_sort(plan.pool.begin(), plan.pool.end(),
                   [&](std::size_t a, std::size_t b) { return plan.cost[a] > plan.cost[b]; });
  return plan;
}

// require_run_memory on the p of the plan.
void require_plan_memory(const RangeRun& run, const RangePlan& plan, int pool_jobs) {
  std::vector<std::int64_t> pool_ps, alone_ps;
  for (std::size_t i : plan.pool) pool_ps.push_back(run.ps[i]);
  for (std::size_t i : plan.alone) alone_ps.push_back(run.ps[i]);
  require_run_memory(run.f, pool_ps, alone_ps, pool_jobs, run.jobs);
}

// Checks ps[i]. record: this rank keeps (and journals) the outcome; false on the ranks other
// than 0 of a p split over every rank, which all compute the same outcome.
void check_and_record(RangeRun& run, std::size_t i, const CheckContext& ctx, bool record = true) {
  Outcome oc = run_check(run.f, run.ps[i], ctx);
  if (!record) return;
  if (run.journal_file && oc.complete) run.journal_file->append(run.ps[i], oc);
  run.outcomes[i] = std::move(oc);
  run.mine[i] = 1;
}

// The progress line of the pool. Distributed, every rank adds what it finished to the totals
// shared by all (items, and cost in fixed point: 2^52 units for the whole pool), at most 4 times
// a second (one round trip to rank 0 per item would be a cost of its own), and rank 0's line
// shows the totals.
class PoolProgress {
 public:
  PoolProgress(ProgressSink* progress, Distribution* dist, double pool_cost)
      : progress_(progress),
        dist_(dist),
        unit_scale_(pool_cost > 0 ? 4503599627370496.0 / pool_cost : 0) {}

  // A pool p of this cost has finished.
  void done(double cost) {
    if (!dist_) {
      if (progress_) progress_->advance(1, cost);
      return;
    }
    const std::lock_guard lock(mutex_);
    ++pending_.items;
    pending_.units += static_cast<std::uint64_t>(std::llround(cost * unit_scale_));
    const auto now = std::chrono::steady_clock::now();
    if (now - last_flush_ < std::chrono::milliseconds(250)) return;
    last_flush_ = now;
    const auto total = dist_->add_done(pending_.items, pending_.units);
    pending_ = {};
    if (!progress_ || total.items <= shown_.items) return;
    progress_->advance(
        static_cast<std::int64_t>(total.items - shown_.items),
        unit_scale_ > 0 ? static_cast<double>(total.units - shown_.units) / unit_scale_ : 0.0);
    shown_ = total;
  }

 private:
  ProgressSink* const progress_;
  Distribution* const dist_;
  const double unit_scale_;
  std::mutex mutex_;
  Distribution::Done shown_, pending_;
  std::chrono::steady_clock::time_point last_flush_ = std::chrono::steady_clock::now();
};

// Runs the pool p on pool_jobs jobs (distributed: the ranks take them in turn). Alone, an
// exception ends the run; distributed, the one of the smallest p is kept in run.error.
void run_pool(RangeRun& run, const RangePlan& plan, int pool_jobs) {
  const RunOptions& o = run.o;
  const auto& ps = run.ps;
  const auto& pool = plan.pool;
  if (o.progress && !pool.empty()) {
    o.progress->start(
        run.dist ? fmt::format("{} (all {} ranks)", run.f.name(), run.ranks) : run.f.name(), "p",
        static_cast<std::int64_t>(pool.size()), plan.pool_cost);
  }
  PoolProgress progress(o.progress, run.dist, plan.pool_cost);
  PoolOptions po;
  po.jobs = pool_jobs;
  po.stop = o.stop;
  po.key = [&](std::size_t k) { return ps[pool[k]]; };
  if (run.dist) po.next = [dist = run.dist] { return static_cast<std::size_t>(dist->next_item()); };
  std::mutex pool_error_mutex;
  std::int64_t pool_error_p = std::numeric_limits<std::int64_t>::max();
  try {
    run_items(
        pool.size(), po,
        [&](std::size_t k) {
          try {
            check_and_record(run, pool[k], CheckContext{o.stop, 1});
          } catch (...) {  // the pool keeps the exception of the smallest p: so is its p kept
            const std::lock_guard<std::mutex> lock(pool_error_mutex);
            pool_error_p = std::min(pool_error_p, ps[pool[k]]);
            throw;
          }
        },
        [&](std::size_t k) { progress.done(plan.cost[pool[k]]); });
  } catch (...) {
    if (!run.dist) {
      if (o.progress && !pool.empty()) o.progress->finish();
      throw;
    }
    run.error = std::current_exception();
    run.error_p = pool_error_p;
  }
  if (o.progress && !pool.empty()) o.progress->finish();
}

// A p that runs alone gets every job; an exception there ends the run as well. Distributed,
// a p the family splits runs on every rank at once (check() is collective), any other on
// rank k mod size. Every rank walks the whole list, so that before each split p the ranks
// agree whether to go on (a stop or an error on any rank ends the run on all of them).
void run_alone(RangeRun& run, const std::vector<std::size_t>& alone) {
  std::size_t whole = 0;  // alone p given whole to one rank so far
  for (std::size_t k = 0; k < alone.size(); ++k) {
    const std::size_t i = alone[k];
    const bool split = run.dist != nullptr && run.f.splits(run.ps[i]);
    bool halt = run.error || stop_requested(run.o.stop);
    if (split) {
      const auto votes = run.dist->all_gather(halt ? "1" : "0");
      halt = std::find(votes.begin(), votes.end(), "1") != votes.end();
    }
    if (halt) {
      if (!run.dist) break;
      continue;
    }
    if (!split && static_cast<int>(whole++ % static_cast<std::size_t>(run.ranks)) != run.rank) {
      continue;
    }
    try {
      check_and_record(run, i, CheckContext{run.o.stop, run.jobs, split ? run.dist : nullptr},
                       !split || run.rank == 0);
    } catch (...) {
      if (!run.dist) throw;
      run.error = std::current_exception();
      run.error_p = run.ps[i];
    }
  }
}

// The message of a stored exception, for the other ranks.
std::string error_message(const std::exception_ptr& error) {
  if (!error) return std::string();
  try {
    std::rethrow_exception(error);
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown exception";
  }
}

// Distributed: gives every rank every outcome, then throws the error of the smallest p on any
// rank (rethrown on its own rank, as an InputError naming the rank on the others).
void exchange_outcomes(RangeRun& run) {
  const auto shares = run.dist->all_gather(
      encode_share(run.ps, run.outcomes, run.mine, run.error_p, error_message(run.error)));
  std::string first_error;
  const int error_rank = merge_shares(shares, run.ps, run.outcomes, first_error);
  if (error_rank == run.rank) std::rethrow_exception(run.error);
  if (error_rank >= 0) throw InputError(fmt::format("rank {}: {}", error_rank, first_error));
}

}  // namespace

Outcome run_check(const Family& family, std::int64_t p, const CheckContext& context) {
  if (context.stop != nullptr && context.stop->load()) {
    Outcome stopped;
    stopped.complete = false;
    return stopped;
  }
  const auto start = std::chrono::steady_clock::now();
  Outcome oc = family.check(p, context);
  oc.seconds = seconds_since(start);
  std::sort(oc.violations.begin(), oc.violations.end());
  return oc;
}

RangeResult run_range(const Family& f, const std::vector<std::int64_t>& ps, const RunOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  for (std::int64_t p : ps) f.accept(p);
  RangeRun run(f, ps, o);
  const bool journal = !o.journal_dir.empty();
  const std::string key = journal ? journal_key(f) : std::string();
  const std::int64_t resumed = journal && o.resume ? resume_from_journal(run, key) : 0;
  const RangePlan plan = plan_range(run);
  const int pool_jobs = static_cast<int>(
      std::clamp<std::int64_t>(static_cast<std::int64_t>(plan.pool.size()), 1, run.jobs));
  require_plan_memory(run, plan, pool_jobs);
  if (o.on_accepted) o.on_accepted();
  // A fresh run clears the old journal before any rank writes to it (start_items is a barrier).
  if (journal && !o.resume && run.rank == 0) clear_journal(o.journal_dir);
  if (run.dist) run.dist->start_items(plan.pool.size());
  if (journal) run.journal_file.emplace(o.journal_dir, run.rank, key);

  run_pool(run, plan, pool_jobs);
  run_alone(run, plan.alone);
  if (run.dist) exchange_outcomes(run);
  run.journal_file.reset();  // synced and closed before the reports are written

  RangeResult r;
  r.summary.name = f.name();
  r.summary.coverage = f.coverage();
  r.summary.coverage.p_range = o.p_text;
  bool complete = true;
  // finish() sees every p checked (summarise moves the violations into the summary).
  std::vector<Finished> finished;
  for (std::size_t i = 0; i < ps.size(); ++i) {
    const auto& oc = run.outcomes[i];
    if (oc && (oc->complete || !oc->violations.empty())) finished.push_back({ps[i], &*oc});
  }
  summarise(ps, run.outcomes, o, r.summary, complete);
  r.complete = complete;
  r.resumed = resumed;
  r.summary.seconds = seconds_since(t0);
  // Rank 0 reports: only its summary gets what finish adds (pictures, notes on stderr).
  if (run.rank == 0) f.finish(r.summary, finished);
  return r;
}

int exit_code(const RunSummary& summary) {
  bool violation = false;
  bool inconclusive = !summary.complete;
  for (const auto& c : summary.constructions) {
    violation = violation || c.failed > 0;
    inconclusive = inconclusive || c.inconclusive > 0;
  }
  if (violation) return 1;
  return inconclusive ? 3 : 0;
}

}  // namespace collverify::engine
