// The structured schedule counter (seed 000, Section 4's open question; issue 24 item 4): the
// number of circulant broadcast recv tables that proofs/circulant/count_schedules.hpp enumerates,
// counted without listing them, for every p <= 64 in seconds.
//
// The split (proved in docs/RESULTS-count-schedules.md "Why the decomposition is exact"):
//   stage 1  for every non-root t its current-phase block c_t and the round kc_t it arrives in.
//            Rank skips[k] takes block k from the root in round k; any other t takes c_r from
//            its sender r = t - skips[kc_t] (mod p), which got it in an earlier round. Every
//            stage-1 solution is enumerated (there is exactly one for every p <= 64: the skips
//            force the current-phase structure).
//   stage 2  for every non-root t and every block b != c_t, the round k_t(b) in which t receives
//            b - q. Two constraints: the rounds of a row are distinct (a bijection onto the
//            q - 1 rounds other than kc_t), and the sender r = t - skips[k] holds b - q at the
//            start of round k (r != 0, and c_r = b or k_r(b) < k).
// A recv table is exactly a stage-1 solution with a stage-2 solution, so the count is the sum
// over stage-1 solutions of the number of stage-2 solutions. Stage 2 is counted by propagation
// to a fixpoint (only values no solution uses are removed), then a split of the undecided
// variables into connected components of the constraints that still exclude some pair of
// values; the count is the product of the components' counts. A component is counted by
// branching on its variable with the fewest rounds left (ties: the smallest (t, b)), and its
// count is remembered under its variables and their domains.
//
// Cost: exponential in the worst case like any exact counter; for p <= 64 at most 93 variables
// are undecided after the first propagation, and splitting again after every branch plus the
// cache keep the search to about 3e4 branches (p = 33); the whole range 2..64 takes about 4 s
// of CPU (docs/PERFORMANCE.md "count-schedules: the structured counter"). Memory: the cache, at
// most one entry per distinct (component, domains) met. Counts are exact unsigned 64-bit
// integers; every addition and product is overflow-checked, and an overflow is refused with an
// InputError (the largest count for p <= 64 is 96944121, p = 36).
// Example: p = 9 gives 9, p = 18 gives 1071 (the twins' counts, docs/RESULTS.md).
#pragma once

#include <cstdint>
#include <vector>

namespace collverify::proofs {

// A constraint the mutant counters leave out (tests only: each must disagree with the twin).
enum class DroppedConstraint {
  none,
  distinct_rounds,       // stage 2: the rounds of one row need not be distinct
  sender_holds,          // stage 2: the sender need not hold the block
  current_from_earlier,  // stage 1: the sender may get the current block in the same round
  holds_links,           // the split ignores "sender holds" links: dependent parts multiplied
};

struct StructuredOptions {
  DroppedConstraint drop = DroppedConstraint::none;
};

struct StructuredCount {
  std::uint64_t count = 0;
  std::int64_t stage1_solutions = 0;   // current-phase structures (1 for every p <= 64)
  std::int64_t free_variables = 0;     // stage-2 variables undecided after the first propagation
  std::int64_t top_components = 0;     // components after the first propagation (summed)
  std::int64_t largest_component = 0;  // variables in the largest of them
  std::int64_t branches = 0;           // values tried while branching
  std::int64_t cache_hits = 0;
};

// InputError unless 2 <= p <= kMaxCountP.
StructuredCount count_structured(std::int64_t p, const StructuredOptions& options = {});

}  // namespace collverify::proofs
