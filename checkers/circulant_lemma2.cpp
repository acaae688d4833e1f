#include "checkers/circulant_lemma2.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstddef>

#include "model/error.hpp"

namespace collverify {
namespace {

using Idx = std::size_t;

// The fewest different baseblocks over every range of `size` (inside or cyclic), and the first
// start attaining it.
struct Fewest {
  std::int64_t blocks = 0;
  std::int64_t start = -1;
};

Fewest fewest_blocks(const std::vector<std::int64_t>& base, std::int64_t size, Lemma2Ranges kind,
                     std::int64_t& ranges) {
  const auto p = static_cast<std::int64_t>(base.size());
  const std::int64_t first = kind == Lemma2Ranges::inside ? 1 : 0;
  const std::int64_t last = kind == Lemma2Ranges::inside ? p - size : p - 1;  // last start
  std::vector<std::int64_t> count(64, 0);
  std::int64_t distinct = 0;
  auto add = [&](std::int64_t r, std::int64_t d) {
    const std::int64_t b = base[static_cast<Idx>(r % p)];
    if (b < 0) return;
    auto& c = count[static_cast<Idx>(b)];
    if (d > 0 && c++ == 0) ++distinct;
    if (d < 0 && --c == 0) --distinct;
  };
  Fewest out{INT64_MAX, -1};
  for (std::int64_t r = first; r < first + size; ++r) add(r, +1);
  for (std::int64_t a = first; a <= last; ++a) {
    if (a > first) {
      add(a - 1, -1);
      add(a + size - 1, +1);
    }
    ++ranges;
    if (distinct < out.blocks) out = {distinct, a};
  }
  return out;
}

std::optional<Lemma2Counterexample> check_p(std::int64_t p, const Lemma2Range& range,
                                            const Lemma2Statement& st, std::int64_t& ranges) {
  const auto skips = lemma2_skips(p);
  const auto base = lemma2_baseblocks(p);
  const auto q = static_cast<std::int64_t>(skips.size()) - 1;
  const std::int64_t top = range.ranges == Lemma2Ranges::inside ? p - 1 : p;
  for (const char* part : {"A", "B"}) {
    const bool is_a = part[0] == 'A';
    std::int64_t prefix = 0;  // sum_{i<k} skips[i]
    for (std::int64_t k = 0; k <= q; ++k) {
      const std::int64_t size =
          is_a ? skips[static_cast<Idx>(k)] + st.a_size_offset : prefix + st.b_size_offset;
      prefix += skips[static_cast<Idx>(k)];
      if (size < 1 || size > top) continue;
      const std::int64_t need = k + (is_a ? st.a_blocks : st.b_blocks);
      const Fewest f = fewest_blocks(base, size, range.ranges, ranges);
      if (f.start >= 0 && f.blocks < need) {
        return Lemma2Counterexample{
            part,
            p,
            k,
            f.start,
            size,
            f.blocks,
            need,
            fmt::format("p = {} (skips {}), part {}, k = {}: the range of {} ranks from {} holds "
                        "{} different baseblocks, fewer than {}",
                        p, fmt::join(skips, " "), part, k, size, f.start, f.blocks, need)};
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::int64_t> lemma2_skips(std::int64_t p) {
  std::int64_t q = 0;
  while ((std::int64_t{1} << q) < p) ++q;
  std::vector<std::int64_t> skips(static_cast<Idx>(q + 1), 1);
  for (std::int64_t k = q, x = p; x > 1; --k) {  // Algorithm 1
    skips[static_cast<Idx>(k)] = x;
    x = x / 2 + x % 2;
  }
  return skips;
}

std::vector<std::int64_t> lemma2_baseblocks(std::int64_t p) {
  const auto skips = lemma2_skips(p);
  const auto q = static_cast<std::int64_t>(skips.size()) - 1;
  std::vector<std::int64_t> base(static_cast<Idx>(p), -1);
  for (std::int64_t i = 0; i < q; ++i) {
    const std::int64_t s = skips[static_cast<Idx>(i)];
    const std::int64_t next = skips[static_cast<Idx>(i + 1)];
    // The senders 1..s-1 got their baseblocks in earlier rounds; the receivers are new.
    for (std::int64_t r = 1; r < s && r + s < next; ++r) {
      base[static_cast<Idx>(r + s)] = base[static_cast<Idx>(r)];
    }
    base[static_cast<Idx>(s)] = i;
  }
  return base;
}

Lemma2Result check_circulant_lemma2(const Lemma2Range& range, const Lemma2Statement& statement) {
  if (range.min_p < 2 || range.max_p > (std::int64_t{1} << 20)) {
    throw InputError(
        fmt::format("Lemma 2 range p = {}..{}: need 2 <= p <= 2^20", range.min_p, range.max_p));
  }
  Lemma2Result out;
  for (std::int64_t p = range.min_p; p <= range.max_p; ++p) {
    out.counterexample = check_p(p, range, statement, out.ranges);
    if (out.counterexample) return out;
  }
  return out;
}

}  // namespace collverify
