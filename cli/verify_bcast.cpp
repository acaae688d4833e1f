#include "cli/verify_bcast.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>
#include <vector>

#include "checkers/circulant_invariants.hpp"
#include "checkers/lower_bounds.hpp"
#include "checkers/simulate.hpp"
#include "cli/progress.hpp"
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

// Refuses, before any work, a run whose largest instances would not fit in memory when `jobs`
// of them run at once.
void require_run_memory(const std::vector<std::int64_t>& ps, const VerifyOptions& o, int jobs) {
  // Both figures grow with p and n, so the largest p, and the largest simulated p with its
  // largest n, are the worst cases. ps is ascending.
  std::int64_t worst = tables_bytes(ps.back());
  std::string what = fmt::format("p = {}", ps.back());
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
  require_memory(checked_mul(worst, jobs, "size"),
                 fmt::format("verifying {} with {} job(s) at once", what, jobs));
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

POutcome verify_one(const ScheduleSource& source, std::int64_t p, const VerifyOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  POutcome out;
  out.result.p = p;
  const CirculantSchedule s = source.build(p);
  const std::vector<std::int64_t> ns = o.blocks.for_p(p);
  if (ns.empty()) {
    throw InputError(fmt::format("--blocks '{}' leaves no block count n >= 1 for p = {}",
                                 o.blocks.text(), p));
  }
  const Verdict fast = check_circulant_schedule(s, {source.states_baseblocks()});
  Verdict v = fast;
  std::vector<InstanceResult> simulated;
  // A schedule of the wrong shape or on another graph cannot be expanded; a failing p is only
  // re-simulated for its witness when that fits in the memory left to one job.
  const bool expandable = !fast || (fast->property != "shape" && fast->property != "skips");
  const bool refine = fast && p <= o.refine_max_p &&
                      simulation_bytes(p, ns.back()) <= physical_memory_bytes() / 4 / std::max(1, o.jobs);
  const bool simulate = expandable && (p <= o.generic_max_p || refine);
  if (simulate) {
    if (Verdict g = simulate_all_n(s, ns, &simulated)) {
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
    out.excerpt = excerpt_around(s, fast ? *fast : *v);
    out.result.violation = std::move(v);
  }
  out.result.seconds = seconds_since(t0);
  return out;
}

double cost(std::int64_t p) {
  const double q = ceil_log2(p) + 1;
  return static_cast<double>(p) * q * q;
}

}  // namespace

ScheduleExcerpt excerpt_around(const CirculantSchedule& s, const Violation& v) {
  ScheduleExcerpt e;
  e.p = s.p;
  e.q = s.q;
  const std::int64_t centre = v.rank >= 0 && v.rank < s.p ? v.rank : 0;
  for (std::int64_t r = std::max<std::int64_t>(0, centre - 3);
       r <= std::min(s.p - 1, centre + 3); ++r) {
    e.ranks.push_back(r);
    if (!s.baseblock.empty()) e.baseblock.push_back(s.baseblock[static_cast<std::size_t>(r)]);
    std::vector<int> recv, send;
    for (int k = 0; k < s.q; ++k) {
      if (r != 0) recv.push_back(s.recv_at(r, k));  // the root receives nothing
      send.push_back(s.send_at(r, k));
    }
    e.recv.push_back(std::move(recv));
    e.send.push_back(std::move(send));
  }
  if (v.rank == kNone || v.round == kNone || s.q == 0 || v.property == "completeness" ||
      v.property == "round_optimal") {
    return e;
  }
  // Fast witnesses give the round of a phase; generic ones an absolute round of the expansion.
  const std::int64_t k = v.n == kNone ? v.round : (v.round + circulant::dummy_rounds(s.q, v.n)) % s.q;
  e.marked_rank = v.rank;
  e.marked_round = static_cast<int>(k);
  const bool send_side = v.property == "send_before_receive" || v.property == "root_block_order";
  e.marked_table = send_side ? "send" : "recv";
  return e;
}

VerifyResult verify_bcast(const ScheduleSource& source, const VerifyOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::int64_t> ps = o.range.values(PRange::kMaxValues);
  std::vector<std::size_t> order(ps.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return cost(ps[a]) > cost(ps[b]); });
  double total_cost = 0;
  for (std::int64_t p : ps) total_cost += cost(p);

  const int jobs = static_cast<int>(
      std::clamp<std::int64_t>(static_cast<std::int64_t>(ps.size()), 1, std::max(1, o.jobs)));
  require_run_memory(ps, o, jobs);

  std::vector<std::optional<POutcome>> outcomes(ps.size());
  std::atomic<std::size_t> next{0};
  // Bad input (a plugin's error) ends the run; the error reported is the one of the smallest p
  // that raised one, so p above it are skipped once one is known.
  std::mutex error_mutex;
  std::exception_ptr error;
  std::atomic<std::int64_t> error_p{std::numeric_limits<std::int64_t>::max()};
  Progress progress("bcast", static_cast<std::int64_t>(ps.size()), total_cost);

  auto worker = [&] {
    while (!(o.interrupted && o.interrupted->load())) {
      const std::size_t i = next.fetch_add(1);
      if (i >= order.size()) return;
      const std::int64_t p = ps[order[i]];
      if (p > error_p.load()) continue;
      try {
        outcomes[order[i]] = verify_one(source, p, o);
      } catch (const InputError&) {
        std::lock_guard lock(error_mutex);
        if (p < error_p.load()) {
          error = std::current_exception();
          error_p = p;
        }
        continue;
      }
      progress.advance(cost(p));
    }
  };

  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  progress.finish();
  if (error) std::rethrow_exception(error);

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
  std::sort(s.violations.begin(), s.violations.end());
  s.seconds = seconds_since(t0);
  return out;
}

}  // namespace collverify::cli
