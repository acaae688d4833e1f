// Random per-pair costs for the non-homogeneous tree problems of seed 001 (Section 2.1's
// alpha_ij, beta_ij, gamma_i): every alpha_ij uniform in [0, alpha_max], beta_ij in [1, beta_max],
// gamma_i in [0, gamma_max], drawn in row-major order from a 64-bit Mersenne twister seeded with
// `seed` with unbiased rejection sampling (so the same seed gives the same costs on every
// platform); one alpha in four is 0, so that cheap links (and asymmetric pairs) are common.
// InputError for p < 1, a negative maximum or beta_max < 1. Cost O(p^2).
// Example: p = 1 gives 1 x 1 matrices and one gamma.
#pragma once

#include <cstdint>

#include "model/tree_cost.hpp"

namespace collverify {

struct PairCostParams {
  std::int64_t alpha_max = 100;
  std::int64_t beta_max = 4;
  std::int64_t gamma_max = 2;
  std::uint64_t seed = 1;
};

CostModel<std::int64_t> random_pair_costs(std::int64_t p, const PairCostParams& params);

}  // namespace collverify
