// What every fuzz target shares: bad input must end as collverify::InputError (exit 2 in the
// program); anything else (another exception, an assertion, a sanitizer report, a crash) is a
// finding. A target's own oracle, when it has one, aborts through FUZZ_CHECK.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#define FUZZ_CHECK(cond, what)                                               \
  do {                                                                       \
    if (!(cond)) {                                                           \
      std::fprintf(stderr, "fuzz oracle failed: %s (%s)\n", what, #cond);   \
      std::abort();                                                          \
    }                                                                        \
  } while (false)

namespace collverify::fuzz {

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

}  // namespace collverify::fuzz
