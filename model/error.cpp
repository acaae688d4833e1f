#include "model/error.hpp"

#include <cstdio>
#include <cstdlib>

namespace collverify {

void assertion_failed(const char* expr, const char* reason, const char* file, int line) {
  std::fprintf(stderr, "collverify: internal error at %s:%d: %s (%s)\n", file, line, reason, expr);
  std::abort();
}

}  // namespace collverify
