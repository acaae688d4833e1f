#include "cli/verify_collectives.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <limits>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "checkers/collective_lower_bounds.hpp"
#include "checkers/data_simulate.hpp"
#include "cli/parallel_p.hpp"
#include "cli/progress.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "reference/circulant/allgather.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/census.hpp"

namespace collverify::cli {
namespace {

struct POutcome {
  CaseResult result;
  std::vector<InstanceResult> instances;
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<std::int64_t> block_counts(const CollectiveVerifyOptions& o, std::int64_t p) {
  if (o.what != Collective::allgatherv) return {1};
  auto ns = o.blocks.for_p(p);
  if (ns.empty()) {
    throw InputError(
        fmt::format("--blocks '{}' leaves no block count n >= 1 for p = {}", o.blocks.text(), p));
  }
  return ns;
}

// Memory of checking one (p, n): the holdings, the largest round (two Items per slot, up to p
// slots per message; census: the partial sums of one round) and the broadcast tables.
std::int64_t run_bytes(Collective what, std::int64_t p, std::int64_t n) {
  const std::string w = fmt::format("verifying p = {}, n = {}", p, n);
  const auto kind = what == Collective::census ? CollectiveKind::census : CollectiveKind::allgather;
  const std::int64_t holdings = data_simulation_bytes(kind, p, n);
  const std::int64_t round = checked_mul(checked_mul(p, p, w), 2 * sizeof(Item), w);
  const std::int64_t tables =
      what == Collective::allgatherv ? CirculantSchedule::table_bytes(p) : 0;
  return checked_add(checked_add(holdings, round, w), tables, w);
}

void require_run_memory(const std::vector<std::int64_t>& ps, const CollectiveVerifyOptions& o,
                        int jobs) {
  const std::int64_t p = ps.back();
  const std::int64_t n = block_counts(o, p).back();
  require_memory(checked_mul(run_bytes(o.what, p, n), jobs, "size"),
                 fmt::format("the data-level {} check of p = {}, n = {} with {} job(s) at once",
                             collective_name(o.what), p, n, jobs));
}

CollectiveResult check_one(const CollectiveVerifyOptions& o, std::int64_t p, std::int64_t n,
                           const std::optional<circulant::AllgathervPlan>& plan) {
  if (o.what == Collective::census) {
    return simulate_collective(circulant::build_census(p), census_round_lower_bound(p));
  }
  if (o.what == Collective::allgather) {
    const circulant::Circulant c(p);
    CollectiveSchedule h;
    h.p = p;
    return simulate_collective(
        h, c.q, [&c](std::int64_t k) { return circulant::allgather_round(c, static_cast<int>(k)); },
        allgather_round_lower_bound(p));
  }
  return simulate_collective(
      plan->header(), plan->round_count(), [&plan](std::int64_t t) { return plan->round(t); },
      allgatherv_round_lower_bound(p, n));
}

POutcome verify_one(const CollectiveVerifyOptions& o, std::int64_t p) {
  const auto t0 = std::chrono::steady_clock::now();
  POutcome out;
  out.result.p = p;
  std::optional<CirculantSchedule> tables;
  std::vector<std::int64_t> sizes;
  if (o.what == Collective::allgatherv) {
    tables = circulant::build_circulant_bcast(p);
    sizes = o.sizes.for_p(p);
  }
  for (std::int64_t n : block_counts(o, p)) {
    std::optional<circulant::AllgathervPlan> plan;
    if (tables) plan.emplace(*tables, n, sizes, o.readings);
    const CollectiveResult r = check_one(o, p, n, plan);
    out.instances.push_back({p, o.what == Collective::allgatherv ? n : kNone,
                             r.verdict ? Status::fail : Status::pass, r.rounds, r.lower_bound});
    if (r.verdict) {
      out.result.status = Status::fail;
      out.result.violation = r.verdict;
      if (o.what != Collective::allgatherv) out.result.violation->n = kNone;
      break;
    }
  }
  out.result.seconds = seconds_since(t0);
  return out;
}

double cost(const CollectiveVerifyOptions& o, std::int64_t p) {
  const double pp = static_cast<double>(p) * static_cast<double>(p);
  if (o.what != Collective::allgatherv) return pp * (ceil_log2(p) + 1);
  double rounds = 0;
  for (std::int64_t n : o.blocks.for_p(p)) rounds += static_cast<double>(n + ceil_log2(p));
  return pp * rounds;
}

}  // namespace

const char* collective_name(Collective c) {
  switch (c) {
    case Collective::allgather:
      return "allgather";
    case Collective::census:
      return "census";
    case Collective::allgatherv:
      return "allgatherv";
  }
  return "?";
}

VerifyResult verify_collective(const CollectiveVerifyOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<std::int64_t> ps = o.range.values(PRange::kMaxValues);
  std::vector<std::size_t> order(ps.size());
  double total_cost = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    order[i] = i;
    total_cost += cost(o, ps[i]);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return cost(o, ps[a]) > cost(o, ps[b]); });
  const int jobs = static_cast<int>(
      std::clamp<std::int64_t>(static_cast<std::int64_t>(ps.size()), 1, std::max(1, o.jobs)));
  require_run_memory(ps, o, jobs);

  std::vector<std::optional<POutcome>> outcomes(ps.size());
  Progress progress(collective_name(o.what), static_cast<std::int64_t>(ps.size()), total_cost);
  for_each_p_parallel(
      order, ps, jobs, o.interrupted,
      [&](std::size_t i) { outcomes[i] = verify_one(o, ps[i]); },
      [&](std::size_t i) { progress.advance(cost(o, ps[i])); });
  progress.finish();

  VerifyResult out;
  ConstructionSummary& s = out.summary;
  s.name = collective_name(o.what);
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
    }
    if (o.instances) {
      for (auto& inst : oc->instances) s.instances.push_back(inst);
    }
    s.cases.push_back(std::move(oc->result));
  }
  std::sort(s.violations.begin(), s.violations.end());
  s.seconds = seconds_since(t0);
  return out;
}

}  // namespace collverify::cli
