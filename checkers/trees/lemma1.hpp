// Lemma 1 of seed 001 (Section 4, the structural lemma of Theorem 7's proof) as a checked
// statement, exhaustively over small instances:
//
//   Let m_i, 0 <= i < p, be positive integers, p >= 3, m = sum m_i, every m_i < floor(m/2);
//   gamma = beta = 1 and 0 < alpha < 1 with ceil(log2 p) alpha < 1. An optimal gather tree has
//   at least two children (at its root) and cost at least m + 2 alpha.
//
// "Optimal" is over every non-ordered tree (Section 4; Figure 1's time, comm(0) = 0, the leaf
// convention `leaf`) and every root; "has at least two children" is checked for every optimal
// root: the best tree whose root has fewer children must cost strictly more. alpha = a / D for
// every integer a allowed, so the check runs in integers scaled by D (alpha = a,
// beta = gamma = D, times D times the paper's). Instances: p = min_p..max_p, every multiset of
// block sizes in [1, max_block] (homogeneous costs: a permutation of the blocks is the same
// problem), smallest p first, then the sizes in lexicographic order, then a ascending; the first
// instance that breaks the statement is the counterexample.
//
// The optimum is our own subset DP over Proposition 2 (the local copy first; a root with a
// limited number of children takes them one at a time from the full set), independent of
// proofs/trees (its twins there: tests/checkers/trees/lemma1_test.cpp). Cost per instance
// O(p 3^p) time, O(p 2^p) memory; max_p <= 12.
//
// The statement's parameters are fields, so that a mutated statement (three alphas, m_i <=
// floor(m/2), three children) can be shown false: a check that cannot refute those would prove
// nothing.
// Example: max_p = 5, max_block = 4, D = 8: no counterexample. With latencies = 3:
// p = 3, m = {2, 2, 2}, a = 1: the optimum 50 (6.25) is below D m + 3 a = 51 (`cost_bound`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checkers/trees/tree_time.hpp"
#include "model/tree_cost.hpp"

namespace collverify::trees {

struct Lemma1Statement {
  std::int64_t min_p = 3;
  bool strict_half = true;        // m_i < floor(m/2); false: m_i <= floor(m/2)
  std::int64_t latencies = 2;     // cost at least m + latencies * alpha
  std::int64_t min_children = 2;  // every optimal tree's root has at least this many
};

struct Lemma1Range {
  std::int64_t max_p = 6;
  std::int64_t max_block = 6;
  std::int64_t alpha_denominator = 8;  // alpha = a / D, 0 < a < D, ceil(log2 p) a < D
  LeafCopy leaf = LeafCopy::free;
};

struct Lemma1Counterexample {
  std::string property;  // "cost_bound" or "root_children"
  std::vector<std::int64_t> m;
  std::int64_t alpha = 0;    // a (alpha = a / D)
  std::int64_t root = -1;    // the optimal root whose claim fails
  std::int64_t optimum = 0;  // scaled by D
  std::int64_t bound = 0;    // cost_bound: D m + latencies a; root_children: the best time
                             // with fewer children (<= optimum)
  std::string message;
};

struct Lemma1Result {
  std::int64_t instances = 0;  // (sizes, a) pairs that met the hypothesis
  std::optional<Lemma1Counterexample> counterexample;
};

Lemma1Result check_lemma1(const Lemma1Range& range, const Lemma1Statement& statement = {});

// The optimal non-ordered gather time rooted at `root` and the best with at most
// `max_children` children at the root (no tree: INT64_MAX), for a homogeneous problem with
// integer costs. p <= 12.
struct RootedOptimum {
  std::int64_t optimum = 0;
  std::int64_t limited = 0;
};
RootedOptimum nonordered_optimum(const TreeProblem<std::int64_t>& problem, std::int64_t root,
                                 std::int64_t max_children, LeafCopy leaf);

}  // namespace collverify::trees
