// Optimal ordered binary gather/scatter trees by dynamic programming (seed 001, Section 3.3,
// Figure 7, Theorem 3), homogeneous costs.
//
// The trees searched are rank-ordered in the strict sense of Definition 3 (checkers/trees
// OrderRule::rank): every processor has at most two children, each child spans a consecutive
// range, and the sequence is in rank order with the local copy at the processor's own rank. The
// five cases of Figure 7 for a range [i..j]: root i with children [i+1..k], [k+1..j]; root k
// with [i..k-1], copy, [k+1..j]; root j with [i..k], [k+1..j-1]; root i with one child; root j
// with one child. Leaves cost nothing (C[i,i] = 0) and comm(0) = 0. Fixed root r: only the
// last step changes, r takes the whole left and right part (the case that matches its
// position). docs/ERRATA.md notes the typo in case five (gamma m_i for gamma m_j).
//
// Per-pair costs (the non-homogeneous half of Theorem 3): optimal_binary_tree and
// optimal_binary_tree_both hand them to reference/trees/binary_per_pair.hpp (O(p^4) time, O(p^3)
// memory); the naive twin refuses them (InputError).
//
// Cost O(p^3) time, O(p^2) memory. Ties: the first case in the order above, then the smallest k.
// Example: m = {1, 1, 1}, alpha = 10, beta = gamma = 1, best root: root 0 (copy, 1, 2), time
// max(max(1, 0) + 11, 0) + 11 = 23; root 1 with children 0 and 2 ties (case 2) and loses the tie.
#pragma once

#include <utility>

#include "model/tree_cost.hpp"
#include "reference/trees/tree_result.hpp"

namespace collverify::trees {

template <class T>
TreeResult<T> optimal_binary_tree(const TreeProblem<T>& problem, RootMode mode);

// Both root modes from one table: {fixed root, best root}.
template <class T>
std::pair<TreeResult<T>, TreeResult<T>> optimal_binary_tree_both(const TreeProblem<T>& problem,
                                                                 std::int64_t fixed_root);

// The slow twin: Figure 7's five cases as plain loops over ranges by increasing length.
template <class T>
TreeResult<T> optimal_binary_tree_naive(const TreeProblem<T>& problem, RootMode mode);

}  // namespace collverify::trees
