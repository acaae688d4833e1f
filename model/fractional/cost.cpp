#include "model/fractional/cost.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "model/error.hpp"
#include "model/fractional/recurrence.hpp"
#include "model/int_math.hpp"

namespace collverify::fractional {
namespace {

double c_of(std::int64_t r) { return 1.0 + 1.0 / static_cast<double>(r); }

CostPoint one_pu() { return one_pu_cost(1); }

// The best s = m * unit (m >= 1) for steps = d + c s: T convex in m, so the integer optimum is
// next to the real one m* = sqrt(d kappa / c) / unit; m* - 1 .. m* + 1 covers rounding of m*.
CostPoint best_multiple(double d, double c, std::int64_t unit, double kappa) {
  const double m_real = d > 0 ? std::sqrt(d * kappa / c) / static_cast<double>(unit) : 1.0;
  const auto m0 = static_cast<std::int64_t>(std::floor(m_real));
  CostPoint best;
  bool have = false;
  for (std::int64_t m = std::max<std::int64_t>(1, m0 - 1); m <= std::max<std::int64_t>(1, m0 + 2);
       ++m) {
    const double s = static_cast<double>(m * unit);
    const double steps = d + c * s;
    const double t = cost_over_k(steps, s, kappa);
    if (!have || t < best.T_over_k) {
      best = CostPoint{std::nullopt, d, s, steps, t};
      have = true;
    }
  }
  return best;
}

std::int64_t r_limit(std::int64_t P) { return std::max<std::int64_t>(1, P - 2); }

}  // namespace

CostPoint one_pu_cost(std::optional<std::int64_t> r) { return CostPoint{r, 0, 0, 0, 0}; }

double cost_over_k(double steps, double s, double kappa) { return steps * (1.0 / kappa + 1.0 / s); }

void validate_cost_input(std::int64_t P, double kappa) {
  if (P < 1) throw InputError(fmt::format("--P {}: the machine size must be at least 1", P));
  if (!(kappa > 0) || !(kappa <= kMaxKappa))
    throw InputError(fmt::format(
        "--k-over-t {}: the message length k/t must be a number > 0 and at most {:g}", kappa,
        kMaxKappa));
  if (P >= kMaxP) throw InputError(fmt::format("--P {}: the machine size must be below 2^62", P));
}

CostPoint fractional_cost(std::int64_t P, std::int64_t r, std::int64_t s, double kappa) {
  CV_ASSERT(r >= 1 && s >= 1, "r and s are positive");
  if (P == 1) return one_pu();
  const auto d = static_cast<double>(depth(P, r));
  const double steps = d + c_of(r) * static_cast<double>(s);
  return CostPoint{r, d, static_cast<double>(s), steps,
                   cost_over_k(steps, static_cast<double>(s), kappa)};
}

CostPoint best_for_r(std::int64_t P, std::int64_t r, double kappa) {
  if (P == 1) return one_pu();
  CostPoint p = best_multiple(static_cast<double>(depth(P, r)), c_of(r), r, kappa);
  p.r = r;
  return p;
}

double depth_lower_bound(std::int64_t P, std::int64_t r) {
  if (P <= 2) return static_cast<double>(P - 2);
  if (r > P - 2) return static_cast<double>(P - 2);
  // Q_i = P_i + r satisfies Q_i = Q_{i-r} + Q_{i-r-1} <= 2 Q_{i-r} for i > r and Q_i <= 2r + 1
  // for i <= r, so P_i < (2r + 1) 2^(ceil(i/r) - 1) and the first i with P_i >= P exceeds
  // r log2(P / (2r + 1)); also P_r = r + 1 < P, so d >= r.
  const auto rd = static_cast<double>(r);
  // (1 - 1e-9): room for the rounding of log2 and of P as a double.
  const double by_doubling = rd * std::log2(static_cast<double>(P) / (2 * rd + 1)) * (1 - 1e-9) - 1;
  return std::max(rd, std::floor(by_doubling));
}

CostPoint best_fractional(std::int64_t P, double kappa) {
  if (P == 1) return one_pu();
  CostPoint best = best_for_r(P, 1, kappa);
  double bound = best.T_over_k * kappa;  // the best T / t found so far
  for (std::int64_t r = 2; r <= r_limit(P); ++r) {
    // T_r'^s / t >= (sqrt(d) + sqrt(c kappa))^2 >= (sqrt(r) + sqrt(kappa))^2 for all r' >= r
    // (d >= r' >= r): no larger r can do better.
    const double floor_r = std::pow(std::sqrt(static_cast<double>(r)) + std::sqrt(kappa), 2);
    if (floor_r >= bound) break;
    // This r alone: the same bound with the doubling bound on d (no recurrence to run).
    const double floor_this =
        std::pow(std::sqrt(depth_lower_bound(P, r)) + std::sqrt(c_of(r) * kappa), 2);
    if (floor_this >= bound) continue;
    const CostPoint p = best_for_r(P, r, kappa);
    if (p.T_over_k < best.T_over_k) {
      best = p;
      bound = best.T_over_k * kappa;
    }
  }
  return best;
}

CostPoint binary_best(std::int64_t P, double kappa) { return best_for_r(P, 1, kappa); }

CostPoint chain_best(std::int64_t P, double kappa) {
  if (P == 1) return one_pu_cost(std::nullopt);
  return best_multiple(static_cast<double>(P - 2), 1.0, 1, kappa);
}

CostPoint circulant_best(std::int64_t P, double kappa) {
  if (P == 1) return one_pu_cost(std::nullopt);
  return best_multiple(static_cast<double>(ceil_log2(P) - 1), 1.0, 1, kappa);
}

CostPoint lower_bound(std::int64_t P, double kappa) {
  if (P == 1) return one_pu_cost(std::nullopt);
  // At least s - 1 + log2 P steps of t + k/s: st + k + d t + d k/s with d = log2 P - 1, whose
  // minimum over real s > 0 is at s = sqrt(d k / t) (s -> 0 when d = 0).
  const double d = std::log2(static_cast<double>(P)) - 1;
  const double s = std::sqrt(d * kappa);
  return CostPoint{std::nullopt, d, s, d + s, std::pow(1 + std::sqrt(d / kappa), 2)};
}

double lower_bound_as_printed_over_k(std::int64_t P, double kappa) {
  if (P == 1) return 0;
  return std::pow(1 + std::sqrt(std::log2(static_cast<double>(P)) / kappa), 2);
}

CostPoint paper_choice(std::int64_t P, double kappa, std::string* note) {
  if (P == 1) return one_pu();
  const double d_prime = std::log2(static_cast<double>(P)) - 1;
  std::int64_t r = 1;
  if (d_prime <= 0) {
    if (note != nullptr)
      *note = fmt::format("the rule divides by d' = log2 P - 1 = {}; r = 1 taken", d_prime);
  } else {
    const double r_real = std::cbrt(kappa / d_prime);
    r = std::clamp<std::int64_t>(std::llround(r_real), 1, r_limit(P));
  }
  const auto d = static_cast<double>(depth(P, r));
  const double s_real = std::sqrt(kappa * d * static_cast<double>(r) / static_cast<double>(r + 1));
  const std::int64_t m = std::max<std::int64_t>(1, std::llround(s_real / static_cast<double>(r)));
  return fractional_cost(P, r, m * r, kappa);
}

double continuous_fractional_over_k(std::int64_t P, double kappa, std::int64_t* r_out) {
  if (P == 1) {
    if (r_out != nullptr) *r_out = 1;
    return 0;
  }
  auto t_of = [&](std::int64_t r) {
    return std::pow(std::sqrt(c_of(r)) + std::sqrt(static_cast<double>(depth(P, r)) / kappa), 2);
  };
  double best = t_of(1);
  std::int64_t best_r = 1;
  for (std::int64_t r = 2; r <= r_limit(P); ++r) {
    // (sqrt(c) + sqrt(d / kappa))^2 >= (1 + sqrt(r / kappa))^2 for every r' >= r (d >= r).
    if (std::pow(1 + std::sqrt(static_cast<double>(r) / kappa), 2) >= best) break;
    if (std::pow(std::sqrt(c_of(r)) + std::sqrt(depth_lower_bound(P, r) / kappa), 2) >= best)
      continue;
    const double t = t_of(r);
    if (t < best) {
      best = t;
      best_r = r;
    }
  }
  if (r_out != nullptr) *r_out = best_r;
  return best;
}

double continuous_binary_over_k(std::int64_t P, double kappa) {
  if (P == 1) return 0;
  return std::pow(std::sqrt(2.0) + std::sqrt(static_cast<double>(depth(P, 1)) / kappa), 2);
}

double continuous_chain_over_k(std::int64_t P, double kappa) {
  if (P == 1) return 0;
  return std::pow(1 + std::sqrt(static_cast<double>(P - 2) / kappa), 2);
}

CostTable cost_table(std::int64_t P, double kappa) {
  validate_cost_input(P, kappa);
  CostTable t;
  t.P = P;
  t.kappa = kappa;
  t.paper = paper_choice(P, kappa, &t.paper_note);
  t.best = best_fractional(P, kappa);
  t.chain = chain_best(P, kappa);
  t.binary = binary_best(P, kappa);
  t.circulant = circulant_best(P, kappa);
  t.lower = lower_bound(P, kappa);
  t.lower_as_printed = lower_bound_as_printed_over_k(P, kappa);
  t.paper_excess = t.best.T_over_k > 0 ? t.paper.T_over_k / t.best.T_over_k - 1 : 0;
  // The fastest of the layouts (ties to the earlier in this order).
  t.fastest = "fractional";
  double fastest = t.best.T_over_k;
  const std::pair<const char*, const CostPoint*> others[] = {
      {"chain", &t.chain}, {"binary", &t.binary}, {"circulant", &t.circulant}};
  for (const auto& [name, p] : others) {
    if (p->T_over_k < fastest) {
      fastest = p->T_over_k;
      t.fastest = name;
    }
  }
  return t;
}

SpeedupPoint speedup(std::int64_t P, double kappa) {
  validate_cost_input(P, kappa);
  SpeedupPoint sp;
  sp.kappa = kappa;
  const CostPoint best = best_fractional(P, kappa);
  const double simple = std::min(chain_best(P, kappa).T_over_k, binary_best(P, kappa).T_over_k);
  sp.integer_speedup = best.T_over_k > 0 ? simple / best.T_over_k : 1;
  sp.integer_r = best.r.value_or(1);
  const double cont = continuous_fractional_over_k(P, kappa, &sp.continuous_r);
  const double cont_simple =
      std::min(continuous_chain_over_k(P, kappa), continuous_binary_over_k(P, kappa));
  sp.continuous_speedup = cont > 0 ? cont_simple / cont : 1;
  return sp;
}

std::vector<double> log_grid(double lo_exp10, double hi_exp10, int points) {
  CV_ASSERT(points >= 2, "a grid has two ends");
  std::vector<double> out;
  for (int i = 0; i < points; ++i)
    out.push_back(std::pow(10.0, lo_exp10 + (hi_exp10 - lo_exp10) * i / (points - 1)));
  return out;
}

SpeedupCurve speedup_curve(std::int64_t P, const std::vector<double>& kappas) {
  SpeedupCurve c;
  c.P = P;
  for (const double kappa : kappas) {
    c.points.push_back(speedup(P, kappa));
    const SpeedupPoint& now = c.points.back();
    if (now.integer_speedup > c.points[c.integer_max].integer_speedup)
      c.integer_max = c.points.size() - 1;
    if (now.continuous_speedup > c.points[c.continuous_max].continuous_speedup)
      c.continuous_max = c.points.size() - 1;
  }
  return c;
}

SpeedupPoint refine_max(const SpeedupCurve& c, bool integer, int points) {
  CV_ASSERT(!c.points.empty(), "a curve has points");
  const std::size_t at = integer ? c.integer_max : c.continuous_max;
  const double lo = c.points[at == 0 ? 0 : at - 1].kappa;
  const double hi = c.points[std::min(at + 1, c.points.size() - 1)].kappa;
  auto value = [integer](const SpeedupPoint& p) {
    return integer ? p.integer_speedup : p.continuous_speedup;
  };
  SpeedupPoint best = c.points[at];
  if (hi <= lo) return best;
  for (const double kappa : log_grid(std::log10(lo), std::log10(hi), points)) {
    const SpeedupPoint p = speedup(c.P, kappa);
    if (value(p) > value(best)) best = p;
  }
  return best;
}

std::vector<std::int64_t> figure3_machines() { return {64, 1024, 16384}; }

std::vector<double> figure3_kappas() { return log_grid(0, 7, 141); }

std::vector<SpeedupCurve> figure3_curves() {
  std::vector<SpeedupCurve> out;
  for (const std::int64_t P : figure3_machines()) out.push_back(speedup_curve(P, figure3_kappas()));
  return out;
}

}  // namespace collverify::fractional
