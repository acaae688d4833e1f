// The data-level checker of multi-origin collectives (model/collective_schedule.hpp): simulates
// the schedule in lock step, every rank holding the set of (origin, block) items it has (census:
// the set of origins its own input and accumulator S combine), and reports the first violation,
// smallest round first, then smallest rank:
//   rank_range / block_range  a message names a rank, origin or block that does not exist
//   one_port_send / one_port_receive  a rank sends / receives more than one message in a round
//                                     (full duplex: one of each is allowed)
//   agreement             the receiver unpacks a slot under another (origin, block) than the
//                         sender packed there, or expects another number of slots
//   one_block_per_origin  a message carries two blocks of the same origin
//   send_before_receive   the sender does not hold an item it packs at the start of the round
//   no_redundant_receive  the receiver already holds the item, or gets it twice in the round;
//                         census: an origin would be counted twice, or the partial sum is empty
//   completeness          after the last round a rank lacks an item (blocks with no elements are
//                         exempt); census: an input is not counted exactly once in x_r + S_r
//   round_optimal         the round count differs from the lower bound it is held against
// The block of the witness is in Violation::block, its origin in the message.
// Fast: p * p * n bits of holdings (census: 2 p^2 bits), O(items) per round. Census sets are
// exact multisets here because the run stops at the first double count. The slow twin keeps
// std::set / std::map counts per rank and is meant for small p; a test shows the two agree.
#pragma once

#include <cstdint>
#include <functional>

#include "model/collective_schedule.hpp"
#include "model/verdict.hpp"

namespace collverify {

struct CollectiveResult {
  Verdict verdict;
  std::int64_t rounds = 0;
  std::int64_t lower_bound = 0;
};

// Rounds on demand: a large schedule need not be kept whole.
using RoundAt = std::function<Round(std::int64_t)>;

// header: kind, p, n and sizes (its rounds are ignored). Refuses (InputError, with the estimate)
// a p whose holdings would not fit in memory.
CollectiveResult simulate_collective(const CollectiveSchedule& header, std::int64_t round_count,
                                     const RoundAt& round_at, std::int64_t lower_bound);
CollectiveResult simulate_collective(const CollectiveSchedule& s, std::int64_t lower_bound);

// The slow, obviously correct twin (sets and counts, no bit tricks).
CollectiveResult simulate_collective_slow(const CollectiveSchedule& s, std::int64_t lower_bound);

// Bytes of holdings the fast simulation allocates for p ranks and n blocks.
std::int64_t data_simulation_bytes(CollectiveKind kind, std::int64_t p, std::int64_t n);

}  // namespace collverify
