// A better first incumbent for the non-ordered branch and bound (reference/trees/nonordered_bnb):
// local search on a gather tree's shape, homogeneous costs (Figure 1, either leaf convention).
//
// A tree is a parent array; each node receives its non-empty children in order of completion
// time (earliest release date first, which minimises a serial port's finish for fixed release
// times and message lengths: 1 | r_j | C_max), so the time is a function of the parents alone.
// Moves: hang a subtree v under another node u (u not below v), and exchange the places of two
// processors (the root may take part unless the root is fixed). Hill climbing by first
// improvement, then perturbation rounds (a few random moves from the best tree, climbed again)
// from a fixed-seed generator, ended after `patience` p rounds without a gain; then the third
// neighbourhood: the ordered DP (reference/trees/optimal) on the tree's root-first preorder with
// two positions exchanged (every tree is an ordered tree of its preorder); the two alternate at
// most `phases` times. Deterministic, the same tree on every run unless `stop` (a clock) ends it
// early; it also ends once a tree meets `target`.
// The result is never slower than the input (it is the input when nothing better is found);
// its time is computed here and must be re-checked by the caller (the B&B re-times it with its
// own Figure 1 walk, and every answer goes through checkers/trees).
// Cost: O(p^2) moves per pass, O(p log p) per evaluation, at most `rounds` perturbation rounds
// per phase; a permutation pass is O(p^2) ordered DPs of O(p^3).
// Example: m = {5, 1, 1, 1, 1}, alpha = 10, beta = gamma = 1, free leaves, the star from 0
// (time 5 + 4 * 11 = 49) becomes a tree of time 36, the optimum (the subset DP agrees).
#pragma once

#include <cstdint>
#include <functional>

#include "model/gather_tree.hpp"
#include "model/tree_cost.hpp"

namespace collverify::trees {

struct LocalSearchOptions {
  bool leaf_pays_copy = false;
  bool fixed_root = false;  // the input's root stays the root
  int rounds = 5000;        // perturbation rounds after each climb, at most
  int patience = 50;        // times p: end the rounds after this many without an improvement
  int phases = 4;           // tree moves and permutation exchanges, alternated at most this often
  std::uint64_t seed = 20261127;
  std::int64_t target = -1;     // stop once a tree this fast is found (a proved lower bound)
  std::function<bool()> stop;   // polled between rounds: true ends the search (a time limit)
};

struct LocalSearchResult {
  GatherTree tree;
  std::int64_t time = 0;  // Figure 1 with children in release order
};

// `tree` must be a well-formed gather tree over problem.p() processors.
LocalSearchResult improve_tree(const TreeProblem<std::int64_t>& problem, const GatherTree& tree,
                               const LocalSearchOptions& options = {});

}  // namespace collverify::trees
