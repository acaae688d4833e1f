// A buffer the collective is given, with a guard zone on each side (out_of_bounds): shared by the
// simulation (run_instance.cpp) and the real-MPI driver (mpi/program_driver.cpp), so both judge
// the same zones. The zones' bytes vary with their position, so that no single byte value written
// over a whole zone (zeros, the poison, another zone's copy) leaves it looking intact.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "program/collective.hpp"

namespace collverify::program {

inline constexpr std::size_t kGuard = 64;

inline std::byte guard_byte(std::size_t i) {
  return static_cast<std::byte>(0xcb ^ (i * 37 % 251));
}

// Absent (null) when the collective has no such buffer on this rank.
struct GuardedBuffer {
  std::vector<std::byte> storage;
  std::size_t bytes = 0;
  bool present = false;

  std::byte* data() { return present ? storage.data() + kGuard : nullptr; }
  void make(std::int64_t elems, std::size_t width) {
    present = elems != kNoBuffer;
    bytes = present ? static_cast<std::size_t>(elems) * width : 0;
    storage.resize(present ? bytes + 2 * kGuard : 0);
    if (!present) return;
    for (std::size_t i = 0; i < kGuard; ++i) {
      storage[i] = guard_byte(i);
      storage[kGuard + bytes + i] = guard_byte(i + 1);
    }
  }
  bool guards_intact() const {
    if (!present) return true;
    for (std::size_t i = 0; i < kGuard; ++i) {
      if (storage[i] != guard_byte(i) || storage[kGuard + bytes + i] != guard_byte(i + 1)) {
        return false;
      }
    }
    return true;
  }
};

}  // namespace collverify::program
