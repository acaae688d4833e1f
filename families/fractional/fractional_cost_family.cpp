#include "families/fractional/fractional_cost_family.hpp"
#include "families/fractional/fractional_svg.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>

#include "model/error.hpp"
#include "model/fractional/cost.hpp"

namespace collverify::engine {
namespace {

namespace fr = collverify::fractional;

constexpr double kTwinMaxKappa = 1e6;
constexpr std::int64_t kTwinMaxR = 300;

Violation cost_violation(std::int64_t P, std::int64_t n, const char* property, std::string message) {
  Violation v;
  v.property = property;
  v.p = P;
  v.n = n;
  v.message = std::move(message);
  return v;
}

// The twin's verdict on one (P, k/t); appends what is wrong.
void check_search(std::int64_t P, std::int64_t n, double kappa, std::vector<Violation>& out) {
  const fr::CostPoint fast = fr::best_fractional(P, kappa);
  const auto s_max = static_cast<std::int64_t>(4 * std::sqrt(kappa * static_cast<double>(P))) + 400;
  if (fast.r.value_or(0) >= kTwinMaxR || fast.s >= static_cast<double>(s_max) / 2) {
    out.push_back(cost_violation(P, n, "grid_holds_optimum",
                            fmt::format("k/t = {:g}: the exact best r = {}, s = {:g} is not well "
                                        "inside the twin's grid r < {}, s < {}",
                                        kappa, fast.r.value_or(0), fast.s, kTwinMaxR, s_max / 2)));
    return;
  }
  const fr::CostPoint slow = fr::best_fractional_grid(P, kappa, kTwinMaxR, s_max);
  if (fast.r != slow.r || fast.s != slow.s || fast.T_over_k != slow.T_over_k) {
    out.push_back(cost_violation(P, n, "exact_search_equals_grid",
                            fmt::format("k/t = {:g}: the search says r = {}, s = {:g}, T/k = {:.9g}; "
                                        "the grid r = {}, s = {:g}, T/k = {:.9g}",
                                        kappa, fast.r.value_or(0), fast.s, fast.T_over_k,
                                        slow.r.value_or(0), slow.s, slow.T_over_k)));
  }
}

void check_table(std::int64_t P, std::int64_t n, double kappa, std::vector<Violation>& out) {
  const fr::CostTable t = fr::cost_table(P, kappa);
  const std::pair<const char*, const fr::CostPoint*> rows[] = {
      {"paper's choice", &t.paper}, {"exact best", &t.best},   {"chain", &t.chain},
      {"binary tree", &t.binary},   {"circulant", &t.circulant}};
  for (const auto& [name, p] : rows) {
    if (p->T_over_k < t.lower.T_over_k * (1 - 1e-12)) {
      out.push_back(cost_violation(P, n, "rows_above_lower_bound",
                              fmt::format("k/t = {:g}: the {} costs T/k = {:.9g}, below the lower "
                                          "bound {:.9g}",
                                          kappa, name, p->T_over_k, t.lower.T_over_k)));
    }
  }
  if (t.best.T_over_k > t.binary.T_over_k || t.best.T_over_k > t.paper.T_over_k) {
    out.push_back(cost_violation(P, n, "best_not_above_binary_or_paper",
                            fmt::format("k/t = {:g}: the exact best T/k = {:.9g} exceeds r = 1 "
                                        "({:.9g}) or the paper's choice ({:.9g})",
                                        kappa, t.best.T_over_k, t.binary.T_over_k, t.paper.T_over_k)));
  }
}

}  // namespace

Coverage FractionalCostFamily::coverage() const {
  Coverage c;
  c.parameters = fmt::format(
      "k/t = 10^0 .. 10^7, 20 points a decade (Figure 3's grid); exact search against its grid "
      "twin for k/t <= 10^6 (r < {}, s < 2 sqrt(P k/t) + 200)",
      kTwinMaxR);
  c.properties = {"grid_holds_optimum", "exact_search_equals_grid", "rows_above_lower_bound",
                  "best_not_above_binary_or_paper"};
  c.lower_bound = "T*_lower = k (1 + sqrt(t (log2 P - 1) / k))^2 (s - 1 + log2 P steps, real s)";
  return c;
}

void FractionalCostFamily::accept(std::int64_t p) const {
  if (p < 2 || p > (std::int64_t{1} << 20)) {
    throw InputError(fmt::format("fractional-cost: P = {} is not in 2..1048576 (the grid twin's "
                                 "time grows with sqrt(P))", p));
  }
}

double FractionalCostFamily::cost(std::int64_t p) const { return std::sqrt(static_cast<double>(p)); }

std::int64_t FractionalCostFamily::bytes(std::int64_t p, int /*jobs*/) const {
  // The recurrence's sizes for one r at a time (d <= P) and the curve's points.
  return 8 * p + 64 * 1024;
}

Outcome FractionalCostFamily::check(std::int64_t p, const CheckContext& /*context*/) const {
  const auto start = std::chrono::steady_clock::now();
  Outcome o;
  const std::vector<double> kappas = fr::figure3_kappas();
  for (std::size_t i = 0; i < kappas.size(); ++i) {
    const auto n = static_cast<std::int64_t>(i);
    const std::size_t before = o.violations.size();
    if (kappas[i] <= kTwinMaxKappa) check_search(p, n, kappas[i], o.violations);
    check_table(p, n, kappas[i], o.violations);
    InstanceResult r;
    r.p = p;
    r.n = n;
    r.status = o.violations.size() == before ? Status::pass : Status::fail;
    o.instance_results.push_back(r);
    ++o.instances;
  }
  o.status = o.violations.empty() ? Status::pass : Status::fail;
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return o;
}

void FractionalCostFamily::finish(ConstructionSummary& summary,
                                  const std::vector<Finished>& /*finished*/) const {
  // Figure 3 of the P checked, as SVG (embedded) and CSV, beside the reports.
  std::vector<fr::SpeedupCurve> curves;
  for (const CaseResult& c : summary.cases) curves.push_back(fr::speedup_curve(c.p, fr::figure3_kappas()));
  if (curves.empty()) return;
  summary.pictures_svg.push_back({"fractional_speedup.svg",
                                  "Figure 3: fractional tree over the best of chain and binary tree",
                                  speedup_svg(curves)});
  summary.data_files.push_back({"fractional_speedup.csv", speedup_csv(curves)});
}

}  // namespace collverify::engine
