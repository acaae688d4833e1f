// Completion time of a given gather tree by the equations of Figure 1 (seed 001), independent
// of every construction and DP:
//   Time(T^r_{r}) = 0
//   appending a child subtree T_j (root r_j):  t = max(t, Time(T_j)) + alpha_{r_j r} + beta_{r_j r} Size(T_j)
//   appending the root's own local copy:      t = t + gamma_r m_r
// with comm(0) = 0: a subtree of total size 0 sends no message and costs nothing. Scatter is
// the same tree run backwards (checkers/trees/scatter_time.hpp shows the duality).
//
// Precondition: `tree` is well formed (checkers/trees/tree_shape.hpp); a tree that is not
// (a node reached twice, a cycle) is refused by CV_ASSERT, not evaluated. Cost O(p) time and
// memory, iterative (no recursion, so a chain of p = 10^6 is fine). With T = std::int64_t
// every sum and product is checked; an overflow throws InputError naming the processor.
//
// Example: p = 3, m = {1, 1, 1}, alpha = beta = gamma = 1, star rooted at 1 with the local copy
// first: 1 (copy) -> max(1, 0) + 1 + 1 = 3 (from 0) -> max(3, 0) + 1 + 1 = 5 (from 2).
#pragma once

#include <cstdint>
#include <vector>

#include "model/gather_tree.hpp"
#include "model/tree_cost.hpp"

namespace collverify::trees {

// Whether a leaf (sequence {v}) pays its local copy gamma_v m_v. The default of gather_times
// below charges it; the paper's equations do not (Time(T^r_{r}) = 0 in Figure 1, C[i,i] = 0 in
// Figures 5-7: a leaf sends straight from its buffer), and every construction in
// reference/trees and every DP check uses LeafCopy::free. A processor with children always
// pays its copy where its sequence places it.
enum class LeafCopy { paid, free };

// Size(T_v) for every v: the sum of m over v's subtree.
std::vector<std::int64_t> subtree_sizes(const GatherTree& tree, const std::vector<std::int64_t>& m);

// Time(T_v) for every v; the tree's completion time is the entry of the root.
template <class T>
std::vector<T> gather_times(const GatherTree& tree, const TreeProblem<T>& problem);

template <class T>
T gather_time(const GatherTree& tree, const TreeProblem<T>& problem) {
  return gather_times(tree, problem)[static_cast<std::size_t>(tree.root)];
}

template <class T>
std::vector<T> gather_times(const GatherTree& tree, const TreeProblem<T>& problem, LeafCopy leaf);

template <class T>
T gather_time(const GatherTree& tree, const TreeProblem<T>& problem, LeafCopy leaf) {
  return gather_times(tree, problem, leaf)[static_cast<std::size_t>(tree.root)];
}

extern template std::vector<std::int64_t> gather_times(const GatherTree&,
                                                       const TreeProblem<std::int64_t>&);
extern template std::vector<double> gather_times(const GatherTree&, const TreeProblem<double>&);
extern template std::vector<std::int64_t> gather_times(const GatherTree&,
                                                       const TreeProblem<std::int64_t>&, LeafCopy);
extern template std::vector<double> gather_times(const GatherTree&, const TreeProblem<double>&,
                                                 LeafCopy);

}  // namespace collverify::trees
