// An exact optimal strongly ordered gather tree (Definition 3) for homogeneous integer costs,
// written here as the baseline the non-ordered solvers are compared with until branch `trees`
// provides its own ordered DP. Proposition 3 / Figure 5 of seed 001, in the Figure 1 evaluator's
// terms (every processor pays gamma * m_v for its local copy; comm(0) = 0):
//   L(i, e)    best time for a root to have received subtrees covering [i, e], starting at 0
//              (homogeneous, so it does not depend on which root): L(i, i-1) = 0,
//              L(i, e) = min_{i-1 <= k < e} step(L(i, k), Best(k+1, e), S[k+1, e])
//   O(i, r, r) = L(i, r-1) + gamma * m_r     (the copy follows the subtrees left of r)
//   O(i, j, r) = min_{r <= k < j} step(O(i, k, r), Best(k+1, j), S[k+1, j])   (j > r)
//   Best(i, j) = min_r O(i, j, r);  step(t, T, s) = s > 0 ? max(t, T) + alpha + beta s : t
// O(p^4) time, O(p^3) memory; p <= 120. Ties: the smallest k, then the smallest root.
//
// Example: m = {1, 1, 1}, alpha = beta = gamma = 1, root 1: 6, sequence[1] = {0, 1, 2}
// (receive 0 at max(0, 1) + 2 = 3, copy until 4, receive 2 at 6); non-ordered gives 5.
#pragma once

#include <cstdint>

#include "proofs/trees/tree_solution.hpp"

namespace collverify::proofs {

inline constexpr std::int64_t kOrderedBaselineMaxP = 120;

TreeSolution ordered_baseline(const TreeProblem<std::int64_t>& problem, RootChoice root);

}  // namespace collverify::proofs
