// Seed 000, Section 2: the circulant n-block broadcast from root 0.
//
// build_circulant_bcast(p): skips (Alg. 1), baseblock (Alg. 2), the receive table (Alg. 4 for
// all ranks at once, recv_table.hpp) and the send table (Alg. 5 by table lookup). O(p q) time,
// p x q bytes per table plus 9 bytes per rank.
// Example: p = 4 gives skips {1, 2, 4}; rank 1 receives {0, -1}, rank 2 {-2, 1}, rank 3
// {-1, 0}; the root sends {0, 1}.
//
// rank_schedule(c, r): one rank's recv and send rows, computed alone as a processor would
// (Alg. 4 then Alg. 5), O(q^3); used for huge p and as the slow twin of the table build.
//
// expand_bcast(s, n): Algorithm 6 as an explicit Schedule of n - 1 + q rounds: x dummy rounds
// so that x + n - 1 + q is a multiple of q, phase P of round i adds P q to the table entries,
// negative blocks are neither sent nor received, blocks above n - 1 become n - 1. Transfers to
// the root are left out (the root holds every block; Algorithm 6 lets it receive into its own
// buffer, see docs/ERRATA.md E4). Works on any CirculantSchedule, including users' schedules:
// a transfer records both the sender's block and the block the receiver expects.
#pragma once

#include <cstdint>
#include <vector>

#include "model/circulant_schedule.hpp"
#include "model/schedule.hpp"
#include "reference/circulant/range_blocks.hpp"
#include "reference/circulant/skips.hpp"

namespace collverify::circulant {

struct BcastOptions {
  Transcriptions transcription;
};

CirculantSchedule build_circulant_bcast(std::int64_t p, const BcastOptions& options = {});

// The slow twin: Algorithm 4 with Algorithm 3 for every rank separately, O(p q^2). Also the only
// way to build with RangeBlocks read literally (the sliding windows of recv_table.hpp are exact).
CirculantSchedule build_circulant_bcast_per_rank(std::int64_t p, const BcastOptions& options = {});

struct RankSchedule {
  std::vector<std::int8_t> recv;
  std::vector<std::int8_t> send;
};
RankSchedule rank_schedule(const Circulant& c, std::int64_t r, const BcastOptions& options = {});

// The baseblock recorded for the root, which receives nothing (the convention of later
// implementations of the seed: the root's block is q).
int root_baseblock(int q);

// Number of dummy rounds x of Algorithm 6, line 4.
int dummy_rounds(int q, std::int64_t n);

Schedule expand_bcast(const CirculantSchedule& s, std::int64_t n);

}  // namespace collverify::circulant
