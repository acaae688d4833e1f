// Optimal ordered, variable-degree gather/scatter trees by dynamic programming (seed 001,
// Section 3, Proposition 3, Figures 4, 5 and 6; Theorems 1, 2 and 4).
//
// The trees searched (checkers/trees/tree_check.hpp OrderRule::segment): every subtree spans a
// consecutive range of ranks, every processor with children copies its own block first and
// then each child extends the gathered segment at its left or its right end (Figure 6, the
// binomial trees of Proposition 1). Decomposing by the last child (Proposition 3) gives the
// recurrence of Figure 6 with one correction: a range [i..i] that receives is not free
// (C[i,i] = 0 is the leaf) but pays its copy concurrently with the other half, max(gamma m_i,
// C[other]) + comm, at either end (equation (5); equation (6) of Figure 4 puts the copy after
// the child when the root is the range's last processor, which is never faster). A leaf costs
// nothing (Time(T^v_{v}) = 0), comm(0) = 0. docs/ERRATA.md (E12-E19) lists where the
// printed equations differ from this and why.
//
// Cost: homogeneous costs use Figure 6, O(p^3) time and O(p^2) memory (a fixed root adds one
// more O(p^2) table over the ranges containing it); per-pair costs use Figure 5, O(p^5) time as
// printed (Theorem 1 says O(p^4); see errata) and O(p^3 / 6) memory. Memory is refused up front
// (InputError with the estimate); with T = std::int64_t a bound on every tree's time is checked
// for overflow before the DP runs.
//
// Ties: the smallest completion time; among equal ones the first split k (ascending), the left
// half receiving before the right half; with per-pair costs also the smallest subtree root r',
// and for RootMode::best_root the smallest root rank.
//
// Example: m = {1, 1, 1, 1}, alpha = 10, beta = gamma = 1, best root: time 24, the binomial
// tree of Proposition 1 rooted at 0 (copy, 1, then the segment {2, 3} gathered at 2).
#pragma once

#include <cstdint>

#include "model/tree_cost.hpp"
#include "reference/trees/tree_result.hpp"

namespace collverify::trees {

// Where a processor at the right end of its range places its local copy when its first child is
// the whole range to its left: CopyPlacement::first (the default; the copy runs concurrently with
// that child's gathering, as everywhere else, OrderRule::segment) or CopyPlacement::figure4
// (equation (6) of Figure 4 as printed: the child first, then the copy, OrderRule::figure4).
// The two differ only when gamma > 0; see docs/ERRATA.md.
enum class CopyPlacement { first, figure4 };

// What each message carries: gather/scatter send a subtree's blocks (Size = sum of m over the
// range); broadcast/reduction (Theorem 4) send the whole vector, Size = m for every range.
enum class SegmentSize { blocks, whole_vector };

// The optimal ordered tree and its time; dispatches on problem.cost.homogeneous().
template <class T>
TreeResult<T> optimal_ordered_tree(const TreeProblem<T>& problem, RootMode mode);
template <class T>
TreeResult<T> optimal_ordered_tree(const TreeProblem<T>& problem, RootMode mode,
                                   CopyPlacement place);

// Both root modes from one DP run (the fixed-root table needs the best-root one anyway).
template <class T>
struct BothRoots {
  TreeResult<T> fixed;
  TreeResult<T> best;
};
template <class T>
BothRoots<T> optimal_ordered_tree_both(const TreeProblem<T>& problem, std::int64_t fixed_root,
                                       CopyPlacement place = CopyPlacement::first);

// Ordered broadcast (and, run backwards, reduction) trees of Theorem 4: the same DP with every
// message of size sum(m) and no local copies. The time is the broadcast completion time.
template <class T>
TreeResult<T> optimal_ordered_broadcast_tree(const TreeProblem<T>& problem, RootMode mode);

// The slow twin: the same equations as a plain triple loop over (range, split) for homogeneous
// costs, without the transposed tables and singleton hoisting of the fast path. Tests and the
// benchmark compare the two.
template <class T>
TreeResult<T> optimal_ordered_tree_naive(const TreeProblem<T>& problem, RootMode mode,
                                         CopyPlacement place = CopyPlacement::first);

// Bytes the DP would allocate for this problem (used by require_memory and the CLI).
std::int64_t optimal_tree_memory_bytes(std::int64_t p, bool homogeneous);

}  // namespace collverify::trees
