#include "model/circulant_schedule.hpp"

#include <fmt/format.h>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"

namespace collverify {

std::int64_t CirculantSchedule::table_bytes(std::int64_t p) {
  const std::int64_t q = ceil_log2(p);
  const std::string what = fmt::format("schedule tables for p = {}", p);
  return checked_add(checked_mul(checked_mul(p, q, what), 2, what), p, what);
}

CirculantSchedule CirculantSchedule::allocate(std::int64_t p) {
  if (p < 1 || p >= kMaxP) {
    throw InputError(fmt::format("p = {} is outside the supported range 1..2^62-1", p));
  }
  require_memory(table_bytes(p), fmt::format("the p x q schedule tables for p = {}", p));
  CirculantSchedule s;
  s.p = p;
  s.q = ceil_log2(p);
  s.skips.assign(static_cast<std::size_t>(s.q) + 1, 0);
  s.baseblock.assign(static_cast<std::size_t>(p), 0);
  const auto cells = static_cast<std::size_t>(p) * static_cast<std::size_t>(s.q);
  s.recv.assign(cells, 0);
  s.send.assign(cells, 0);
  return s;
}

}  // namespace collverify
