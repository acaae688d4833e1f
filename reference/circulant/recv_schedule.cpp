#include "reference/circulant/recv_schedule.hpp"

#include <bit>

#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify::circulant {
namespace {

int highest(std::uint64_t mask) { return 63 - std::countl_zero(mask); }

}  // namespace

void recv_schedule(const Circulant& c, std::int64_t r, int k, const Transcriptions& t,
                   std::span<std::int8_t> out) {
  CV_ASSERT(k >= 0 && k < c.q && out.size() > static_cast<std::size_t>(k), "0 <= k < q");
  const int q = c.q;
  std::uint64_t received = 0;  // the set B of line 2
  if (t.alg4_line2 == Transcription::corrected && r != 0) received = std::uint64_t{1} << baseblock(c, r);
  std::int64_t prefix = 0;  // sum_{j <= i} skips[j]
  for (int i = 0; i <= k; ++i) {
    prefix += c.skip(i);
    if (c.skip(i) <= r && r < c.skip(i + 1)) {  // lines 4-5
      out[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(baseblock(c, r));
      continue;
    }
    int b = 0;
    if (i == 0) {  // line 8
      b = baseblock(c, mod_p(r - 1, c.p));
    } else if (i < q - 1) {  // lines 10-14
      std::uint64_t u = cyclic_range_blocks(c, r - c.skip(i + 1) + 1, r - c.skip(i), t.alg3_line20);
      if ((u & ~received) == 0) {
        u = cyclic_range_blocks(c, r - prefix, r - c.skip(i + 1), t.alg3_line20);
      }
      u &= ~received;
      if (u == 0) {  // line 14 takes the max of an empty set: no block exists
        out[static_cast<std::size_t>(i)] = kUndefinedEntry;
        continue;
      }
      b = highest(u);
    } else {  // line 16: the block still missing
      const std::uint64_t all = q >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << q) - 1;
      const std::uint64_t left = all & ~received;
      if (left == 0) {
        out[static_cast<std::size_t>(i)] = kUndefinedEntry;
        continue;
      }
      b = highest(left);
    }
    received |= std::uint64_t{1} << b;  // line 18
    out[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(b - q);  // line 19
  }
}

}  // namespace collverify::circulant
