// Seed 000, Section 2.4, Algorithm 9: the n-block irregular allgather. Every rank j is the root
// of its own circulant broadcast of the n blocks of buffer[j]; rank r is virtual rank
// r' = (r - j) mod p of origin j's broadcast, so in round i (k = i mod q) it packs, for every
// origin j in ascending order, block sendsched[r'][k] of buffer[j] into one message to
// t = (r + skips[k]) mod p, and the receiver unpacks slot j into buffer[j][recvsched[t'][k]],
// t' = (t - j) mod p. Tables: build_circulant_bcast (Algorithms 1-5; sendsched[j][k] =
// recvsched[(j + skips[k]) mod p][k], lines 4-9). n - 1 + q rounds, x dummy rounds first;
// blocks below 0 are neither sent nor received, blocks above n - 1 become n - 1.
//
// Readings (docs/ERRATA.md): alg9_dummy_rounds literal runs lines 11-30 as printed, without the
// "- x" adjustment of Algorithm 6 lines 5-13 (E8); corrected applies it.
// alg9_root_slot literal packs every origin j, also the j = t whose root is the receiver
// itself (E10); corrected leaves that slot out on both sides (as E4 for broadcast).
// The sender's items and the receiver's stored_as are computed independently from each side's
// own table rows, so the checker sees any disagreement.
//
// Cost: O(p q) for the tables, then O(p^2) per round (p messages of up to p slots), generated on
// demand by round(). Ties: none (deterministic).
// Example: p = 2, n = 1 (q = 1, x = 0): one round; rank 0 sends {(0,0)} to rank 1 and rank 1
// sends {(1,0)} to rank 0 (the root slots j = t are left out).
#pragma once

#include <cstdint>
#include <vector>

#include "model/circulant_schedule.hpp"
#include "model/collective_schedule.hpp"
#include "reference/circulant/transcription.hpp"

namespace collverify::circulant {

struct AllgathervReadings {
  Transcription alg9_dummy_rounds = Transcription::corrected;
  Transcription alg9_root_slot = Transcription::corrected;
  static AllgathervReadings literal() { return {Transcription::literal, Transcription::literal}; }
};

class AllgathervPlan {
 public:
  // tables: the broadcast tables of p ranks; sizes: elements per origin (p entries, or empty).
  AllgathervPlan(CirculantSchedule tables, std::int64_t n, std::vector<std::int64_t> sizes,
                 AllgathervReadings readings = {});
  std::int64_t round_count() const;
  Round round(std::int64_t t) const;  // round t, 0 <= t < round_count()
  CollectiveSchedule header() const;  // kind, p, n, sizes; no rounds
  CollectiveSchedule materialize() const;

 private:
  // Block of table entry v in absolute round i (x <= i), or -1 when nothing is sent.
  std::int64_t block_of(int v, std::int64_t i) const;
  void pack(std::int64_t r, std::int64_t i, Message& m) const;

  CirculantSchedule tables_;
  std::int64_t n_;
  std::vector<std::int64_t> sizes_;
  AllgathervReadings readings_;
  int x_ = 0;
};

// Convenience: the corrected (or given) tables and plan for p ranks.
AllgathervPlan plan_allgatherv(std::int64_t p, std::int64_t n, std::vector<std::int64_t> sizes,
                               const Transcriptions& bcast = {}, AllgathervReadings readings = {});

}  // namespace collverify::circulant
