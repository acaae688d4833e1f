#include "cli/verify_bcast.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <chrono>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>
#include <vector>

#include "checkers/circulant_invariants.hpp"
#include "checkers/lower_bounds.hpp"
#include "checkers/simulate.hpp"
#include "cli/parallel_p.hpp"
#include "cli/progress.hpp"
#include "cli/stream_bcast.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::cli {
namespace {

struct POutcome {
  CaseResult result;
  std::vector<InstanceResult> instances;
  std::optional<ScheduleExcerpt> excerpt;
  bool simulated = false;  // the generic simulation ran
};

// Memory of one generic simulation: the Algorithm 6 expansion (a Transfer per rank and round,
// plus a vector per round) and the p x n bits of holdings.
std::int64_t simulation_bytes(std::int64_t p, std::int64_t n) {
  const std::string what = fmt::format("the explicit schedule of p = {}, n = {}", p, n);
  const std::int64_t rounds = checked_add(n - 1, ceil_log2(p), what);
  const std::int64_t per_round =
      checked_add(checked_mul(p, static_cast<std::int64_t>(sizeof(Transfer)), what), 24, what);
  return checked_add(checked_mul(rounds, per_round, what), checked_mul(p, n, what) / 8, what);
}

// Memory of building and checking one p: the tables plus 9 bytes per rank (recv_table.hpp).
std::int64_t tables_bytes(std::int64_t p) {
  return checked_add(CirculantSchedule::table_bytes(p), checked_mul(p, 9, "p"), "p");
}

bool streamed(std::int64_t p, const VerifyOptions& o) {
  return o.stream.force || tables_bytes(p) > o.stream.above_bytes;
}

// Refuses, before any work, a run whose largest instances would not fit in memory when `jobs`
// of them run at once (a streamed p runs alone, on every job).
void require_run_memory(const std::vector<std::int64_t>& ps, const VerifyOptions& o, int jobs) {
  // Both figures grow with p and n, so the largest built p, and the largest simulated p with its
  // largest n, are the worst cases. ps is ascending.
  std::int64_t worst = 0;
  std::string what;
  for (auto it = ps.rbegin(); it != ps.rend(); ++it) {
    if (!streamed(*it, o)) {
      worst = tables_bytes(*it);
      what = fmt::format("p = {}", *it);
      break;
    }
  }
  const auto sim = std::upper_bound(ps.begin(), ps.end(), o.generic_max_p);
  if (sim != ps.begin()) {
    const std::int64_t p = *std::prev(sim);
    const auto ns = o.blocks.for_p(p);
    if (!ns.empty()) {
      const std::int64_t bytes = checked_add(tables_bytes(p), simulation_bytes(p, ns.back()), "size");
      if (bytes > worst) {
        worst = bytes;
        what = fmt::format("p = {}, n = {} (simulated, --generic-max-p {})", p, ns.back(),
                           o.generic_max_p);
      }
    }
  }
  if (worst > 0) {
    require_memory(checked_mul(worst, jobs, "size"),
                   fmt::format("verifying {} with {} job(s) at once", what, jobs));
  }
  if (!ps.empty() && streamed(ps.back(), o)) {
    require_memory(stream_bytes(ps.back(), std::max(1, o.jobs), o.stream),
                   fmt::format("streaming p = {}", ps.back()));
  }
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Generic simulation of the Algorithm 6 expansion for every n; the first failing n's witness.
Verdict simulate_all_n(const CirculantSchedule& s, const std::vector<std::int64_t>& ns,
                       std::vector<InstanceResult>* instances) {
  for (std::int64_t n : ns) {
    const auto r = simulate_schedule(circulant::expand_bcast(s, n), bcast_round_lower_bound(s.p, n));
    if (instances) {
      instances->push_back({s.p, n, r.verdict ? Status::fail : Status::pass, r.rounds,
                            r.lower_bound});
    }
    if (r.verdict) return r.verdict;
  }
  return std::nullopt;
}

// Given the fast verdict (from the tables or streamed), runs the generic simulation where it
// applies and assembles the outcome. s is the built schedule, or null for a streamed p (built
// here only if the simulation needs it).
POutcome conclude(const ScheduleSource& source, std::int64_t p, const VerifyOptions& o,
                  const Verdict& fast, const CirculantSchedule* built,
                  std::chrono::steady_clock::time_point t0) {
  POutcome out;
  out.result.p = p;
  const std::vector<std::int64_t> ns = o.blocks.for_p(p);
  if (ns.empty()) {
    throw InputError(fmt::format("--blocks '{}' leaves no block count n >= 1 for p = {}",
                                 o.blocks.text(), p));
  }
  Verdict v = fast;
  std::vector<InstanceResult> simulated;
  // A schedule of the wrong shape or on another graph cannot be expanded; a failing p is only
  // re-simulated for its witness when that fits in the memory left to one job.
  const bool expandable = !fast || (fast->property != "shape" && fast->property != "skips");
  const bool refine = fast && p <= o.refine_max_p &&
                      simulation_bytes(p, ns.back()) <= physical_memory_bytes() / 4 / std::max(1, o.jobs);
  const bool simulate = expandable && (p <= o.generic_max_p || refine);
  std::optional<CirculantSchedule> own;
  if (simulate && !built) built = &own.emplace(source.build(p));
  out.simulated = simulate;
  if (simulate) {
    if (Verdict g = simulate_all_n(*built, ns, &simulated)) {
      // The generic witness names n and the absolute round; the phase invariant names the cause.
      if (fast && fast->rank != kNone && fast->round != kNone) {
        g->message += fmt::format("; cause: {} at rank {}, round {} of every phase: {}",
                                  fast->property, fast->rank, fast->round, fast->message);
      } else if (!fast) {
        g->message += "; the fast check passed this schedule: the two checkers disagree";
      }
      v = g;
    }
  }
  if (o.instances) {
    if (simulate) {
      out.instances = simulated;
    } else {
      // Judged by the fast checker alone, which covers every n: no rounds were counted.
      for (std::int64_t n : ns) {
        out.instances.push_back({p, n, v ? Status::fail : Status::pass, kNone,
                                 bcast_round_lower_bound(p, n)});
      }
    }
  }
  if (v) {
    out.result.status = Status::fail;
    // The fast witness points at the table entry that causes the failure; mark that one.
    const Violation& at = fast ? *fast : *v;
    out.excerpt = built ? excerpt_around(*built, at) : excerpt_around(source, p, at);
    out.result.violation = std::move(v);
  }
  out.result.seconds = seconds_since(t0);
  return out;
}

POutcome verify_one(const ScheduleSource& source, std::int64_t p, const VerifyOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  const CirculantSchedule s = source.build(p);
  return conclude(source, p, o, check_circulant_schedule(s, {source.states_baseblocks()}), &s, t0);
}

// A streamed p on every job; nullopt when it was interrupted before any violation was found.
// `checks` receives which checks ran.
std::optional<POutcome> verify_streamed(const ScheduleSource& source, std::int64_t p,
                                        const VerifyOptions& o, bool& complete,
                                        std::string& checks) {
  const auto t0 = std::chrono::steady_clock::now();
  const StreamOutcome st = stream_bcast(source, p, o.jobs, o.stream, o.interrupted);
  std::optional<POutcome> out;
  if (st.complete || st.verdict) out = conclude(source, p, o, st.verdict, nullptr, t0);
  if (!st.complete) complete = false;
  checks = st.checks + (out && out->simulated
                            ? "; generic simulation of every n run from the built tables"
                            : "; generic simulation not run (it needs the tables)");
  return out;
}

double cost(std::int64_t p) {
  const double q = ceil_log2(p) + 1;
  return static_cast<double>(p) * q * q;
}

}  // namespace

namespace {

// Columns rank - 3 .. rank + 3 of v's rank (clipped to [0, p)), filled by rows(r, recv, send),
// and the broken entry marked.
template <typename Rows>
ScheduleExcerpt excerpt_of(std::int64_t p, int q, const Violation& v, Rows rows) {
  ScheduleExcerpt e;
  e.p = p;
  e.q = q;
  const std::int64_t centre = v.rank >= 0 && v.rank < p ? v.rank : 0;
  for (std::int64_t r = std::max<std::int64_t>(0, centre - 3); r <= std::min(p - 1, centre + 3);
       ++r) {
    e.ranks.push_back(r);
    std::vector<int> recv, send;
    rows(r, recv, send);
    if (r == 0) recv.clear();  // the root receives nothing
    e.recv.push_back(std::move(recv));
    e.send.push_back(std::move(send));
  }
  if (v.rank == kNone || v.round == kNone || q == 0 || v.property == "completeness" ||
      v.property == "round_optimal") {
    return e;
  }
  // Fast witnesses give the round of a phase; generic ones an absolute round of the expansion.
  const std::int64_t k = v.n == kNone ? v.round : (v.round + circulant::dummy_rounds(q, v.n)) % q;
  e.marked_rank = v.rank;
  e.marked_round = static_cast<int>(k);
  const bool send_side = v.property == "send_before_receive" || v.property == "root_block_order";
  e.marked_table = send_side ? "send" : "recv";
  return e;
}

}  // namespace

ScheduleExcerpt excerpt_around(const CirculantSchedule& s, const Violation& v) {
  ScheduleExcerpt e = excerpt_of(s.p, s.q, v, [&](std::int64_t r, std::vector<int>& recv,
                                                  std::vector<int>& send) {
    for (int k = 0; k < s.q; ++k) {
      recv.push_back(s.recv_at(r, k));
      send.push_back(s.send_at(r, k));
    }
  });
  if (!s.baseblock.empty()) {
    for (std::int64_t r : e.ranks) e.baseblock.push_back(s.baseblock[static_cast<std::size_t>(r)]);
  }
  return e;
}

ScheduleExcerpt excerpt_around(const ScheduleSource& source, std::int64_t p, const Violation& v) {
  const int q = ceil_log2(p);
  return excerpt_of(p, q, v, [&](std::int64_t r, std::vector<int>& recv, std::vector<int>& send) {
    std::vector<std::int8_t> r8(static_cast<std::size_t>(q)), s8(static_cast<std::size_t>(q));
    source.rank_rows(p, r, r8, s8);
    recv.assign(r8.begin(), r8.end());
    send.assign(s8.begin(), s8.end());
  });
}

void add_stream_flags(CLI::App& app, StreamRunOptions& s) {
  app.add_flag("--stream", s.force,
               "check every rank of each p from rows computed on demand, without the p x q "
               "tables (automatic for p whose tables exceed 1 GiB)");
  // Hidden (tests and benchmarks): the switch-over size, the exact agreement mode, the chunk
  // size and the fingerprint seed.
  app.add_option("--stream-above-bytes", s.above_bytes)->group("");
  app.add_flag("--stream-exact", s.exact)->group("");
  app.add_option("--stream-chunk", s.chunk_ranks)
      ->group("")
      ->check([](const std::string& t) -> std::string {
        const long long v = std::atoll(t.c_str());
        return v >= 1 && v <= (1LL << 20) && (v & (v - 1)) == 0
                   ? ""
                   : "--stream-chunk '" + t + "' is not a power of two from 1 to 2^20";
      });
  app.add_option("--stream-seed", s.seed)->group("");
}

VerifyResult verify_bcast(const ScheduleSource& source, const VerifyOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::int64_t> ps = o.range.values(PRange::kMaxValues);
  std::vector<std::size_t> order(ps.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return cost(ps[a]) > cost(ps[b]); });

