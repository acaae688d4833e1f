#include "reference/circulant/skips.hpp"

#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify::circulant {

std::vector<std::int64_t> compute_skips(std::int64_t p) {
  CV_ASSERT(p >= 1 && p < kMaxP, "p out of range");
  const int q = ceil_log2(p);
  std::vector<std::int64_t> skips(static_cast<std::size_t>(q) + 1, 0);
  int k = q;
  while (p > 1) {
    skips[static_cast<std::size_t>(k)] = p;
    p = p / 2 + p % 2;
    --k;
  }
  CV_ASSERT(k == 0, "Algorithm 1 must stop at k = 0");
  skips[0] = p;
  return skips;
}

Circulant::Circulant(std::int64_t p_) : p(p_), q(ceil_log2(p_)), skips(compute_skips(p_)) {}

int baseblock(const Circulant& c, std::int64_t r) {
  CV_ASSERT(r > 0 && r < c.p, "baseblock is defined for 0 < r < p");
  int k = c.q;
  while (r != c.skip(k)) {
    --k;
    if (c.skip(k) < r) r -= c.skip(k);
  }
  return k;
}

}  // namespace collverify::circulant
