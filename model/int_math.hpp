// Integer helpers for 64-bit processor counts. Every p below 2^62 is supported: r + p and
// 2 * p never overflow int64 there, and the helpers below refuse what would.
#pragma once

#include <cstdint>
#include <string>

#include "model/error.hpp"

namespace collverify {

inline constexpr std::int64_t kMaxP = std::int64_t{1} << 62;

// ceil(log2 x) for x >= 1; ceil_log2(1) = 0.
constexpr int ceil_log2(std::int64_t x) {
  int q = 0;
  while ((std::int64_t{1} << q) < x) ++q;
  return q;
}

// (a mod p) in [0, p) for any a with |a| < 2^62 and 0 < p < 2^62.
constexpr std::int64_t mod_p(std::int64_t a, std::int64_t p) {
  const std::int64_t m = a % p;
  return m < 0 ? m + p : m;
}

// a * b, or InputError naming `what` when the product does not fit int64.
inline std::int64_t checked_mul(std::int64_t a, std::int64_t b, const std::string& what) {
  std::int64_t out = 0;
  if (__builtin_mul_overflow(a, b, &out)) throw InputError(what + ": size overflows 64 bits");
  return out;
}

inline std::int64_t checked_add(std::int64_t a, std::int64_t b, const std::string& what) {
  std::int64_t out = 0;
  if (__builtin_add_overflow(a, b, &out)) throw InputError(what + ": size overflows 64 bits");
  return out;
}

}  // namespace collverify
