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

// TWO_Gatherv of Section 5.2 (Table 1's list, `trees`, collverify-mpi --tree two): the same two
// concurrent gathers for either root mode. Best root: two_size_tree above. Fixed root r: the
// group holding r gathers into r (its binomial tree over the group's ranks listed from r
// upwards, cyclically, so r is the first and receiving member), the other group into its
// lowest rank, which then sends its segment to r as r's last child.
// Mutants for the tests (the tree checkers must reject each): final_message_dropped (the other
// group never sends to the root: not spanning), root_copy_dropped (the claimed time leaves out
// the root's local copy).
enum class TwoSizeMutant { none, final_message_dropped, root_copy_dropped };
template <class T>
TreeResult<T> two_gatherv_tree(const TreeProblem<T>& problem, RootMode mode,
                               TwoSizeMutant mutant = TwoSizeMutant::none);

}  // namespace collverify::trees