  // Built p on the pool below, one p per job; streamed p afterwards, one at a time on every job.
  std::vector<std::size_t> built_order, streamed_order;
  for (std::size_t i : order) (streamed(ps[i], o) ? streamed_order : built_order).push_back(i);
  std::sort(streamed_order.begin(), streamed_order.end());
  const int jobs = static_cast<int>(std::clamp<std::int64_t>(
      static_cast<std::int64_t>(built_order.size()), 1, std::max(1, o.jobs)));
  require_run_memory(ps, o, jobs);

  std::vector<std::optional<POutcome>> outcomes(ps.size());
  double built_cost = 0;
  for (std::size_t i : built_order) built_cost += cost(ps[i]);
  Progress progress("bcast", static_cast<std::int64_t>(built_order.size()), built_cost);

  // Bad input (a plugin's error) ends the run with the error of the smallest p that raised one.
  for_each_p_parallel(
      built_order, ps, jobs, o.interrupted,
      [&](std::size_t i) { outcomes[i] = verify_one(source, ps[i], o); },
      [&](std::size_t i) { progress.advance(cost(ps[i])); });
  progress.finish();

  bool streams_complete = true;
  std::string checks;
  for (std::size_t i : streamed_order) {
    if (o.interrupted && o.interrupted->load()) break;
    outcomes[i] = verify_streamed(source, ps[i], o, streams_complete, checks);
  }
  if (!streamed_order.empty() && !checks.empty()) {
    std::fprintf(stderr, "bcast: %zu p streamed (%s)%s\n", streamed_order.size(), checks.c_str(),
                 streams_complete ? "" : "; interrupted: not every rank was checked");
  }

  VerifyResult out;
  ConstructionSummary& s = out.summary;
  s.name = "bcast";
  for (auto& oc : outcomes) {
    if (!oc) {
      out.complete = false;
      continue;
    }
    ++s.checked;
    if (oc->result.status == Status::pass) ++s.passed;
    if (oc->result.status == Status::fail) {
      ++s.failed;
      if (s.violations.size() < o.max_violations) s.violations.push_back(*oc->result.violation);
      if (!s.excerpt) s.excerpt = std::move(oc->excerpt);
    }
    for (auto& inst : oc->instances) s.instances.push_back(inst);
    s.cases.push_back(std::move(oc->result));
  }
  if (!streams_complete) out.complete = false;
  std::sort(s.violations.begin(), s.violations.end());
  s.seconds = seconds_since(t0);
  return out;
}

}  // namespace collverify::cli
