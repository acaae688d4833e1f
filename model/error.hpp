// Two error layers (docs/DESIGN.md "Errors"): CV_ASSERT for programming mistakes (aborts with a
// reason), and InputError for bad input, whose message names the offending value; the CLI maps
// InputError to exit code 2.
#pragma once

#include <stdexcept>
#include <string>

namespace collverify {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void assertion_failed(const char* expr, const char* reason, const char* file,
                                   int line);

}  // namespace collverify

#define CV_ASSERT(cond, reason)                                               \
  do {                                                                        \
    if (!(cond)) ::collverify::assertion_failed(#cond, reason, __FILE__, __LINE__); \
  } while (0)
