#include "model/collective_schedule.hpp"

#include "model/error.hpp"

namespace collverify {

std::pair<std::int64_t, std::int64_t> block_extent(std::int64_t size, std::int64_t n,
                                                   std::int64_t b) {
  CV_ASSERT(n >= 1 && b >= 0 && b < n && size >= 0, "0 <= b < n and size >= 0");
  // size * b fits: sizes are refused above 2^31 per origin and n stays below 2^31.
  return {size * b / n, size * (b + 1) / n};
}

}  // namespace collverify
