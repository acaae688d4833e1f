// Random P and k/t: the fast exact search equals its brute-force twin on a grid that holds the
// optimum well inside; every row lies above the lower bound (6); the exact integer optimum is
// never below the paper's real-s optimum (8) minimised over the same r; the best fractional tree
// is never worse than r = 1 or than the paper's choice.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "model/fractional/cost.hpp"
#include "model/fractional/recurrence.hpp"

namespace collverify::fractional {
namespace {

double random_kappa() {
  // 10^(-1) .. 10^5 in steps of 10^(1/50).
  return std::pow(10.0, *rc::gen::inRange(-50, 251) / 50.0);
}

RC_GTEST_PROP(FractionalCostProperty, FastSearchEqualsGrid, ()) {
  const auto P = *rc::gen::inRange<std::int64_t>(1, 3000);
  const double kappa = random_kappa();
  const CostPoint fast = best_fractional(P, kappa);
  const auto s_max = static_cast<std::int64_t>(4 * std::sqrt(kappa * static_cast<double>(P))) + 400;
  const CostPoint slow = best_fractional_grid(P, kappa, 200, s_max);
  RC_ASSERT(fast.s < static_cast<double>(s_max) / 2);
  RC_ASSERT(fast.r.value_or(0) < 200);
  RC_ASSERT(fast.r == slow.r);
  RC_ASSERT(fast.s == slow.s);
  RC_ASSERT(fast.T_over_k == slow.T_over_k);
}

RC_GTEST_PROP(FractionalCostProperty, RowsAboveTheLowerBound, ()) {
  const auto P = *rc::gen::inRange<std::int64_t>(2, 100000);
  const double kappa = random_kappa();
  const CostTable t = cost_table(P, kappa);
  const double lb = t.lower.T_over_k * (1 - 1e-12);
  for (const CostPoint* p : {&t.paper, &t.best, &t.chain, &t.binary, &t.circulant})
    RC_ASSERT(p->T_over_k >= lb);
  RC_ASSERT(t.best.T_over_k <= t.binary.T_over_k);
  RC_ASSERT(t.best.T_over_k <= t.paper.T_over_k);
  RC_ASSERT(t.paper_excess >= 0);
  RC_ASSERT(t.best.T_over_k >= continuous_fractional_over_k(P, kappa) * (1 - 1e-12));
  RC_ASSERT(t.chain.T_over_k >= continuous_chain_over_k(P, kappa) * (1 - 1e-12));
  RC_ASSERT(t.binary.T_over_k >= continuous_binary_over_k(P, kappa) * (1 - 1e-12));
  // s is a multiple of r for the fractional rows.
  RC_ASSERT(std::fmod(t.best.s, static_cast<double>(*t.best.r)) == 0);
  RC_ASSERT(std::fmod(t.paper.s, static_cast<double>(*t.paper.r)) == 0);
}

RC_GTEST_PROP(FractionalCostProperty, ContinuousSearchEqualsEveryR, ()) {
  // (8) minimised over r by the pruned fast path against every r of 1..min(P - 2, 400).
  const auto P = *rc::gen::inRange<std::int64_t>(1, 3000);
  const double kappa = random_kappa();
  std::int64_t fast_r = 0;
  const double fast = continuous_fractional_over_k(P, kappa, &fast_r);
  if (P == 1) {
    RC_ASSERT(fast == 0.0);
    return;
  }
  double slow = 0;
  std::int64_t slow_r = 0;
  for (std::int64_t r = 1; r <= std::max<std::int64_t>(1, std::min<std::int64_t>(P - 2, 400)); ++r) {
    const double d = static_cast<double>(depth(P, r));
    const double t = (1 + 1.0 / static_cast<double>(r)) *
                     std::pow(1 + std::sqrt(d * static_cast<double>(r) /
                                            (kappa * static_cast<double>(r + 1))), 2);
    if (slow_r == 0 || t < slow * (1 - 1e-12)) {
      slow = t;
      slow_r = r;
    }
  }
  RC_ASSERT(fast_r < 400);
  RC_ASSERT(std::abs(fast - slow) <= 1e-12 * slow);
}

}  // namespace
}  // namespace collverify::fractional
