#include "families/circulant/collective_family.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "checkers/collective_lower_bounds.hpp"
#include "checkers/data_simulate.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "reference/circulant/allgather.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/census.hpp"

namespace collverify::engine {
namespace {


// Memory of checking one (p, n), an upper bound (tests/families/memory_estimate_test.cpp): the
// holdings, the largest round (two Items per slot, up to p slots per message; census: the
// partial sums of one round) and, for allgatherv, the broadcast tables twice: check() builds
// them and the AllgathervPlan keeps its own copy (the old estimate counted them once and was
// exceeded at p = 2048: 153.2 MB peak for 152.6 MB estimated).
std::int64_t run_bytes(Collective what, std::int64_t p, std::int64_t n) {
  const std::string w = fmt::format("verifying p = {}, n = {}", p, n);
  const auto kind = what == Collective::census ? CollectiveKind::census : CollectiveKind::allgather;
  const std::int64_t holdings = data_simulation_bytes(kind, p, n);
  const std::int64_t round = checked_mul(checked_mul(p, p, w), 2 * sizeof(Item), w);
  const std::int64_t tables =
      what == Collective::allgatherv ? checked_mul(CirculantSchedule::table_bytes(p), 2, w) : 0;
  return checked_add(checked_add(holdings, round, w), tables, w);
}

CollectiveResult check_one(const CollectiveOptions& o, std::int64_t p, std::int64_t n,
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

std::vector<std::int64_t> CollectiveFamily::block_counts(std::int64_t p) const {
  if (o_.what != Collective::allgatherv) return {1};
  return o_.blocks.for_p(p);
}

Coverage CollectiveFamily::coverage() const {
  Coverage c;
  if (o_.what == Collective::allgatherv) {
    c.parameters = fmt::format("block counts n in {{{}}}; sizes {}", o_.blocks.text(),
                               o_.sizes.text());
    c.lower_bound = "n - 1 + ceil(log2 p) rounds";
  } else {
    c.parameters = "one block per rank";
    c.lower_bound = "ceil(log2 p) rounds";
  }
  c.properties = {"rank_range",           "one_port_send",      "one_port_receive",
                  "agreement",            "block_range",        "one_block_per_origin",
                  "send_before_receive",  "no_redundant_receive", "completeness",
                  "round_optimal"};
  return c;
}

void CollectiveFamily::accept(std::int64_t p) const {
  if (p < 1) throw InputError(fmt::format("p = {} is not a processor count (need p >= 1)", p));
  if (block_counts(p).empty()) {
    throw InputError(
        fmt::format("--blocks '{}' leaves no block count n >= 1 for p = {}", o_.blocks.text(), p));
  }
}

double CollectiveFamily::cost(std::int64_t p) const {
  const double pp = static_cast<double>(p) * static_cast<double>(p);
  if (o_.what != Collective::allgatherv) return pp * (ceil_log2(p) + 1);
  double rounds = 0;
  for (std::int64_t n : o_.blocks.for_p(p)) rounds += static_cast<double>(n + ceil_log2(p));
  return pp * rounds;
}

std::int64_t CollectiveFamily::bytes(std::int64_t p, int) const {
  return run_bytes(o_.what, p, block_counts(p).back());
}

Outcome CollectiveFamily::check(std::int64_t p, const CheckContext&) const {
  Outcome out;
  std::optional<CirculantSchedule> tables;
  std::vector<std::int64_t> sizes;
  if (o_.what == Collective::allgatherv) {
    tables = circulant::build_circulant_bcast(p);
    sizes = o_.sizes.for_p(p);
  }
  for (std::int64_t n : block_counts(p)) {
    std::optional<circulant::AllgathervPlan> plan;
    if (tables) plan.emplace(*tables, n, sizes, o_.readings);
    const CollectiveResult r = check_one(o_, p, n, plan);
    ++out.instances;
    out.instance_results.push_back({p, o_.what == Collective::allgatherv ? n : kNone,
                                    r.verdict ? Status::fail : Status::pass, r.rounds,
                                    r.lower_bound});
    if (r.verdict) {
      out.status = Status::fail;
      out.violations.push_back(*r.verdict);
      if (o_.what != Collective::allgatherv) out.violations.back().n = kNone;
      break;
    }
  }
  return out;
}

}  // namespace collverify::engine
