// Optimal ordered binary gather trees under non-homogeneous (per-pair) costs: Theorem 3 of seed
// 001, the O(p^4) case, which the paper states but does not print. Its equations are Figure 7's
// five cases (the tree shapes of reference/trees/binary.hpp, OrderRule::rank, at most two
// children) carried over to Figure 5's table C[i, j, r] (the best tree over [i..j] rooted at r),
// because a message's cost now depends on who sends it (Section 3.2: "it is necessary to consider
// all possible best rooted trees over the range"). With comm_{ab}(s) = alpha_ab + beta_ab s,
// comm(0) = 0, cp(v) = gamma_v m_v, S(a, b) = m_a + ... + m_b and C[i, i, i] = 0, for i < j:
//
//   r = i:  case 1, i < k < j:  max(min_{r1 in [i+1..k]} [max(cp(i), C[i+1,k,r1]) + comm_{r1
//   i}(S(i+1,k))],
//                                    C[k+1,j,r2]) + comm_{r2 i}(S(k+1,j)),  min over r2 in [k+1..j]
//           case 4:             min_{r1 in [i+1..j]} max(cp(i), C[i+1,j,r1]) + comm_{r1
//           i}(S(i+1,j))
//   i < r < j, case 2 (k = r):  max(min_{r1 in [i..r-1]} [C[i,r-1,r1] + comm_{r1 r}(S(i,r-1))] +
//   cp(r),
//                                    C[r+1,j,r2]) + comm_{r2 r}(S(r+1,j)),  min over r2 in [r+1..j]
//   r = j:  case 3, i <= k < j-1: max(min_{r1 in [i..k]} [C[i,k,r1] + comm_{r1 j}(S(i,k))],
//                                    C[k+1,j-1,r2]) + comm_{r2 j}(S(k+1,j-1)) + cp(j)
//           case 5:             min_{r1 in [i..j-1]} C[i,j-1,r1] + comm_{r1 j}(S(i,j-1)) + cp(j)
//
// The first child's inner minimum can be taken before the second child's because max(x, c) + d is
// nondecreasing in x. Fixed root r: C[0, p-1, r]; best root: the smallest over r. With the same
// costs in every pair this is Figure 7 exactly (tested against binary.hpp).
//
// Cost: every (i, j, r) with r at an end takes O(p^2) (k, then r1 and r2), a middle r O(p); O(p^2)
// ranges: O(p^4) time, as Theorem 3 says. Memory: the table C over i <= r <= j, p (p+1) (p+2) / 6
// numbers (Theorem 3's O(p^3)), less than the per-pair variable-degree DP of optimal.hpp takes;
// no choice table, the tree is rebuilt by re-running the minimum of each chosen entry (O(p^3)).
// Memory is refused up front (InputError with the estimate). Gather direction (messages child ->
// parent); a scatter tree is the gather tree of the transposed costs, run backwards.
//
// Ties: the smallest time; then case 1 before 4 and 3 before 5, the smallest k, r1, r2; for the
// best root the smallest root rank.
// Example: p = 3, m = {1, 1, 1}, gamma = 0, every pair alpha = 10, beta = 1 except alpha_20 = 0:
// root 0 receives from 1 (11) and then from 2 (max(11, 0) + 0 + 1 = 12): time 12 (the homogeneous
// DP with alpha = 10 gives 22).
#pragma once

#include <cstdint>

#include "model/tree_cost.hpp"
#include "reference/trees/tree_result.hpp"

namespace collverify::trees {

// Deliberately broken variants of the DP, for the tests: its checker
// (checkers/trees/binary_check.hpp) must reject each of them on some small instance.
//   split_short  : case 1's split range misses its last k (k < j - 1 instead of k < j), an
//                  off-by-one that loses trees (claims are sound, some are not optimal);
//   copy_dropped : case 2 forgets the root's local copy cp(r) (a cost term dropped: claims
//                  below the tree's real time);
//   comm_reversed: every message costs comm_{parent child} instead of comm_{child parent} (the
//                  scatter direction priced into a gather).
enum class BinaryDpMutant { none, split_short, copy_dropped, comm_reversed };

template <class T>
TreeResult<T> optimal_binary_tree_per_pair(const TreeProblem<T>& problem, RootMode mode,
                                           BinaryDpMutant mutant = BinaryDpMutant::none);

// Both root modes from one table: {fixed root, best root}.
template <class T>
struct BinaryBoth {
  TreeResult<T> fixed;
  TreeResult<T> best;
};
template <class T>
BinaryBoth<T> optimal_binary_tree_per_pair_both(const TreeProblem<T>& problem,
                                                std::int64_t fixed_root);

// Bytes the table takes for p processors.
std::int64_t binary_per_pair_memory_bytes(std::int64_t p);

}  // namespace collverify::trees
