#include "families/circulant/count_recheck.hpp"

#include <fmt/format.h>

#include <chrono>
#include <set>

#include "checkers/circulant_invariants.hpp"
#include "checkers/lower_bounds.hpp"
#include "checkers/simulate.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::engine {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::string field(std::int64_t v) {
  return v == kNone ? std::string("-") : std::to_string(v);
}

}  // namespace

std::string witness_text(const Verdict& v) {
  if (!v) return "none";
  return fmt::format("{} rank {} round {} block {}", v->property, field(v->rank), field(v->round),
                     field(v->block));
}

std::vector<std::int64_t> recheck_blocks(int q) {
  std::set<std::int64_t> n{1, 2, q, q + 1, 2 * q + 1, 3 * q + 2};
  n.erase(0);
  return {n.begin(), n.end()};
}

std::string recheck_schedule(const CirculantSchedule& s) {
  if (auto v = check_circulant_schedule(s)) return "fast checker: " + witness_text(v);
  for (std::int64_t n : recheck_blocks(s.q)) {
    const auto r =
        simulate_schedule(circulant::expand_bcast(s, n), bcast_round_lower_bound(s.p, n));
    if (r.verdict) return fmt::format("simulation n = {}: {}", n, witness_text(r.verdict));
  }
  return "";
}

CountRow check_counts(std::int64_t p, const proofs::Enumeration& z3,
                      const proofs::Enumeration& backtracking, const CountOptions& o) {
  CountRow row;
  row.p = p;
  row.z3 = z3;
  row.backtracking = backtracking;
  const std::set<proofs::RecvTable> zs(z3.tables.begin(), z3.tables.end());
  const std::set<proofs::RecvTable> bs(backtracking.tables.begin(), backtracking.tables.end());
  row.complete = z3.complete && backtracking.complete;
  const bool both = o.use_z3 && o.use_backtracking;
  row.agree = row.complete && both ? zs == bs : true;
  row.duplicates = zs.size() != z3.tables.size() || bs.size() != backtracking.tables.size();
  // Every distinct table of either method, so a table only one method found is re-checked too.
  for (const auto* set : {&bs, &zs}) {
    for (const auto& t : *set) {
      row.recheck = recheck_schedule(proofs::complete_schedule(p, t));
      if (!row.recheck.empty()) break;
    }
    if (!row.recheck.empty()) break;
  }
  row.code = !row.agree || !row.recheck.empty() || row.duplicates ? 1 : row.complete ? 0 : 3;
  return row;
}

void check_structured(CountRow& row, const CountOptions& o) {
  const std::uint64_t n = row.structured.count;
  const auto consistent = [n](const proofs::Enumeration& e) {
    const auto found = static_cast<std::uint64_t>(e.tables.size());
    return e.complete ? found == n : found <= n;
  };
  row.structured_agrees =
      (!o.use_z3 || consistent(row.z3)) && (!o.use_backtracking || consistent(row.backtracking));
  if (!row.structured_agrees) {
    row.code = 1;
  } else if (row.code == 3) {
    row.code = 0;
  }
}

CountRow count_and_recheck(std::int64_t p, const CountOptions& o) {
  auto t0 = Clock::now();
  proofs::Enumeration z;
  z.complete = true;
  if (o.use_z3) z = proofs::enumerate_z3(p, o.limit, {o.rlimit});
  const double z3s = seconds_since(t0);
  t0 = Clock::now();
  proofs::Enumeration b;
  b.complete = true;
  if (o.use_backtracking) b = proofs::enumerate_backtracking(p, o.limit);
  const double bts = seconds_since(t0);
  CountRow row = check_counts(p, z, b, o);
  row.z3_seconds = z3s;
  row.backtracking_seconds = bts;
  if (o.use_structured) {
    t0 = Clock::now();
    row.structured = proofs::count_structured(p);
    row.structured_seconds = seconds_since(t0);
    row.structured_run = true;
    check_structured(row, o);
  }
  return row;
}

}  // namespace collverify::engine
