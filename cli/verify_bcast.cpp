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
#include "reference/circulant/bcast.hpp"

namespace collverify::cli {
namespace {

constexpr std::int64_t kMaxPValues = 50'000'000;

struct POutcome {
  CaseResult result;
  std::vector<InstanceResult> instances;
  std::optional<ScheduleExcerpt> excerpt;
};

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
  const Verdict fast = check_circulant_schedule(s, {source.states_baseblocks()});
  Verdict v = fast;
  std::vector<InstanceResult> simulated;
  const bool simulate = p <= o.generic_max_p || (fast && p <= o.refine_max_p);
  if (simulate) {
    if (Verdict g = simulate_all_n(s, ns, &simulated)) {
      // The generic witness names n and the absolute round; the phase invariant names the cause.
      if (fast) {
        g->message += fmt::format("; cause: {} at rank {}, round {} of every phase: {}",
                                  fast->property, fast->rank, fast->round, fast->message);
      }
      v = g;
    }
  }
  if (o.instances) {
    if (simulate) {
      out.instances = simulated;
    } else {
      for (std::int64_t n : ns) {
        const std::int64_t lb = bcast_round_lower_bound(p, n);
        out.instances.push_back({p, n, v ? Status::fail : Status::pass, lb, lb});
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
      recv.push_back(s.recv_at(r, k));
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
  e.marked_table = v.property == "send_before_receive" ? "send" : "recv";
  return e;
}

VerifyResult verify_bcast(const ScheduleSource& source, const VerifyOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::int64_t> ps = o.range.values(kMaxPValues);
  std::vector<std::size_t> order(ps.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return cost(ps[a]) > cost(ps[b]); });
  double total_cost = 0;
  for (std::int64_t p : ps) total_cost += cost(p);

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
  const int jobs = std::max(1, std::min<int>(o.jobs, static_cast<int>(ps.size())));
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
