// The judge of an optimal-binary-tree claim (seed 001, Theorem 3, both cost models), written from
// the definitions only (Definition 3's rank order, Figure 1's time, at most two children), never
// from reference/trees: given a problem, the root asked for (-1: the best root) and the claimed
// tree and time, check_binary_optimum returns the first violation of
//   shape         the tree is well formed (tree_check.hpp; its property names);
//   rank_order    every sequence in rank order over consecutive ranges (OrderRule::rank);
//   not_binary    some processor has more than two children;
//   wrong_root    a fixed root was asked for and the tree is rooted elsewhere;
//   claimed_time  the claimed time differs from the tree's Figure 1 time (free leaves);
//   not_optimal   the claim differs from the smallest time over every rank-ordered binary tree
//                 with that root (any root for -1), enumerated by brute_force.hpp; only when
//                 p <= brute_max_p (at most 9), otherwise this property is not checked.
// Doubles are compared with a relative tolerance of 1e-9. Cost: O(p) plus the enumeration (the
// number of rank-ordered binary trees times O(p)).
// Example: p = 2, m = {1, 1}, alpha = 10, beta = gamma = 1, best root: the claim (root 0, {0, 1},
// time 12: the copy, then max(1, 0) + 10 + 1) passes; the same tree claimed at 11 fails with
// claimed_time.
#pragma once

#include <cstdint>
#include <optional>

#include "checkers/trees/tree_check.hpp"
#include "model/gather_tree.hpp"
#include "model/tree_cost.hpp"

namespace collverify::trees {

template <class T>
std::optional<TreeViolation> check_binary_optimum(const TreeProblem<T>& problem, std::int64_t root,
                                                  const GatherTree& tree, T claimed,
                                                  std::int64_t brute_max_p = 8);

}  // namespace collverify::trees
