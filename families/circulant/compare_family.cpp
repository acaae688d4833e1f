#include "families/circulant/compare_family.hpp"

#include <fmt/format.h>

#include "checkers/circulant_invariants.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace collverify::engine {
namespace {

void note(TableDiff& d, std::int64_t r, int k, const char* table, int a, int b) {
  if (a == b) return;
  if (d.entries++ == 0) d = {1, r, k, table, a, b};
}

}  // namespace

TableDiff diff_tables(const CirculantSchedule& a, const CirculantSchedule& b) {
  TableDiff d;
  for (std::int64_t r = 0; r < a.p; ++r) {
    for (int k = 0; k < a.q; ++k) {
      note(d, r, k, "recv", a.recv_at(r, k), b.recv_at(r, k));
      note(d, r, k, "send", a.send_at(r, k), b.send_at(r, k));
    }
  }
  return d;
}

Coverage CompareFamily::coverage() const {
  Coverage c;
  c.parameters = "Algorithms 4-5 against the O(log p) construction, table entry by entry";
  c.properties = {"fast circulant checker on both constructions", "table differences"};
  return c;
}

void CompareFamily::accept(std::int64_t p) const {
  if (p < 1) throw InputError(fmt::format("p = {} is not a processor count (need p >= 1)", p));
}

double CompareFamily::cost(std::int64_t p) const {
  return static_cast<double>(p) * (ceil_log2(p) + 1);
}

std::int64_t CompareFamily::bytes(std::int64_t p, int) const {
  return checked_mul(CirculantSchedule::table_bytes(p), 2, "size");
}

Outcome CompareFamily::check(std::int64_t p, const CheckContext&) const {
  Comparison c;
  const auto alg45 = circulant::build_circulant_bcast(p, {t_});
  const auto logp = circulant::build_circulant_bcast_logp(p);
  c.alg45_violation = check_circulant_schedule(alg45);
  c.logp_violation = check_circulant_schedule(logp);
  c.diff = diff_tables(alg45, logp);
  Outcome out;
  out.instances = 2;
  for (const auto& [who, v] : {std::pair{"alg45", &c.alg45_violation},
                               std::pair{"logp", &c.logp_violation}}) {
    if (!*v) continue;
    out.status = Status::fail;
    Violation w = **v;
    w.message = fmt::format("{}: {}", who, w.message);
    out.violations.push_back(std::move(w));
  }
  std::lock_guard lock(mutex_);
  done_[p] = std::move(c);
  return out;
}

std::map<std::int64_t, Comparison> CompareFamily::comparisons() const {
  std::lock_guard lock(mutex_);
  return done_;
}

}  // namespace collverify::engine
