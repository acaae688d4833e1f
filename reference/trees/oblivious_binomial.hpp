// "Oblivious" of seed 001, Section 5.1 (the Oblivious column of Table 1): the standard,
// problem-oblivious, rank-ordered binomial tree for an externally given, fixed root r ([4]).
//
// Over the ranks 0..p-1, split [0, 2^K) (K = ceil(log2 p)) into halves, recursively, and clip at
// p: the aligned blocks [a 2^k, (a+1) 2^k). Each block is gathered by its root, which receives
// the other half's segment after gathering its own half (smaller subtrees first, local copy
// before every child: checkers/trees OrderRule::segment). A block's root is r if the block holds
// r, and otherwise the block's last (highest) rank. The paper does not say which end: the last
// rank reproduces the four fixed-root figures of Table 1 that we have (Decreasing 2353624,
// Increasing 3048580, Skewed 17203057, Two blocks 11001100 at p = 2000, b = 1000,
// alpha = 100, beta = gamma = 1, r = 1000); the first rank (left_rooted_binomial_tree,
// binomial.hpp), MPICH's rotation (rank - r) mod p and a swap of r and 0 do not
// (docs/ERRATA.md E21).
//
// Best root (mode.best): every root is tried and the fastest kept, ties to the smallest rank.
// The time is computed along the construction (Figure 1, free leaves, comm(0) = 0) and
// re-checked by checkers/trees; checkers/trees/binomial_shape.hpp judges the shape. Cost O(p)
// time and O(p) memory per root (recursion depth K), O(p^2) for the best root.
// Example: m = {1, 2, 0}, alpha = 100, beta = gamma = 1, fixed root 2: processor 1 (the last
// rank of [0, 2)) copies (2) and receives 0's block (103); 2 copies nothing (0) and receives the
// segment of 3 units from 1: time 206. Root 0 instead: 0 copies (1), receives 1 (103), then 2 sends
// no data: time 103.
#pragma once

#include "model/tree_cost.hpp"
#include "reference/trees/tree_result.hpp"

namespace collverify::trees {

template <class T>
TreeResult<T> oblivious_binomial_tree(const TreeProblem<T>& problem, RootMode mode);

}  // namespace collverify::trees
