// What every exact non-ordered tree solver in proofs/trees returns, the input checks they
// share, and two small shape checks their answers are re-checked with (seed 001, Section 2).
//
// Problems are homogeneous with non-negative integer alpha, beta, gamma and block sizes
// (TreeProblem<std::int64_t> with empty per-pair vectors). The root is either given
// (`RootChoice::fixed(r)`) or chosen by the solver (`RootChoice::best()`).
//
// Completion time is that of checkers/trees/tree_time.hpp (Figure 1): every processor,
// including a leaf, pays gamma * m_v for its local copy; a subtree of size 0 sends nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "model/gather_tree.hpp"
#include "model/tree_cost.hpp"

namespace collverify::proofs {

struct RootChoice {
  std::optional<std::int64_t> root;  // empty: the solver chooses the best root
  static RootChoice best() { return {}; }
  static RootChoice fixed(std::int64_t r) { return RootChoice{r}; }
  std::string to_string() const { return root ? std::to_string(*root) : "best"; }
};

struct TreeSolution {
  std::int64_t time = 0;  // the completion time the solver claims
  GatherTree tree;        // a tree achieving it
};

// InputError (naming the value) unless: 1 <= p <= max_p, homogeneous, alpha, beta, gamma and
// every m_i non-negative, the root (if fixed) in [0, p), and the completion time of the star
// plus p * alpha fits comfortably in int64 (every tree's time is below that bound, so the
// solvers add without overflow checks). `solver` names the caller in messages.
void require_exact_tree_problem(const TreeProblem<std::int64_t>& problem, RootChoice root,
                                std::int64_t max_p, const std::string& solver);

// An upper bound on the completion time of every tree: p * (alpha + beta * m) + gamma * m.
std::int64_t tree_time_upper_bound(const TreeProblem<std::int64_t>& problem);

// True when `tree` spans 0..p-1 from its root: root in range, every sequence[v] names v exactly
// once, every other processor appears in exactly one sequence other than its own, and every
// processor is reachable from the root (no cycle).
bool is_spanning_tree(const GatherTree& tree);

// Definition 3 (strongly ordered): every subtree covers a consecutive rank range, and every
// sequence lists its items (child subtrees and the singleton {v}) by increasing, adjacent
// ranges. Precondition: is_spanning_tree(tree).
bool is_strongly_ordered(const GatherTree& tree);

}  // namespace collverify::proofs
