#include "model/schedule.hpp"

namespace collverify {

std::vector<Holding> root_holds_all(std::int64_t root, std::int64_t n) {
  std::vector<Holding> out;
  out.reserve(static_cast<std::size_t>(n));
  for (std::int64_t b = 0; b < n; ++b) out.push_back({root, b});
  return out;
}

}  // namespace collverify
