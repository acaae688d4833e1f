// Slow, obviously-correct twins of the exact tree solvers (seed 001, Sections 2.5 and 4): they
// enumerate every tree and every order of every processor's sequence (children and the local
// copy at any position) and evaluate each with the Figure 1 evaluator of checkers/trees. Cost:
// the number of (tree, sequence order) pairs, about p^(p-1) * (sequence orders); p <= 7.
//
//   brute_force_nonordered: the minimum over all trees (Section 4's non-ordered problem).
//   brute_force_ordered:    the minimum over the strongly ordered trees (Definition 3).
//
// Ties: the first tree reaching the minimum in enumeration order (roots ascending, parent
// arrays in odometer order, sequences in std::next_permutation order).
//
// Example: m = {1, 1, 1}, alpha = beta = gamma = 1, root 1: non-ordered 5 (sequence[1] =
// {1, 0, 2}, the copy first), ordered 6 (sequence[1] = {0, 1, 2}: 3, copy 4, then 6).
#pragma once

#include <cstdint>

#include "checkers/trees/tree_time.hpp"
#include "proofs/trees/tree_solution.hpp"

namespace collverify::proofs {

inline constexpr std::int64_t kBruteForceMaxP = 7;

TreeSolution brute_force_nonordered(const TreeProblem<std::int64_t>& problem, RootChoice root,
                                    trees::LeafCopy leaf = trees::LeafCopy::paid);
TreeSolution brute_force_ordered(const TreeProblem<std::int64_t>& problem, RootChoice root);

}  // namespace collverify::proofs
