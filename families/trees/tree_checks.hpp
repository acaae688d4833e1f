// The tree meta-checks of `collverify trees` and `verify trees` (seed 001): runs every tree construction of
// reference/trees for one instance in both root modes and has checkers/trees judge each answer
// (shape, order, recomputed time = claimed time, lower bound, the DP optimum not beaten by a
// tree of its own class, Proposition 1). No algorithm lives here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/gather_tree.hpp"
#include "model/tree_cost.hpp"
#include "model/verdict.hpp"

namespace collverify::engine {

template <class T>
struct TreeRow {
  std::string algorithm;  // linear, binary, oblivious, adaptive, optimal, two
  bool best = false;
  std::int64_t root = 0;
  T time{};
  GatherTree tree;
};

inline const std::vector<std::string>& tree_algorithms() {
  // two: TWO_Gatherv of Section 5.2, only for blocks of exactly two sizes (non-ordered trees).
  static const std::vector<std::string> names{"linear", "binary",  "oblivious",
                                              "adaptive", "optimal", "two"};
  return names;
}

// Rows in the order algorithm x {fixed, best}; every violation found is appended with p set.
// `figure4`: the optimal DP places a lone right-end root's copy as Figure 4 prints it (its trees
// are then judged by OrderRule::figure4 and not compared with the copy-first constructions).
template <class T>
std::vector<TreeRow<T>> run_tree_algorithms(const TreeProblem<T>& problem, std::int64_t fixed_root,
                                            std::vector<Violation>& violations,
                                            bool figure4 = false);

// The slower cross-checks of `verify trees`: fast DP = naive DP, per-pair DP on the same costs
// written as matrices, brute force over all ordered trees (p <= brute_max_p) for the optimal and
// the binary DP, and mutants of the optimal tree rejected by the checkers.
template <class T>
void cross_check_trees(const TreeProblem<T>& problem, std::int64_t fixed_root,
                       std::int64_t brute_max_p, std::vector<Violation>& violations);

// Every construction for each problem (root roots[i] for problems[i]) on up to `jobs` threads
// (the engine's pool); the results come in the order of `problems`, whatever `jobs` is. The DP
// memory of `jobs` instances at once is refused up front; an exception of the first failing
// instance is rethrown.
template <class T>
struct TreeInstanceRun {
  std::vector<TreeRow<T>> rows;
  std::vector<Violation> violations;
};
template <class T>
std::vector<TreeInstanceRun<T>> run_tree_instances(const std::vector<TreeProblem<T>>& problems,
                                                   const std::vector<std::int64_t>& roots,
                                                   bool figure4, int jobs);

}  // namespace collverify::engine
