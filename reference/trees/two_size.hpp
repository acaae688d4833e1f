// The "two concurrent regular gathers" tree of Lemma 2 (seed 001, Section 5.2): for a problem
// whose blocks take two sizes x < y, the processors with x and those with y each gather into a
// binomial tree over their own ranks (rank order within the group, the left block receiving,
// as the oblivious tree), both at the same time; the root of the group with less data then sends
// its segment to the root of the other, which is the tree's root and copies its own block first.
// The tree is ordered only when one group is a prefix or suffix of the ranks (non-ordered in
// general, which is Lemma 2's point). Lemma 2: one block y, the others x, gamma = beta and
// ceil(log2(p-1)) alpha + beta (p-1) x <= beta y: the time is alpha + beta m, the optimum.
// Cost O(p). InputError unless the blocks take exactly two distinct sizes.
// Example: m = {1, 1, 1, 50}, alpha = 10, beta = gamma = 1: the x-group {0, 1, 2} gathers in
// 2 * 10 + 3 = 23 < 50, so root 3 finishes at max(50, 23) + 10 + 3 = 63 = alpha + beta m.
#pragma once

#include "model/tree_cost.hpp"
#include "reference/trees/tree_result.hpp"

namespace collverify::trees {

template <class T>
TreeResult<T> two_size_tree(const TreeProblem<T>& problem);

}  // namespace collverify::trees
