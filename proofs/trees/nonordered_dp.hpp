// Optimal non-ordered gather/scatter trees by an exact dynamic program over subsets, built on
// Proposition 2 of seed 001 (Section 3.1); the problem is NP-hard (Theorem 7), so this is
// exponential: O(p * 3^(p-1)) time, O(p * 2^p) memory (12 bytes per entry).
//
// Recurrence (homogeneous alpha, beta, gamma; comm(s) = alpha + beta * s, comm(0) = 0):
//   F(S, r)  best time of a tree over S rooted at r in S, r's local copy first (Proposition 2:
//            moving the copy earlier never hurts, since max(t + x, T) <= max(t, T) + x)
//   F({r}, r) = gamma * m_r
//   F(S, r)  = min over non-empty Q in S \ {r} (the last subtree r receives):
//                max(F(S \ Q, r), G(Q)) + comm(Size(Q))      (Size(Q) > 0, Equations (7)/(8))
//                F(S \ Q, r)                                  (Size(Q) = 0: no message)
//   G(Q)     = min over r' in Q of F(Q, r')  (homogeneous: the subtree's root is free)
// Answer: F(P, r) for a fixed root r, G(P) for the best root.
// LeafCopy::free (the paper's Time(T^r_{r}) = 0, the convention of reference/trees): a leaf
// costs nothing, G({v}) = 0, and so does a single-processor tree; a processor with children
// still pays gamma * m_v (F({r}, r) starts its chain).
//
// Ties: the last subtree Q is the first minimum over Q = B, (B-1)&B, ... (sub-masks of
// B = S \ {r} in decreasing order); the best root is the smallest rank reaching the minimum.
// The tree is rebuilt from these choices: r's sequence is {r, roots of the subtrees in the
// order received}.
//
// Example: m = {1, 1, 1}, alpha = beta = gamma = 1, root 1: the optimum is 5, e.g. the star
// sequence[1] = {1, 0, 2} (copy 1, receive 0 at max(1, 1) + 2 = 3, receive 2 at 5); a chain
// 2 -> 0 -> 1 costs max(1, max(1, 1) + 2) + 3 = 6.
#pragma once

#include <cstdint>

#include "checkers/trees/tree_time.hpp"
#include "proofs/trees/tree_solution.hpp"

namespace collverify::proofs {

inline constexpr std::int64_t kSubsetDpMaxP = 24;

// InputError (require_exact_tree_problem, p <= kSubsetDpMaxP, and require_memory) on bad input.
// `leaf` must match the evaluator the answer is judged by (gather_time(tree, problem, leaf)).
TreeSolution nonordered_subset_dp(const TreeProblem<std::int64_t>& problem, RootChoice root,
                                  trees::LeafCopy leaf = trees::LeafCopy::paid);

}  // namespace collverify::proofs
