// Beyond seed 000 (Section 2, "whether this is possible is at the moment not known"): the
// receive and send schedules of one rank in O(log p), after Träff's later construction
// (arXiv 2312.11236, 2407.18004). Written from the published idea; the checkers, not this
// comment, decide correctness. Nothing requires the tables to equal those of Algorithms 4-5,
// yet they do for every p that `collverify compare bcast` was run on (docs/PERFORMANCE.md).
//
// Receive schedule of rank r. Work in the doubled index space: the target is T = r + p. A block
// e (0 <= e <= q) stands for skips[e]; a path from the root to T is a sum of skips with strictly
// decreasing indices, e = q meaning "through the root of this phase", i.e. r's own baseblock of
// the current phase. A depth-first search extends partial sums x + skips[e] over the blocks not
// yet used, largest first; a partial sum y may feed round k when y <= T - skips[k] (the
// from-processor of round k lies at or beyond it) and y is below the node taken for the
// previous round. Deeper sums are tried first (they serve earlier rounds); each block is taken
// once. The unused blocks are a 64-bit mask, so "next unused block below e" is one instruction.
// Cost: every step of the search either takes a block (q times) or passes over one; the counts
// are exposed (LogpCost). Measured maximum over every rank of every p <= 20000 and of
// p = 2^k + d (15 <= k <= 22, |d| <= 3): 2.55 (q + 1) steps; a test asserts <= 4 (q + 1). We
// have no proof of a constant bound, so "O(q)" is a measured claim. Plus Algorithm 2 for the
// baseblock, O(q). Space: 64-bit mask, recursion depth at most q + 1.
//
// Send schedule of rank r > 0. The root sends block k in round k. Otherwise round 0 sends
// baseblock(r) - q; rounds q-1 .. 1 follow the greedy decomposition of r into skips: in a round
// whose skip is in the decomposition, r forwards block i - q (the block that travelled along
// that skip); above the decomposition it forwards its current baseblock; below the largest
// remaining skip it keeps forwarding the last such block. In a few "violation" rounds (where the
// target's receive search takes a different path) the entry is taken from the receive schedule
// of the to-processor (r + skips[i]) mod p instead, computed up to round i only. Cost O(q) plus
// O(q) per violation round; LogpCost counts violations. Measured (docs/PERFORMANCE.md): at
// most 4 violation rounds per rank over the same p as above (0.88 on average for p <= 20000)
// and 4 million random ranks of p up to 2^40; so the send schedule costs O(q) in practice, but
// without a proof that the count is bounded by a constant (O(q^2) if every round were one).
//
// Tie-breaking: the largest unused block first; the deterministic order above.
// Example: p = 4 (skips 1 2 4): rank 1 receives {0, -1}, rank 2 {-2, 1}, rank 3 {-1, 0}; the
// root sends {0, 1}, as with Algorithms 4-5.
//
// Thread-safe: no shared state. Rows are in the CirculantSchedule convention (block b of the
// previous phase written b - q). Rank 0's receive row carries no meaning (it never receives).
#pragma once

#include <cstdint>
#include <span>

#include "model/circulant_schedule.hpp"
#include "reference/circulant/skips.hpp"

namespace collverify::circulant {

// Work counters of one call (for tests and benchmarks; not needed by callers).
struct LogpCost {
  std::int64_t search_steps = 0;  // blocks examined by the receive search(es)
  std::int64_t violations = 0;    // send rounds answered from the target's receive schedule
};

// recv[0..q-1] of rank r, 0 <= r < p; recv.size() >= q.
void logp_recv_schedule(const Circulant& c, std::int64_t r, std::span<std::int8_t> recv,
                        LogpCost* cost = nullptr);

// send[0..q-1] of rank r, 0 <= r < p; send.size() >= q.
void logp_send_schedule(const Circulant& c, std::int64_t r, std::span<std::int8_t> send,
                        LogpCost* cost = nullptr);

// Both tables for all ranks: receive rows by the same search as logp_recv_schedule, send rows by
// logp_send_schedule, rank by rank (so the checkers judge the send rule itself). Baseblocks in O(p) by the recipe of Section 2 (rank skips[k] + j has
// rank j's; a test compares them with Algorithm 2), the root's recorded as root_baseblock(q).
// O(p q) time; about 70 ns per rank at p = 2^17 (docs/PERFORMANCE.md).
// Since the whole-p builder below, this is build_circulant_bcast_logp_into on a fresh schedule.
CirculantSchedule build_circulant_bcast_logp(std::int64_t p);

// The slow, obviously correct twin of the whole-p builder: rank by rank through the public
// per-rank functions (logp_recv_schedule's search, then logp_send_schedule with its own
// baseblock and its own receive searches in violation rounds). Tests compare the two entry by
// entry.
CirculantSchedule build_circulant_bcast_logp_per_rank(std::int64_t p);

// The same tables as build_circulant_bcast_logp_per_rank, built for all ranks of one p at once
// into `s`, whose vectors are resized, not reallocated when they are large enough: a caller that
// verifies many p one after the other (ascending) keeps one CirculantSchedule per thread and
// pays no allocation, page faults or zeroing per p. Every entry of s is overwritten.
// What is shared between ranks:
//  - the baseblocks come from the O(p) table (no Algorithm 2 per rank);
//  - the receive search of rank r = skips[K] + j (K the largest index with skips[K] <= r, so
//    0 <= j < skips[K+1] - skips[K]) with j >= 2 starts where rank j's search left off. Proof,
//    with T = r + p: the search of any rank r >= 2 takes block q first and descends into
//    extend(p, 2T, q) (p <= T - skips[1] iff r >= 2). In there, every block e > K is passed
//    over (p + skips[e] > T - 1 since skips[e] > r), and e = K descends into
//    extend(p + skips[K], 2T, K) (j >= 2). Rank j's extend(p, 2T', q), T' = j + p, passes over
//    every e >= K (skips[e] >= skips[K] > j - 1, as skips[K+1] <= 2 skips[K]) and then meets
//    the same blocks e < K with every sum, bound and threshold shifted by skips[K] = T - T':
//    the same comparisons, the same unused blocks (rank r's baseblock is rank j's), the same
//    rounds. Until the first take no sum reaches either bound 2T, 2T'. So both calls take the
//    same blocks in the same rounds and return with the same round counter and unused set;
//    rank r then goes on in extend(p, ...) after its descent into block K. The builder keeps
//    (round counter, unused set) of every rank j when its extend(p, ...) returns (9 bytes per
//    rank of per-thread scratch) and copies rank j's first rounds; the search steps per rank
//    drop from about 24 to 3 at p = 2^17;
//  - a send round where the decomposition rule does not hold takes recv[(r + skips[i]) mod p][i]
//    from the finished table, which is exactly what logp_send_schedule recomputes there with a
//    partial search of the to-processor (the search up to round i is a prefix of the whole
//    search). The send rule itself is still what the checkers judge in every other round; it
//    runs on four consecutive ranks at once (32-bit lanes, for p < 2^30), the rule's two cases
//    selected without a branch.
// O(p q) time, O(p) scratch beyond the tables. build_circulant_bcast_logp_per_rank is the twin;
// tests compare the two entry by entry.
void build_circulant_bcast_logp_into(std::int64_t p, CirculantSchedule& s);

// The twin of the send rule: overwrites s.send with send[r][k] = recv[(r + skips[k]) mod p][k]
// (Algorithm 5's definition); tests compare it with logp_send_schedule's rows.
void logp_send_table_by_lookup(CirculantSchedule& s);

}  // namespace collverify::circulant
