// A buffer the collective is given, with a guard zone on each side (out_of_bounds): shared by the
// simulation (run_instance.cpp) and the real-MPI driver (mpi/program_driver.cpp), so both judge
// the same zones. The zones' bytes vary with their position, so that no single byte value written
// over a whole zone (zeros, the poison, another zone's copy) leaves it looking intact.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "program/collective.hpp"

namespace collverify::program {

inline constexpr std::size_t kGuard = 64;

inline std::byte guard_byte(std::size_t i) {
  return static_cast<std::byte>(0xcb ^ (i * 37 % 251));
}

// guard_byte(0..kGuard), computed once: the zone before a buffer is its first kGuard bytes, the
// zone after it the kGuard bytes from 1, so that make() and guards_intact() are one memcpy and
// one memcmp per zone (byte by byte, with a modulo each, they were about 10% of a small
// instance's CPU).
struct GuardPattern {
  std::byte bytes[kGuard + 1];
  GuardPattern() {
    for (std::size_t i = 0; i <= kGuard; ++i) bytes[i] = guard_byte(i);
  }
};
inline const GuardPattern kGuardPattern;

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
    std::memcpy(storage.data(), kGuardPattern.bytes, kGuard);
    std::memcpy(storage.data() + kGuard + bytes, kGuardPattern.bytes + 1, kGuard);
  }
  bool guards_intact() const {
    if (!present) return true;
    return std::memcmp(storage.data(), kGuardPattern.bytes, kGuard) == 0 &&
           std::memcmp(storage.data() + kGuard + bytes, kGuardPattern.bytes + 1, kGuard) == 0;
  }
  // The definition, byte by byte (the twin of the two above: tests/program/programs_test.cpp).
  bool guards_intact_slow() const {
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
