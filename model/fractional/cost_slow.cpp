// The slow, obviously correct twin of best_fractional (model/fractional/cost.hpp): every group
// size r of the grid, every multiple s of r up to s_max, T_r^s written out from (7) with d found
// by scanning the recurrence's sizes. Nothing is pruned and nothing is assumed about convexity;
// the same order of evaluation (r, then s ascending, replace only on a strictly smaller T) gives
// the same tie-breaking as the fast path.
#include <algorithm>
#include <cstdint>

#include "model/error.hpp"
#include "model/fractional/cost.hpp"
#include "model/fractional/recurrence.hpp"

namespace collverify::fractional {
namespace {

// d = min{i : P_i >= P} - 1, by a linear scan of P_0, P_1, ... (grown until it reaches P).
std::int64_t depth_by_scan(std::int64_t P, std::int64_t r) {
  std::int64_t n = 16;
  for (;;) {
    const std::vector<std::int64_t> sizes = layout_sizes(r, n);
    for (std::int64_t i = 0; i <= n; ++i)
      if (sizes[static_cast<std::size_t>(i)] >= P) return i - 1;
    n *= 2;
  }
}

}  // namespace

CostPoint best_fractional_grid(std::int64_t P, double kappa, std::int64_t r_max,
                               std::int64_t s_max) {
  CV_ASSERT(r_max >= 1 && s_max >= 1, "the grid is not empty");
  if (P == 1) return one_pu_cost(1);
  CostPoint best;
  bool have = false;
  const std::int64_t r_top = std::min(r_max, std::max<std::int64_t>(1, P - 2));
  for (std::int64_t r = 1; r <= r_top; ++r) {
    const auto d = static_cast<double>(depth_by_scan(P, r));
    for (std::int64_t s = r; s <= s_max; s += r) {
      const double sd = static_cast<double>(s);
      const double steps = d + sd * (1.0 + 1.0 / static_cast<double>(r));
      const double t = steps * (1.0 / kappa + 1.0 / sd);
      if (!have || t < best.T_over_k) {
        best = CostPoint{r, d, sd, steps, t};
        have = true;
      }
    }
  }
  CV_ASSERT(have, "the grid holds a multiple of r = 1");
  return best;
}

}  // namespace collverify::fractional
