// Optimal non-ordered gather trees with Z3 (seed 001, Theorem 7's problem) as a one-ported
// schedule, not as Proposition 2's subset recurrence.
//
// Variables: Boolean x[w][u] (u is w's parent; x[u][u]: u is the root), Boolean first[w] and
// y[w][v] (w is its parent's first child / w follows sibling v), integer depth, Size(u), done[u]
// (u has copied and received everything) and recv[w] (the end of w's message to its parent,
// duration comm(Size(w)) = alpha + beta * Size(w), 0 for an empty subtree). Constraints: exactly
// one parent and one root; every non-root has exactly one predecessor (first, or a sibling with
// the same parent), no two share one; a child is one level deeper (no cycle); recv[w] >=
// done[w] + comm, recv[w] >= recv[previous sibling] + comm, the first child's recv >= gamma m_u +
// comm (the copy is done first: moving it earlier never hurts, max(t + x, T) <= max(t, T) + x);
// done[u] >= every child's recv and >= gamma m_u; T >= done[root]. Implied (sound, for speed):
// Size(root) = m, done[u] >= copy + sum of the children's message times = copy + beta (Size(u)
// - m_u) + alpha * (children that send). For a tree and an order of each sequence the least T is
// Figure 1's time with leaf copies paid (the contract evaluator's default); with
// LeafCopy::free the copy term is gamma m_u only when u has a child.
// Symmetry breaking (each keeps, for every tree, one no slower; proofs in
// docs/RESULTS-trees-bnb.md, Part 3): siblings in order of their done times (the ERD rule of
// one machine with release dates), processors with equal blocks ordered by (depth, recv), and,
// when gamma <= beta, heap order (no processor's parent holds a smaller block, the fixed root
// excepted: Lemma R applied to every subtree), which removes about half the parent variables.
//
// Search: descend. Ask for any T; rebuild the tree (the copy first, then the children by recv),
// re-evaluate it with checkers/trees/tree_time.hpp (at most the model's T), then ask for
// T <= time - 1, until Z3 answers unsat: that last query is the optimality proof. Every call
// has the deterministic rlimit of SolverOptions; unknown anywhere => inconclusive.
//
// Example: m = {1, 1, 1}, alpha = beta = gamma = 1, root 1: optimum 5, proved by
// "no tree with completion time <= 4: unsat".
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "checkers/trees/tree_time.hpp"
#include "proofs/solver.hpp"
#include "proofs/trees/tree_solution.hpp"

namespace collverify::proofs {

inline constexpr std::int64_t kZ3TreeMaxP = 40;

// Which proved dominance rules the encoding asserts (all by default). `heap_mutant` (tests only)
// asserts the wrong rule, a parent's block at most its child's: the cross-checks against the
// subset DP must catch it.
struct Z3TreeRules {
  bool heap_order = true;
  bool heap_mutant = false;
};

struct Z3TreeResult {
  SolverOutcome outcome = SolverOutcome::inconclusive;  // unsat: `best` is proved optimal
  std::optional<TreeSolution> best;  // the best tree found, time re-evaluated by Figure 1
  int solver_calls = 0;
  std::string proof;                 // "no tree with completion time <= X: unsat"
};

// `first_bound`: the bound of the first query (default: tree_time_upper_bound, which every
// tree meets). Given a known tree's time (e.g. the subset DP's), the descent is two queries
// when that time is optimal. If the first query is already unsat, `best` stays empty and
// `proof` says so (with the default bound that is an encoding bug, asserted).
Z3TreeResult nonordered_z3(const TreeProblem<std::int64_t>& problem, RootChoice root,
                           const SolverOptions& options,
                           std::optional<std::int64_t> first_bound = std::nullopt,
                           trees::LeafCopy leaf = trees::LeafCopy::paid,
                           const Z3TreeRules& rules = {});

// One bounded query: is there a tree with completion time <= bound? sat / unsat /
// inconclusive. When sat and `witness` is given, the tree found (re-evaluated) is stored.
SolverOutcome nonordered_tree_within(const TreeProblem<std::int64_t>& problem, RootChoice root,
                                     std::int64_t bound, const SolverOptions& options,
                                     TreeSolution* witness = nullptr,
                                     trees::LeafCopy leaf = trees::LeafCopy::paid,
                           const Z3TreeRules& rules = {});

}  // namespace collverify::proofs
