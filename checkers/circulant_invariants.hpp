// The fast checker for compact circulant broadcast schedules (ALGORITHMS.md section 1). It
// checks the per-phase invariants below, independent of n:
//   shape, skips   q = ceil(log2 p) rounds, skips[k] = ceil(p / 2^(q-k)) (the circulant graph of
//                  Algorithm 1, by an independent closed form), skips[q] = p
//   value_range    every entry in [-q, q)
//   receive_set    a non-root receives exactly one block of the current phase (its baseblock c)
//   no_redundant_receive  the other q - 1 entries are distinct blocks of the previous phase,
//                  none of them c - q, which the rank has held since the previous phase
//   baseblock      where the schedule states baseblocks, baseblock[r] = c
//   agreement      send[r][k] = recv[(r + skips[k]) mod p][k] for every receiver other than 0
//   send_before_receive  a non-root sends c - q, or a block received earlier in the phase
//   root_block_order     the root sends no block of the current phase before its round
//                  (block v >= 0 only in rounds k >= v): Algorithm 6 skips the first x rounds
//                  of the first phase, x taking every value 0..q-1 as n varies, so a block v
//                  sent in a round k < v would be lost for some n
// Together these make Algorithm 6 correct for every n: a test shows that every mutant the
// generic simulation rejects for some n, this checker rejects.
// A violation names the rank, the round k of a phase and the block (the table entry). Each rank
// is checked from its own rows and its receivers' rows: O(q) time and memory per rank, O(p q)
// in all. Witness order: smallest k, then smallest rank, then property in the order above.
#pragma once

#include <cstdint>

#include "model/circulant_schedule.hpp"
#include "model/verdict.hpp"

namespace collverify {

struct CirculantCheckOptions {
  bool has_baseblocks = true;  // false for schedules that state none (plugins); an empty
                               // baseblock vector also means none are stated
};

// Shape and skips; independent of ranks.
Verdict check_circulant_shape(const CirculantSchedule& s);

// Ranks [begin, end); the smallest witness among them. Assumes check_circulant_shape passed.
Verdict check_circulant_ranks(const CirculantSchedule& s, std::int64_t begin, std::int64_t end,
                              const CirculantCheckOptions& options = {});

// True iff check_circulant_ranks(s, begin, end, options) finds no violation: the same
// invariants, decided in one pass per rank with no witness bookkeeping (bit masks, no strings,
// no early exit per property). Assumes check_circulant_shape passed. check_circulant_ranks is its
// slow twin; a test compares the two on the reference tables and on mutants.
bool circulant_ranks_pass(const CirculantSchedule& s, std::int64_t begin, std::int64_t end,
                          const CirculantCheckOptions& options = {});

// circulant_ranks_pass on 128-bit sets, which it uses itself only for q > 31 (tables of more
// than 2^31 ranks); exposed so that tests can compare it with the slow twin on small p.
bool circulant_ranks_pass_wide(const CirculantSchedule& s, std::int64_t begin, std::int64_t end,
                               const CirculantCheckOptions& options = {});

// Shape, then every rank: circulant_ranks_pass first, and only if it fails
// check_circulant_ranks for the smallest witness (a failing p is rare and pays twice).
Verdict check_circulant_schedule(const CirculantSchedule& s,
                                 const CirculantCheckOptions& options = {});

// Witness order used by the fast checker: round, then rank, then the order of the list above.
bool circulant_witness_before(const Violation& a, const Violation& b);

}  // namespace collverify
