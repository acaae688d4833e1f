// The built-in circulant broadcast (seed 000) in the shape of plugin ABI 2's whole-p call, shared
// by the example and test plugins: the tables of every rank built together
// (build_circulant_bcast_logp, O(p q)), as a library whose generator builds all ranks at once
// does, then rank r given the rows of virtual rank (r - root) mod p, as a library that maps
// ranks relative to the root does. Returns 0 on success; 1 with a message in err for p or root
// outside the ABI's domain or when the construction threw. Exceptions never cross the C
// boundary.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>

#include "model/int_math.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace collverify::examples {

// Writes a NUL-terminated message of at most err_len bytes into err (nothing when err_len is 0).
inline void set_error(char* err, std::size_t err_len, const char* text) noexcept {
  if (err != nullptr && err_len > 0) std::snprintf(err, err_len, "%s", text);
}

inline int whole_rows(std::int64_t p, std::int64_t root, std::int32_t* recv, std::int32_t* send,
                      char* err, std::size_t err_len) noexcept {
  if (p < 1 || p >= kMaxP || root < 0 || root >= p) {
    set_error(err, err_len, "p or root outside the domain of the ABI");
    return 1;
  }
  try {
    const CirculantSchedule s = circulant::build_circulant_bcast_logp(p);
    const auto q = static_cast<std::size_t>(s.q);
    for (std::int64_t r = 0; r < p; ++r) {
      const std::int64_t v = (r - root + p) % p;
      for (std::size_t k = 0; k < q; ++k) {
        recv[static_cast<std::size_t>(r) * q + k] = s.recv_at(v, static_cast<int>(k));
        send[static_cast<std::size_t>(r) * q + k] = s.send_at(v, static_cast<int>(k));
      }
    }
    return 0;
  } catch (const std::exception& e) {
    set_error(err, err_len, e.what());
    return 1;
  }
}

}  // namespace collverify::examples
