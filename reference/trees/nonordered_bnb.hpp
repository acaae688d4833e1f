// Optimal non-ordered gather/scatter trees by branch and bound (seed 001, Section 4: the problem
// of Theorem 7, NP-hard). Scatter is the same tree run backwards (the same time).
//
// Search: Proposition 2's recurrence, top down, with the completion time as a bound.
//   F(S, r) = min over the last subtree Q of r (Size(Q) > 0):  max(F(S \ Q, r), G(Q)) + comm(Q)
//   F(S, r) = gamma m_r when S \ {r} has size 0;  G(S) = min over r in S of F(S, r);
//   G({v}) = 0 (leaf copy free, the paper's) or gamma m_v (paid).
// Each call gets a bound B and returns either the exact value (< B) or a lower bound (>= B)
// ("fail high"); both are memoised per sub-multiset. Symmetry: processors with equal block
// sizes are one class, so a set is a vector of counts per class (a mixed-radix key) and only
// one root per class is tried: "same" has p + 1 sets instead of 2^p. Lemma R: with gamma <=
// beta only the largest block's class is tried as a root (an exchange argument). A candidate Q
// first meets the O(classes) bounds and both sides' memoised bounds; then the side with the
// larger bound is searched first, so that its failure saves the other.
// First incumbent: the optimal ordered tree (reference/trees/optimal, Figure 6), re-timed under
// the requested leaf-copy convention, then improved by a local search (nonordered_local) when it
// is above the root's lower bound. Top level: probes with bounds rising from the proved lower
// bound towards the incumbent (each finds the optimum below its bound or raises the lower bound),
// so a stopped search still reports a raised lower bound. Bounds (proved in docs/RESULTS-trees-bnb.md): volume into
// the root, latency depth alpha ceil(log2 n), and the partition bound of Theorem 7's reduction
// (the root's last message splits the blocks in two; a subset-sum table over (count, size)),
// the receive-chain bound B4 and its distinct-seed refinement B5 (nonordered_bnb_chain).
// Order: roots by decreasing block size; last subtrees Q by a depth-first walk over the classes,
// larger counts of larger blocks first (a monotone bound cuts every larger count of a class).
//
// Cost: exponential in the number of distinct block sizes (at most 3^p calls, memory O(2^p)
// entries of about 40 bytes); a time limit, a node limit and a memory cap stop it, and then the
// best tree so far is returned with `optimal == false` and the proved lower bound.
// Ties: the first tree found below the incumbent; equal values keep the earlier one. The tree
// is deterministic (no clock decides anything except where a limit stops the search).
//
// Example: m = {1, 1, 1}, alpha = beta = gamma = 1, best root, leaf copy free: optimum 5, the
// star (copy 1, then two messages of 1 + 1): the ordered optimum, proved by the partition bound.
#pragma once

#include <cstdint>
#include <string>

#include "model/gather_tree.hpp"
#include "model/tree_cost.hpp"
#include "reference/trees/tree_result.hpp"

namespace collverify::trees {

inline constexpr std::int64_t kBnbMaxP = 48;

struct BnbOptions {
  bool leaf_pays_copy = false;        // false: the paper's convention (a leaf does not copy)
  double seconds = 60;                // wall-clock limit; <= 0: none
  bool cpu_clock = false;             // the limit counts process CPU time (benchmarks, shared machine)
  std::int64_t max_nodes = 0;         // search nodes (calls past the memo and bounds); 0: none
  std::int64_t max_memo = 6'000'000;  // memoised sets (40-byte slots, 3/4 load): then stop
  std::int64_t mutant_chain_inflate = 0;  // tests only: Lemma B4 raised by this (a wrong bound)
  std::int64_t mutant_seed_inflate = 0;   // tests only: Lemma B5 alone raised by this
  std::int64_t mutant_probe_inflate = 0;  // tests only: every failed probe's bound raised by this
  bool seed_bounds = true;                // Lemma B5 (false: B4 as before it, a baseline)
  bool local_search = true;  // improve the ordered incumbent first (nonordered_local; false: baseline)
  int local_rounds = 5000;   // its perturbation rounds, at most (it also stops at the root's
                             // lower bound, after 50 p rounds without a gain, at 1/4 of `seconds`)
  bool probe = true;  // search with bounds rising from the lower bound (false: the incumbent's)
};

// The lower bounds at the root, each proved in docs/RESULTS-trees-bnb.md.
struct BnbBounds {
  std::int64_t volume = 0;     // Lemma B1
  std::int64_t latency = 0;    // Lemma B2
  std::int64_t partition = 0;  // Lemma B3 (0 when skipped: sum m above kPartitionBoundMaxM)
  std::int64_t chain = 0;      // Lemma B4 (0 when alpha = 0 or the incumbent is above 2^22)
  std::int64_t seeds = 0;      // Lemma B5 (B4 with distinct seeds; = B4's gate, gamma <= beta)
  std::int64_t best() const;
};

inline constexpr std::int64_t kPartitionBoundMaxM = std::int64_t{1} << 22;

struct BnbResult {
  GatherTree tree;
  std::int64_t time = 0;             // the tree's completion time (Figure 1, the chosen convention)
  std::int64_t lower_bound = 0;      // proved: every tree takes at least this long
  bool optimal = false;              // time == proved optimum (the search finished)
  std::int64_t first_incumbent = 0;  // the ordered optimum, re-timed
  std::int64_t local_incumbent = 0;  // after the local search (= first_incumbent when it is off)
  BnbBounds bounds;                  // at the root (best root: the minimum over root classes)
  std::int64_t nodes = 0;
  std::int64_t memo_entries = 0;
  std::string stopped_by;  // "", "time", "nodes" or "memory"
  std::int64_t gap() const { return time - lower_bound; }
};

// InputError on bad input: p outside 1..kBnbMaxP, per-pair costs, negative alpha, beta, gamma or
// block, a fixed root outside [0, p), or times that could overflow int64.
BnbResult nonordered_bnb(const TreeProblem<std::int64_t>& problem, RootMode mode,
                         const BnbOptions& options = {});

}  // namespace collverify::trees
