#include "generators/tree_costs.hpp"

#include <fmt/format.h>

#include <limits>
#include <random>

#include "generators/uniform.hpp"
#include "model/error.hpp"

namespace collverify {

CostModel<std::int64_t> random_pair_costs(std::int64_t p, const PairCostParams& params) {
  if (p < 1) throw InputError(fmt::format("per-pair costs: p = {} (need p >= 1)", p));
  if (params.alpha_max < 0 || params.gamma_max < 0 || params.beta_max < 1) {
    throw InputError(fmt::format(
        "per-pair costs: alpha_max {}, beta_max {}, gamma_max {} (need >= 0, >= 1, >= 0)",
        params.alpha_max, params.beta_max, params.gamma_max));
  }
  std::mt19937_64 g(params.seed);
  CostModel<std::int64_t> c;
  c.p = p;
  for (std::int64_t x = 0; x < p * p; ++x) {
    const bool cheap = uniform(g, 0, 3) == 0;
    c.alpha_ij.push_back(cheap ? 0 : uniform(g, 0, params.alpha_max));
    c.beta_ij.push_back(uniform(g, 1, params.beta_max));
  }
  for (std::int64_t x = 0; x < p; ++x) c.gamma_i.push_back(uniform(g, 0, params.gamma_max));
  return c;
}

}  // namespace collverify
