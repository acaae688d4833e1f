// The receive table of all p ranks at once: Algorithm 4 run for every rank round by round, with
// the range queries of lines 10 and 12 answered by sliding windows instead of Algorithm 3.
// In round i every rank r asks for the baseblocks of the same-length windows
// [r - skips[i+1] + 1, r - skips[i]] and [r - sum_{j<=i} skips[j], r - skips[i+1]]; moving r
// by one moves each window by one rank, so per-block counters answer each query in O(1).
// O(p q) time instead of O(p q^2), and 9 bytes per rank beside the tables (the set B of every
// rank and the baseblocks). The answers are exact sets, i.e. Algorithm 3 in its corrected
// reading (docs/ERRATA.md E2); the per-rank recv_schedule() is its slow twin, and a test shows
// the two tables equal.
#pragma once

#include "model/circulant_schedule.hpp"
#include "reference/circulant/skips.hpp"
#include "reference/circulant/transcription.hpp"

namespace collverify::circulant {

// Fills s.recv (and s.baseblock) for every rank; s.skips must be Algorithm 1's.
void fill_recv_table(const Circulant& c, Transcription alg4_line2, CirculantSchedule& s);

}  // namespace collverify::circulant
