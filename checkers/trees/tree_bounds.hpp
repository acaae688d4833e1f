// Lower bounds on gather/scatter completion time (seed 001, Section 2.3) and the closed form of
// Proposition 1, as checks any tree must pass.
//
// One-ported, root r, S = sum of m_i over i != r (comm(0) = 0: no message needed when S = 0):
//   homogeneous:  gamma m_r + (S > 0 ? alpha + beta S : 0)
//   per pair:     gamma_r m_r + (S > 0 ? min over j != r of (alpha_jr + beta_jr S) : 0)
//     (the paper states it for scatter with alpha_rj; gather uses the direction into the root;
//      it holds for any number of messages because min_j(alpha_jr + beta_jr s) is concave with a
//      non-negative value at 0, hence subadditive)
//   k-ported, homogeneous, blocks split arbitrarily: gamma m_r + (S > 0 ? alpha + beta ceil(S/k) : 0)
// p = 1 is the single-leaf tree of Figure 1 and costs 0 (no bound but 0).
// Proposition 1 (homogeneous, gamma = beta): an adaptive tree with the algorithm's own root
// completes within ceil(log2 p) alpha + beta m.
// Example: m = {1, 2, 3}, alpha = 10, beta = gamma = 1, root 0: 1 + 10 + 5 = 16.
#pragma once

#include <cstdint>

#include "model/tree_cost.hpp"

namespace collverify::trees {

template <class T>
T gather_lower_bound(const TreeProblem<T>& problem, std::int64_t root);

template <class T>
T gather_lower_bound_k_ported(const TreeProblem<T>& problem, std::int64_t root, std::int64_t k);

template <class T>
T proposition1_time(const TreeProblem<T>& problem);

}  // namespace collverify::trees
