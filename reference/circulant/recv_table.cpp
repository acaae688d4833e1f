#include "reference/circulant/recv_table.hpp"

#include <array>
#include <bit>
#include <vector>

#include "model/int_math.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/recv_schedule.hpp"

namespace collverify::circulant {
namespace {

// The set of baseblocks in the cyclic window [r + lo, r + hi] as r runs over 0..p-1. The root
// (rank 0) has no baseblock and is not counted.
class SlidingWindow {
 public:
  SlidingWindow(const std::vector<std::int8_t>& bb, std::int64_t lo, std::int64_t hi)
      : bb_(bb), p_(static_cast<std::int64_t>(bb.size())), lo_(lo), hi_(hi) {
    if (hi_ < lo_) return;
    for (std::int64_t x = lo_; x <= hi_; ++x) add(mod_p(x, p_));
  }
  std::uint64_t mask() const { return mask_; }
  // From window(r) to window(r + 1).
  void advance(std::int64_t r) {
    if (hi_ < lo_) return;
    remove(mod_p(r + lo_, p_));
    add(mod_p(r + 1 + hi_, p_));
  }

 private:
  void add(std::int64_t rank) {
    if (rank == 0) return;
    const int b = bb_[static_cast<std::size_t>(rank)];
    if (count_[static_cast<std::size_t>(b)]++ == 0) mask_ |= std::uint64_t{1} << b;
  }
  void remove(std::int64_t rank) {
    if (rank == 0) return;
    const int b = bb_[static_cast<std::size_t>(rank)];
    if (--count_[static_cast<std::size_t>(b)] == 0) mask_ &= ~(std::uint64_t{1} << b);
  }

  const std::vector<std::int8_t>& bb_;
  std::int64_t p_;
  std::int64_t lo_, hi_;
  std::array<std::int64_t, 64> count_{};
  std::uint64_t mask_ = 0;
};

int highest_bit(std::uint64_t mask) { return 63 - std::countl_zero(mask); }

}  // namespace

void fill_recv_table(const Circulant& c, Transcription alg4_line2, CirculantSchedule& s) {
  const std::int64_t p = c.p;
  const int q = c.q;
  if (q == 0) return;
  std::vector<std::int8_t>& bb = s.baseblock;
  bb[0] = static_cast<std::int8_t>(root_baseblock(q));
  for (std::int64_t r = 1; r < p; ++r) bb[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(baseblock(c, r));
  std::vector<std::uint64_t> received(static_cast<std::size_t>(p), 0);  // B of line 2
  if (alg4_line2 == Transcription::corrected) {
    for (std::int64_t r = 1; r < p; ++r) received[static_cast<std::size_t>(r)] = std::uint64_t{1} << bb[static_cast<std::size_t>(r)];
  }
  const std::uint64_t all = q >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << q) - 1;
  std::int64_t prefix = 0;
  for (int i = 0; i < q; ++i) {
    prefix += c.skip(i);
    SlidingWindow near(bb, -c.skip(i + 1) + 1, -c.skip(i));  // line 10
    SlidingWindow far(bb, -prefix, -c.skip(i + 1));          // line 12
    for (std::int64_t r = 0; r < p; ++r, near.advance(r - 1), far.advance(r - 1)) {
      std::uint64_t& done = received[static_cast<std::size_t>(r)];
      int b = -1;
      if (c.skip(i) <= r && r < c.skip(i + 1)) {  // lines 4-5
        s.set_recv(r, i, bb[static_cast<std::size_t>(r)]);
        continue;
      }
      if (i == 0) {
        b = bb[static_cast<std::size_t>(mod_p(r - 1, p))];
      } else if (i < q - 1) {
        std::uint64_t u = near.mask() & ~done;
        if (u == 0) u = far.mask() & ~done;
        if (u != 0) b = highest_bit(u);
      } else if ((all & ~done) != 0) {
        b = highest_bit(all & ~done);
      }
      if (b < 0) {
        s.recv[static_cast<std::size_t>(r) * static_cast<std::size_t>(q) + static_cast<std::size_t>(i)] = kUndefinedEntry;
        continue;
      }
      done |= std::uint64_t{1} << b;
      s.set_recv(r, i, b - q);
    }
  }
}

}  // namespace collverify::circulant
