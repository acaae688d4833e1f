// The generic checker: simulates any explicit Schedule round by round, holding for every rank
// the set of blocks it has, and reports the first violation (first round, then smallest rank):
//   block_range          a transfer names a block outside [0, n)
//   agreement            the receiver expects another block than the sender sends
//   send_before_receive  the sender does not hold the block at the start of the round
//   no_redundant_receive the receiver already holds the block (or gets it twice in a round)
//   one_port_send / one_port_receive  more than `ports` sends / receives of a rank in a round
//   duplex               a rank both sends and receives in a round of a simplex model
//   completeness         after the last round a rank lacks a block
//   round_optimal        the round count differs from the lower bound it is held against
// O(rounds * p + p * n / 64) time, p * n bits of memory. It knows nothing of circulants.
#pragma once

#include <cstdint>

#include "model/schedule.hpp"
#include "model/verdict.hpp"

namespace collverify {

struct SimulationResult {
  Verdict verdict;                // the first violation, if any
  std::int64_t rounds = 0;        // rounds in the schedule
  std::int64_t lower_bound = 0;   // what they were held against
};

SimulationResult simulate_schedule(const Schedule& s, std::int64_t lower_bound_rounds);

}  // namespace collverify
