#include "reference/circulant/range_blocks.hpp"

#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify::circulant {
namespace {

std::uint64_t bit(int j) {
  CV_ASSERT(j >= 0 && j < 64, "a block index fits a 64-bit mask");
  return std::uint64_t{1} << j;
}
std::uint64_t below(int k) { return k <= 0 ? 0 : (k >= 64 ? ~std::uint64_t{0} : bit(k) - 1); }

// skips[-1] is read as 0: the recursion of lines 12 and 16 reaches it for ranges at the origin.
std::int64_t skip_or_zero(const Circulant& c, int k) { return k < 0 ? 0 : c.skip(k); }

std::uint64_t range_blocks_rec(const Circulant& c, std::int64_t a, std::int64_t b, int k,
                               Transcription t) {
  if (b < a || b <= 0) return 0;  // empty, or just the origin
  if (a <= 0) a = 1;              // the origin holds no baseblock of its own
  while (k >= 0 && b < c.skip(k)) --k;  // lines 2-4
  ++k;                                  // line 5
  int kp = k;                           // line 6
  while (kp >= 0 && a <= c.skip(kp)) --kp;  // lines 7-9
  ++kp;                                     // line 10
  if (kp == k) {  // lines 11-12: no skip inside [a, b]
    const std::int64_t s = skip_or_zero(c, k - 1);
    return range_blocks_rec(c, a - s, b - s, k, t);
  }
  if (kp + 1 == k) {  // lines 13-18: exactly skips[k'] inside [a, b]
    std::uint64_t out = bit(kp);
    const std::int64_t s = skip_or_zero(c, kp - 1);
    if (a < c.skip(kp)) out |= range_blocks_rec(c, a - s, c.skip(kp) - s - 1, k, t);
    out |= range_blocks_rec(c, 0, b - c.skip(kp), kp, t);
    return out;
  }
  // Lines 19-20: [a, b] holds skips[k-1] and the whole homerange below it. The claim that all
  // of 0..k-1 are then present fails when that homerange is one of the small ones.
  if (t == Transcription::corrected && k <= 4) {
    const std::int64_t s = c.skip(k - 1);
    return bit(k - 1) | range_blocks_rec(c, a, s - 1, k - 1, t) |
           range_blocks_rec(c, 0, b - s, k - 1, t);
  }
  return below(k);
}

}  // namespace

std::uint64_t range_blocks(const Circulant& c, std::int64_t a, std::int64_t b, Transcription t) {
  CV_ASSERT(a >= 0 && b < c.p, "RangeBlocks takes 0 <= a, b < p");
  return range_blocks_rec(c, a, b, c.q, t);
}

std::uint64_t cyclic_range_blocks(const Circulant& c, std::int64_t a, std::int64_t b,
                                  Transcription t) {
  if (b < a) return 0;
  CV_ASSERT(b - a < c.p, "a cyclic range covers fewer than p ranks");
  const std::int64_t lo = mod_p(a, c.p);
  const std::int64_t hi = mod_p(b, c.p);
  if (lo <= hi) return range_blocks(c, lo, hi, t);
  return range_blocks(c, lo, c.p - 1, t) | range_blocks(c, 0, hi, t);
}

std::uint64_t range_blocks_brute_force(const Circulant& c, std::int64_t a, std::int64_t b) {
  std::uint64_t out = 0;
  for (std::int64_t r = a; r <= b; ++r) {
    const std::int64_t rr = mod_p(r, c.p);
    if (rr != 0) out |= bit(baseblock(c, rr));
  }
  return out;
}

}  // namespace collverify::circulant
