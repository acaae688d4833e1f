// Linear (star) gather/scatter tree of seed 001, Section 5.1 ("Linear").
//
// Every processor sends its block straight to the root; the root copies its own block first and
// then receives from r+1, ..., p-1 and then r-1, ..., 0 (the segment grows right, then left:
// checkers/trees OrderRule::segment). Leaves are ready at time 0, so the order does not change
// the time: gamma_r m_r + sum over i != r with m_i > 0 of (alpha_ir + beta_ir m_i).
// Best root: the smallest time over all roots, ties to the smallest rank. Cost O(p) for a fixed
// root, O(p^2) for the best root.
// Example: m = {1, 2, 3}, alpha = 10, beta = gamma = 1, root 1: 2 + 11 + 13 = 26.
#pragma once

#include "model/tree_cost.hpp"
#include "reference/trees/tree_result.hpp"

namespace collverify::trees {

template <class T>
TreeResult<T> linear_tree(const TreeProblem<T>& problem, RootMode mode);

}  // namespace collverify::trees
