// Fault injection: breaks a valid schedule in one small way, deterministically from a seed, so
// that checkers can be shown inputs they must reject.
//
// Circulant mutants (compact tables): swap two entries of a rank's recv or send row, move one
// entry by +-1 (staying inside [-q, q)), swap the rows of two ranks, set a wrong skip (+-1),
// relabel blocks (exchange the names k1 and k2 of two blocks everywhere, in both phases: a
// consistent schedule whose blocks leave the root out of order).
// Explicit mutants (Schedule): drop a round, change a transfer's block by +-1, re-target a
// transfer to another receiver, duplicate a transfer.
// A mutant may happen to leave the schedule correct (e.g. an edit of the root's recv row, which
// is never used); tests count such survivors instead of assuming every mutant is fatal.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/circulant_schedule.hpp"
#include "model/schedule.hpp"

namespace collverify {

enum class CirculantMutation { swap_recv, swap_send, off_by_one_recv, off_by_one_send, swap_ranks,
                               wrong_skip, relabel_blocks };
enum class ScheduleMutation { drop_round, off_by_one_block, retarget, duplicate_transfer };

struct CirculantMutant {
  CirculantMutation kind = CirculantMutation::swap_recv;
  std::int64_t rank = 0;    // the rank (first rank for swap_ranks)
  std::int64_t other = 0;   // second rank for swap_ranks
  int k1 = 0;               // round (skip index for wrong_skip, a block for relabel_blocks)
  int k2 = 0;               // second round for swaps (second block for relabel_blocks)
  int delta = 1;            // +1 or -1 for off-by-one and wrong_skip
  std::string describe() const;
};

struct ScheduleMutant {
  ScheduleMutation kind = ScheduleMutation::drop_round;
  std::size_t round = 0;
  std::size_t transfer = 0;
  int delta = 1;
  std::string describe() const;
};

// `count` mutants of s, drawn with a generator seeded by `seed`. Mutants that would not change
// the tables (swapping equal entries, a step out of range) are not produced. Needs q >= 1.
std::vector<CirculantMutant> circulant_mutants(const CirculantSchedule& s, std::uint64_t seed,
                                               int count);
CirculantSchedule apply(const CirculantSchedule& s, const CirculantMutant& m);

std::vector<ScheduleMutant> schedule_mutants(const Schedule& s, std::uint64_t seed, int count);
Schedule apply(const Schedule& s, const ScheduleMutant& m);

}  // namespace collverify
