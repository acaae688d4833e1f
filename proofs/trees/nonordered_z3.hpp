// Optimal non-ordered gather trees with Z3 (seed 001, Theorem 7's problem), independent of
// Proposition 2: the encoding is a one-ported schedule, not a recurrence.
//
// Variables per processor u: parent par[u] (par[u] = u marks the root), depth lvl[u] (acyclic:
// a child is one deeper than its parent), Size(u) = m_u + sum of its children's sizes, the start
// s[u] of u's one send (duration comm(Size(u)) = alpha + beta * Size(u), 0 when Size(u) = 0), the
// start c[u] of its local copy (duration gamma * m_u) and the time fin[u] all its receives and
// its copy are done. Constraints: intervals on one receiver (its children's sends and its copy)
// do not overlap (one port, the copy is not overlapped, Section 2.1); s[u] >= fin[u] (a
// processor sends after it has gathered); the completion time T >= fin[root]. For a tree and
// an order of each sequence the least T is exactly Figure 1's time, so min T is the optimum.
//
// Search: descend. Ask for any T; rebuild the tree (children and the copy ordered by start
// time), re-evaluate it with checkers/trees/tree_time.hpp (at most the model's T), then ask for
// T <= time - 1, until Z3 answers unsat: that last query is the optimality proof. Every call
// has the deterministic rlimit of SolverOptions; unknown anywhere => inconclusive.
//
// Example: m = {1, 1, 1}, alpha = beta = gamma = 1, root 1: optimum 5, proved by
// "no tree with completion time <= 4: unsat".
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "proofs/solver.hpp"
#include "proofs/trees/tree_solution.hpp"

namespace collverify::proofs {

inline constexpr std::int64_t kZ3TreeMaxP = 40;

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
                           std::optional<std::int64_t> first_bound = std::nullopt);

// One bounded query: is there a tree with completion time <= bound? sat / unsat /
// inconclusive. When sat and `witness` is given, the tree found (re-evaluated) is stored.
SolverOutcome nonordered_tree_within(const TreeProblem<std::int64_t>& problem, RootChoice root,
                                     std::int64_t bound, const SolverOptions& options,
                                     TreeSolution* witness = nullptr);

}  // namespace collverify::proofs
