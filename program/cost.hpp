// The cost of one run of the program route (docs/DESIGN.md "The program route", "The cost of a
// passing instance"): messages, bytes of the busiest rank, rounds of the message dependency graph
// and the alpha-beta time of the run in the 1-ported model, and the collective's lower bounds
// beside them (reported, not failed).
//
// Contract:
// - Input: the run's matched messages (world.hpp MessageRecord), in the order they matched.
// - Busiest rank: the most bytes one rank sent plus received.
// - Rounds: the length of the same 1-ported schedule as the time below with every message taking
//   one round (alpha = 1, beta = 0): a rank sends at most one message and receives at most one
//   per round, and forwards only what it has received in an earlier round. (MessageRecord::depth,
//   which lets a rank send to many in one round, is what the witness diagram draws.)
// - Alpha-beta time, 1-ported: a message of b bytes takes alpha + beta b nanoseconds (kAlphaNs,
//   kBetaNsPerByte); a rank sends one message at a time, in the order of its calls, and receives
//   one at a time. A message can start when its sender's previous send has ended and every
//   message its sender handed back before the sending call has arrived. The messages are placed
//   earliest start first (ties: the earlier match), each also after its receiver's previous
//   arrival. The time is the last arrival (0 without messages). Integer nanoseconds: exact.
// - Cost: O(M + rounds) for M messages of one size (cost_of: a queue of rounds, time_by_rounds),
//   O(M log M) otherwise (a heap; cost_of_heap uses it for any sizes, the twin of the round
//   queue); the twin cost_of_slow is O(M^2) and computes the same numbers from the definitions
//   (tests/program/cost_test.cpp).
// - Example: binomial bcast, p = 4, count 1 int, root 0: 3 messages, busiest 8 bytes (the root
//   sends 2 x 4), rounds 2, time 2 x 1004 = 2008 ns; bounds: rounds 2, bytes 4, time 2000 ns. A
//   linear bcast of p = 4 (the root sends to 1, 2, 3): rounds 3, busiest 12 bytes, 3012 ns.
#pragma once

#include <cstdint>
#include <vector>

#include "program/collective.hpp"
#include "program/world.hpp"

namespace collverify::program {

inline constexpr std::int64_t kAlphaNs = 1000;     // latency of one message: 1 us
inline constexpr std::int64_t kBetaNsPerByte = 1;  // 1 ns per byte: 1 GB/s

struct RunCost {
  std::int64_t messages = 0;
  std::int64_t busiest_bytes = 0;
  std::int64_t rounds = 0;
  std::int64_t time_ns = 0;
};

// What every correct program of the instance's collective must at least cost (DESIGN.md derives
// them): rounds ceil(log2 p), busiest-rank bytes, alpha-beta time; all 0 when p = 1 or count = 0.
struct CostBounds {
  std::int64_t rounds = 0;
  std::int64_t busiest_bytes = 0;
  std::int64_t time_ns = 0;
};

RunCost cost_of(const std::vector<MessageRecord>& messages, int p);
// The general path alone: both schedules by the heap, for any sizes (the twin of the round queue).
RunCost cost_of_heap(const std::vector<MessageRecord>& messages, int p);
// The alpha-beta time by the round queue; -1 when the messages are not all of one size (or none).
std::int64_t time_by_rounds(const std::vector<MessageRecord>& messages, int p);
RunCost cost_of_slow(const std::vector<MessageRecord>& messages, int p);
CostBounds cost_bounds(const Instance& in);

}  // namespace collverify::program
