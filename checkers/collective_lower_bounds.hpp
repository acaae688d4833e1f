// Round lower bounds of the multi-origin collectives, from first principles (never taken from a
// construction). 1-ported model, p >= 2, q = ceil(log2 p):
//   allgather, census: what a rank knows (origins whose data reached it) at most doubles per
//     round, so q rounds are needed.
//   n-block allgather(v) where a message carries at most one block of each origin (the checker
//     enforces it, property one_block_per_origin): origin 0 sends at most one of its n blocks per
//     round, so its last block first leaves in round n - 1 or later and then reaches at most 2^t
//     ranks after t more rounds: n - 1 + q, the broadcast bound.
// With p = 1 nothing needs to move: 0 rounds.
#pragma once

#include <cstdint>

#include "model/int_math.hpp"

namespace collverify {

constexpr std::int64_t allgather_round_lower_bound(std::int64_t p) {
  return p <= 1 ? 0 : ceil_log2(p);
}

constexpr std::int64_t census_round_lower_bound(std::int64_t p) {
  return p <= 1 ? 0 : ceil_log2(p);
}

constexpr std::int64_t allgatherv_round_lower_bound(std::int64_t p, std::int64_t n) {
  return p <= 1 ? 0 : n - 1 + ceil_log2(p);
}

}  // namespace collverify
