// Theorem 6's k-ported gather (seed 001, Section 4: the reduction from Multiprocessor
// Scheduling) by branch and bound: the root's k ports each receive a subset of the blocks in
// turn; block i costs w_i = alpha + beta m_i (0 when m_i = 0) on its port; minimise the largest
// port load (the makespan; the root's block is 0, no copy). The same model as
// proofs/trees/kported_gather (Z3, brute force), which re-check its answers.
//
// Search: blocks by decreasing w; each block goes to a port, trying ports in increasing load and
// skipping a port whose load equals one already tried for this block (ports are interchangeable:
// the symmetry of equal loads, including all empty ports). First incumbent: LPT (each block to
// the least loaded port). Lower bounds (docs/RESULTS-trees-bnb.md, Part 2): K1 the largest w,
// K2 ceil(sum w / k), K3 w_k + w_{k+1} (sorted decreasingly: two of the k + 1 largest share a
// port); inside the search a branch is cut when a load reaches the incumbent or when
// ceil((assigned + remaining) / k) does.
// Cost: O(k^n) in the worst case, far less with the bounds; a node limit stops it (then
// `optimal` is false and the gap to the lower bound is reported).
// Ties: the first schedule found; deterministic.
// Example: blocks {3, 3, 2, 2, 2}, k = 2, alpha = 0, beta = 1: LPT gives 7, the search 6
// ({3, 3} | {2, 2, 2}), proved by K2 = ceil(12 / 2) = 6.
#pragma once

#include <cstdint>
#include <vector>

namespace collverify::trees {

struct KPortedBnbResult {
  std::int64_t time = 0;             // the makespan of `port`
  std::vector<std::int64_t> port;    // port[i] in [0, k) for block i
  std::int64_t lower_bound = 0;      // max(K1, K2, K3); = time when optimal
  std::int64_t first_incumbent = 0;  // LPT
  bool optimal = false;
  std::int64_t nodes = 0;
};

// Preconditions (checked by the caller, proofs/trees/kported_gather's require_kported_problem):
// 1 <= k, every m_i, alpha, beta >= 0, sums fit in int64. `max_nodes` 0: no limit.
KPortedBnbResult kported_bnb(const std::vector<std::int64_t>& m, std::int64_t k, std::int64_t alpha,
                             std::int64_t beta, std::int64_t max_nodes = 0);

}  // namespace collverify::trees
