// How many circulant broadcast schedules exist for a given p (seed 000, Section 4's open
// question; Table 5 shows two for p = 9)? Two independent exact methods that must agree:
// a Z3 enumeration with blocking clauses and an explicit backtracking enumerator.
//
// WHAT IS COUNTED. Fixed, not counted: p, q = ceil(log2 p), the skips of Algorithm 1 (the same
// circulant graph), the root's send row (the root sends block k in round k), the root's recv row
// (meaningless: the root never receives), and the send entries whose receiver is the root (no
// transfer uses them). Free: the recv rows of the non-roots 1..p-1, entries in [-q, q). The
// other send entries are then determined by agreement (send[r][k] = recv[(r + skips[k]) mod p]
// [k]), and each non-root's baseblock by the receive set (its one current-phase block; NOT fixed
// to Algorithm 2's). So the count is the number of recv tables of the non-roots such that the
// completed schedule satisfies the fast checker's invariants (checkers/circulant_invariants.hpp):
//   receive_set        each non-root row has exactly one entry c >= 0
//   no_redundant_receive  its negative entries are distinct and none is c - q
//   send_before_receive   the sender r = (t - skips[k]) mod p of recv[t][k] holds it at the start
//                      of round k: r = 0 and recv[t][k] = k, or r > 0 and recv[t][k] = c_r - q or
//                      recv[t][k] = recv[r][j] for some j < k
//   (agreement, baseblock and root_block_order hold by the completion.)
// complete_schedule() builds the full CirculantSchedule of a counted recv table (root recv row
// 0, root baseblock q, sends to the root set to c_r - q, a block the sender holds); every counted
// schedule is re-checked by the fast checker and by the generic simulation (count-schedules in
// families/circulant/cmd_proofs.cpp, and the tests); the enumerators here only enumerate.
//
// Cost: both enumerators are exponential in the worst case. The backtracking one first decides
// in which round each non-root receives its current-phase block (from a sender that got one in
// an earlier round, or the root), then fills the negative entries round by round with only the
// blocks the sender holds as candidates; every row's negatives are then {-q..-1} minus c - q.
// Example: p = 9 gives 9 schedules, p = 10 gives 3 (both methods; docs/RESULTS.md).
#pragma once

#include <cstdint>
#include <vector>

#include "model/circulant_schedule.hpp"
#include "proofs/solver.hpp"

namespace collverify::proofs {

inline constexpr std::int64_t kMaxCountP = 1024;

// recv rows of ranks 1..p-1, row-major, q entries each.
using RecvTable = std::vector<std::int8_t>;

struct Enumeration {
  std::vector<RecvTable> tables;  // in the order found
  bool complete = false;  // false: a solver call was inconclusive or `limit` was reached
  SolverOutcome last = SolverOutcome::unsat;  // Z3: the outcome of the last call
  int solver_calls = 0;
};

// Algorithm 1, written again here (proofs/ does not include reference/): skips[0..q].
std::vector<std::int64_t> halving_skips(std::int64_t p);

// The exact baseline. At most `limit` tables (complete = false if more exist).
Enumeration enumerate_backtracking(std::int64_t p, std::int64_t limit);

// The same enumerator counting instead of listing: no limit, no memory per table (the slow twin
// of the structured counter, proofs/circulant/count_structured.hpp, where listing is too big:
// about 1e6 tables a second, so a minute or more for most p in 33..45).
std::uint64_t count_backtracking(std::int64_t p);

// Z3 with blocking clauses, `options.rlimit` per call.
Enumeration enumerate_z3(std::int64_t p, std::int64_t limit, const SolverOptions& options);

CirculantSchedule complete_schedule(std::int64_t p, const RecvTable& t);

// InputError unless 2 <= p <= kMaxCountP.
void require_count_p(std::int64_t p);

}  // namespace collverify::proofs
