// The streaming twin of the fast circulant checker (circulant_invariants.hpp): checks ONE p,
// possibly huge (p = 2^30), without the p x q tables. Rows are asked for on demand, rank by
// rank, from a thread-safe callback; ranks are split into chunks that any number of threads
// check concurrently. Same properties (shape, skips, value_range, receive_set,
// no_redundant_receive, baseblock, agreement, send_before_receive, root_block_order), same
// messages, and the same smallest witness (round, then rank, then property) as
// check_circulant_schedule on the full tables.
//
// Every property but agreement is local to a rank: it needs the rank's own two rows only.
// Agreement, send[r][k] = recv[(r + skips[k]) mod p][k], needs the receiver's row; asking for
// the q receivers' rows costs q + 1 row computations per rank (30x at p = 2^30, 4-5 hours with
// a 1 us per-rank construction). Two modes:
//
//   fingerprint (default)  Ranks fall into buckets of L consecutive ranks (L a power of two,
//     one chunk = one bucket). For every bucket B and round k, with f(v) = v + 129 (injective
//     on int8) and random weights w[0..L-1], uniform and independent in Z / 2^64,
//        D[B][k] = sum over receivers t in B, t != 0, of w[t - t0] f(recv[t][k])
//                - sum over senders r whose receiver t = (r + skips[k]) mod p lies in B, t != 0,
//                  and whose entry is in range, of w[t - t0] f(send[r][k])       (mod 2^64),
//     t0 the first rank of B. Each rank adds its own receive terms and its own send terms (to
//     its receivers' buckets), so every row is computed once. D[B][k] = sum of w[i] d[i] with
//     d[i] = f(recv) - f(send) in [-255, 255], nonzero exactly where round k of B has a
//     mismatch. If there is none, D = 0 always. If there is one, take the i with the fewest
//     factors 2 in d[i] (at most 7: d[i] = 2^e u, u odd, e <= 7); whatever the other weights,
//     w[i] 2^e u hits the one value that cancels them for at most 2^e of the 2^64 choices of
//     w[i]: D = 0 with probability <= 2^-57. Two independent weight vectors are kept, so a
//     mismatch goes unseen with probability <= 2^-114 per bucket and round (a polynomial mod
//     2^61 - 1 was the first version: the same idea with a 2^-45 bound per x for L = 2^16, and
//     two multiplications mod p per term cost twice the time). A bucket with D != 0 certainly
//     holds a difference; finish() localises exactly: buckets in (round, first rank) order,
//     each re-read entry by entry (2 L row computations: its receivers and their senders),
//     stopping at the first real agreement violation or once no later bucket can beat the best
//     local witness. (A send entry out of range makes D != 0 without an agreement violation:
//     the fast checker reports value_range there and compares nothing; localisation moves on.)
//     The only possible error is a missed or later-reported agreement violation, probability
//     <= 2^-114 per bucket and round, < 2^-94 summed over the 2^14 x 30 of p = 2^30. The
//     weights come from std::random_device unless a seed is given.
//   exact  For each rank, the rows of its q receivers are computed too: q + 1 row computations
//     per rank, no probability. The slow, obviously-correct twin; tests show both agree.
//
// Memory: O(q) per thread for the rows, plus the table D of (p / L) x q x 2 words and two
// vectors of L weights, shared: L = max(256, 2^ceil(log2(p / 2^14))) keeps D at 2^14 x q x
// 16 bytes = 7.5 MB and the weights at 1 MB for p = 2^30. Time: one row computation and 4 q
// 64-bit multiply-adds per rank (fingerprint), q + 1 row computations (exact).
// Example: p = 4 with the reference rows (rank 1 receives {0, -1}, rank 2 {-2, 1}, rank 3
// {-1, 0}; the root sends {0, 1}) passes in both modes; changing send[0][1] to 0 gives the
// witness "agreement" at rank 2, round 1, block 1, as check_circulant_schedule does.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "model/verdict.hpp"

namespace collverify {

// One rank's rows (q entries each); called from several threads at once.
using RankRowsFn =
    std::function<void(std::int64_t r, std::span<std::int8_t> recv, std::span<std::int8_t> send)>;
// The baseblock a schedule states for rank r >= 1.
using BaseblockFn = std::function<int(std::int64_t r)>;

struct StreamingInput {
  std::int64_t p = 0;
  std::vector<std::int64_t> skips;  // as the schedule states them (checked like the tables')
  RankRowsFn rows;
  BaseblockFn baseblock;  // empty: the schedule states no baseblocks (property not checked)
};

enum class AgreementMode { fingerprint, exact };

struct StreamingOptions {
  AgreementMode agreement = AgreementMode::fingerprint;
  std::int64_t bucket_ranks = 0;  // L (a power of two); 0: the default above
  std::uint64_t seed = 0;         // of the weights; 0: std::random_device
};

// A part of the check, for splitting one p over processes (families/circulant/stream_bcast.hpp): the
// fingerprint sums D of the chunks a part checked, how many chunks, and its smallest witness.
// Parts combine by adding the sums (mod 2^64), adding the counts and keeping the smaller
// witness: commutative and associative, so the result does not depend on the split or the
// order. Parts combine only between checks of the same p, skips, options and seed (the weights).
struct StreamingPart {
  std::vector<std::uint64_t> sums;  // D[bucket][k][j]; empty in exact mode
  std::int64_t chunks_done = 0;
  Verdict best;
};

// Usage: shape(); if it passes, check_chunk(i) for every i in [0, chunks()) from any threads;
// then finish() for the verdict. partial() is the best witness among the chunks checked so far,
// agreement excluded in fingerprint mode (for runs stopped early).
class CirculantStreamingCheck {
 public:
  CirculantStreamingCheck(StreamingInput input, const StreamingOptions& options);
  ~CirculantStreamingCheck();
  CirculantStreamingCheck(const CirculantStreamingCheck&) = delete;
  CirculantStreamingCheck& operator=(const CirculantStreamingCheck&) = delete;

  Verdict shape() const;
  std::int64_t chunks() const;
  std::int64_t chunk_begin(std::int64_t i) const;
  std::int64_t chunk_end(std::int64_t i) const;
  void check_chunk(std::int64_t i);
  Verdict finish();
  Verdict partial() const;
  // What this object has checked so far, and the sum of another part into this one (before
  // finish(); every chunk must be counted once over all parts when finish() is called).
  StreamingPart part() const;
  void absorb(const StreamingPart& other);
  // Buckets whose sums differ from 0 (after every chunk): those finish() re-reads. For a
  // schedule without agreement violations, 0 but with probability <= 2^-114 per bucket and round.
  std::int64_t differing_buckets() const;
  // Bytes of the shared tables (what the constructor allocates).
  static std::int64_t shared_bytes(std::int64_t p, const StreamingOptions& options);

 private:
  struct State;
  std::unique_ptr<State> s_;
};

// Everything on the calling thread: shape, every chunk, finish.
Verdict check_circulant_streaming(StreamingInput input, const StreamingOptions& options = {});

}  // namespace collverify
