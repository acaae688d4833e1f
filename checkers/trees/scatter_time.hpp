// Scatter completion time of a tree by forward simulation of the sends (seed 001, Section 2.5:
// "the root first sends the segment for the j-th subtree, then scatters to the preceding
// subtrees"), written independently of the gather evaluator in tree_time.hpp.
//
// Here sequence[v] is the order in which v acts in the scatter: for a child c, v sends Size(c)
// to c (alpha_vc + beta_vc Size(c); nothing when Size(c) = 0) and c starts its own scatter when
// the message has arrived; for v itself, v copies its block (gamma_v m_v; free for a leaf with
// LeafCopy::free). The completion time is the latest time any processor finishes.
// Duality (tested): the scatter time of the tree with every sequence reversed and the per-pair
// costs transposed equals the gather time of the original tree.
// Example: star rooted at 0 over m = {1, 1, 1}, alpha = beta = gamma = 1, scatter order {1, 2, 0}:
// sends finish at 2 and 4, the copy at 5.
#pragma once

#include <cstdint>
#include <vector>

#include "checkers/trees/tree_time.hpp"
#include "model/gather_tree.hpp"
#include "model/tree_cost.hpp"

namespace collverify::trees {

template <class T>
T scatter_time(const GatherTree& tree, const TreeProblem<T>& problem, LeafCopy leaf);

// Broadcast of the whole vector (size sum m) down the tree in scatter order, no local copies
// (Theorem 4); a reduction is the same tree run backwards (reversed sequences, transposed costs).
template <class T>
T broadcast_time(const GatherTree& tree, const TreeProblem<T>& problem);

// The tree with every sequence reversed (gather order <-> scatter order).
GatherTree reversed_sequences(const GatherTree& tree);

// alpha_ij <-> alpha_ji, beta_ij <-> beta_ji (homogeneous costs are returned unchanged).
template <class T>
TreeProblem<T> transposed_costs(const TreeProblem<T>& problem);

}  // namespace collverify::trees
