// Round lower bounds, computed here from first principles and never taken from a construction.
// Broadcast of n blocks in the 1-ported model: the last block leaves the root no earlier than
// round n - 1, and a block reaches at most 2^t ranks after t rounds, so n - 1 + ceil(log2 p)
// rounds are needed (p >= 2); with p = 1 nothing needs to move.
#pragma once

#include <cstdint>

#include "model/int_math.hpp"

namespace collverify {

constexpr std::int64_t bcast_round_lower_bound(std::int64_t p, std::int64_t n) {
  return p <= 1 ? 0 : n - 1 + ceil_log2(p);
}

}  // namespace collverify
