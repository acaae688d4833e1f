#include "reference/trees/dp_common.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify::trees::detail {
namespace {

void check_cost(double v, const std::string& what) {
  if (!std::isfinite(v) || v < 0) {
    throw InputError(fmt::format("{} = {} is not a finite number >= 0", what, v));
  }
}
void check_cost(std::int64_t v, const std::string& what) {
  if (v < 0) throw InputError(fmt::format("{} = {} is negative; costs must be >= 0", what, v));
}

template <class T>
T max_of(const std::vector<T>& v, T fallback) {
  return v.empty() ? fallback : *std::max_element(v.begin(), v.end());
}

}  // namespace

std::vector<std::int64_t> prefix_sums(const std::vector<std::int64_t>& m) {
  std::vector<std::int64_t> s(m.size() + 1, 0);
  for (std::size_t i = 0; i < m.size(); ++i) s[i + 1] = checked_add(s[i], m[i], "total size m");
  return s;
}

template <class T>
void validate_problem(const TreeProblem<T>& problem, RootMode mode, const std::string& who) {
  const std::int64_t p = problem.p();
  if (p == 0) throw InputError(who + ": p = 0 (empty block size list); need at least 1 processor");
  for (std::int64_t i = 0; i < p; ++i) {
    if (problem.m[static_cast<std::size_t>(i)] < 0) {
      throw InputError(fmt::format("{}: block size m_{} = {} is negative", who, i,
                                   problem.m[static_cast<std::size_t>(i)]));
    }
  }
  std::int64_t total = 0;
  for (const auto x : problem.m) total = checked_add(total, x, who + ": total size m");
  if (!mode.best && (mode.root < 0 || mode.root >= p)) {
    throw InputError(fmt::format("{}: root {} is outside [0, {})", who, mode.root, p));
  }
  const auto& c = problem.cost;
  if (!c.homogeneous()) {
    const auto pp = static_cast<std::size_t>(checked_mul(p, p, who + ": p * p"));
    if (c.p != p || c.alpha_ij.size() != pp || c.beta_ij.size() != pp ||
        c.gamma_i.size() != static_cast<std::size_t>(p)) {
      throw InputError(fmt::format(
          "{}: per-pair cost matrices have shape alpha {}, beta {}, gamma {} (p = {}); need "
          "{} x {}, {} x {} and {}",
          who, c.alpha_ij.size(), c.beta_ij.size(), c.gamma_i.size(), p, p, p, p, p, p));
    }
    for (std::size_t x = 0; x < pp; ++x) {
      check_cost(c.alpha_ij[x], fmt::format("alpha_{}{}", x / p, x % p));
      check_cost(c.beta_ij[x], fmt::format("beta_{}{}", x / p, x % p));
    }
    for (std::size_t x = 0; x < static_cast<std::size_t>(p); ++x) {
      check_cost(c.gamma_i[x], fmt::format("gamma_{}", x));
    }
  } else {
    check_cost(c.alpha, "alpha");
    check_cost(c.beta, "beta");
    check_cost(c.gamma, "gamma");
  }
  if constexpr (std::is_same_v<T, std::int64_t>) {
    const T a = c.homogeneous() ? c.alpha : max_of(c.alpha_ij, T{});
    const T b = c.homogeneous() ? c.beta : max_of(c.beta_ij, T{});
    const T g = c.homogeneous() ? c.gamma : max_of(c.gamma_i, T{});
    const std::string what = who + ": worst-case tree time p*alpha + p*beta*m + gamma*m";
    // Every message of a tree moves at most m units, there are p - 1 messages and one copy per
    // processor, so this bounds every time any DP or evaluator computes.
    std::int64_t bound = checked_mul(p, a, what);
    bound = checked_add(bound, checked_mul(checked_mul(p, b, what), total, what), what);
    bound = checked_add(bound, checked_mul(g, total, what), what);
    (void)bound;
  }
}

template void validate_problem(const TreeProblem<std::int64_t>&, RootMode, const std::string&);
template void validate_problem(const TreeProblem<double>&, RootMode, const std::string&);

}  // namespace collverify::trees::detail
