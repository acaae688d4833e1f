// Minimum Broadcast Time on a graph (seed 001, Theorem 5; Garey-Johnson ND49): the least number
// of rounds to inform every vertex from `root` when in each round every informed vertex calls at
// most one neighbour. Theorem 5 maps it to broadcast trees with alpha_uv = beta_uv = 1 on edges,
// infinity elsewhere, m = 1: every call costs 2, so the tree's time is 2 * rounds.
//
//   mbt_z3: Boolean caller[v][w] (w informs v; only along edges), exactly one per non-root,
//     round[v] >= round[caller] + 1, two vertices with the same caller get different rounds;
//     descent on max round <= bound until unsat. Deterministic rlimit per query.
//   check_broadcast_schedule: the independent checker (rounds simulated one by one).
//   mbt_brute_force: breadth-first over informed sets (n <= 10), the slow twin.
//
// Example: the path 0-1-2-3 from root 0 takes 3 rounds; the star K_{1,3} from its centre 3;
// the 4-cycle from any vertex 2.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "proofs/solver.hpp"

namespace collverify::proofs {

struct BroadcastGraph {
  std::int64_t n = 0;
  std::vector<std::pair<std::int64_t, std::int64_t>> edges;  // undirected
  std::int64_t root = 0;
};

struct BroadcastSchedule {
  std::int64_t rounds = 0;
  std::vector<std::int64_t> caller;  // caller[v] (-1 for the root)
  std::vector<std::int64_t> round;   // round[v] in which v is informed (0 for the root)
};

struct MbtResult {
  SolverOutcome outcome = SolverOutcome::inconclusive;  // unsat: `best` is proved optimal
  BroadcastSchedule best;
  bool found = false;
  int solver_calls = 0;
  std::string proof;
};

// InputError: n < 1 or n > 64, root or an edge end outside [0, n), a self loop, or a graph in
// which the root cannot reach every vertex (no broadcast exists).
void require_broadcast_graph(const BroadcastGraph& g);
// Empty string when valid: callers are neighbours informed earlier, each caller makes at most one
// call per round, every vertex informed, `rounds` = the last round. Otherwise the first fault.
std::string check_broadcast_schedule(const BroadcastGraph& g, const BroadcastSchedule& s);
MbtResult mbt_z3(const BroadcastGraph& g, const SolverOptions& options);
std::int64_t mbt_brute_force(const BroadcastGraph& g);

}  // namespace collverify::proofs
