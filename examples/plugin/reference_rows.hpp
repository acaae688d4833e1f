// The built-in circulant broadcast (seed 000, reference/circulant/bcast.hpp) in the shape of the
// plugin ABI, shared by the example plugins: one rank's rows computed alone, as an MPI process
// would (rank_schedule, O(q^3) per call, no shared state, so calls may run in parallel).
// Returns 0 on success; 1 for p or r outside the ABI's domain; 2 if the construction threw.
// Exceptions never cross the C boundary.
#pragma once

#include <cstddef>
#include <cstdint>

#include "model/int_math.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::examples {

inline int reference_rows(std::int64_t p, std::int64_t r, std::int32_t* recv,
                          std::int32_t* send) noexcept {
  if (p < 1 || p >= kMaxP || r < 0 || r >= p) return 1;
  try {
    const circulant::RankSchedule rows = circulant::rank_schedule(circulant::Circulant(p), r);
    for (std::size_t k = 0; k < rows.recv.size(); ++k) {
      recv[k] = rows.recv[k];
      send[k] = rows.send[k];
    }
    return 0;
  } catch (...) {
    return 2;
  }
}

}  // namespace collverify::examples
