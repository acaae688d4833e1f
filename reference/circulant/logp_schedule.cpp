#include "reference/circulant/logp_schedule.hpp"

#include <bit>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/recv_schedule.hpp"
#include "reference/circulant/send_schedule.hpp"

namespace collverify::circulant {
namespace {

std::uint64_t bit(int e) { return std::uint64_t{1} << e; }

// The largest block in `mask` below `limit` (exclusive), or -1.
int largest_below(std::uint64_t mask, int limit) {
  const std::uint64_t m = limit >= 64 ? mask : mask & (bit(limit) - 1);
  return m == 0 ? -1 : 63 - std::countl_zero(m);
}

// The receive search of one rank, filling rounds 0..last (blocks as skip indices, q = own).
class RecvSearch {
 public:
  RecvSearch(const Circulant& c, std::int64_t r, int own, int last, std::int8_t* out)
      : skip_(c.skips.data()), q_(c.q), last_(last), target_(r + c.p), out_(out) {
    unused_ = (bit(q_ + 1) - 1) & ~bit(own);
  }

  void run() { extend(0, 2 * target_, q_ + 1); }
  std::int64_t steps() const { return steps_; }

 private:
  // Partial sums x + skips[e] for the unused e below `top`; every taken sum must lie below
  // `bound` (the sum taken for the previous round).
  void extend(std::int64_t x, std::int64_t bound, int top) {
    for (int e = largest_below(unused_, top); e >= 0; e = largest_below(unused_, e)) {
      if (round_ > last_) return;
      ++steps_;
      const std::int64_t y = x + skip_[e];
      if (y > target_ - skip_[round_] || y >= bound) continue;
      if (y <= target_ - skip_[round_ + 1]) extend(y, bound, e);
      if (round_ > last_) return;
      if (x > target_ - skip_[round_ + 1]) return;
      bound = y;
      out_[round_++] = static_cast<std::int8_t>(e);
      unused_ &= ~bit(e);
    }
  }

  const std::int64_t* skip_;
  int q_;
  int last_;
  std::int64_t target_;
  std::int8_t* out_;
  std::uint64_t unused_ = 0;
  int round_ = 0;
  std::int64_t steps_ = 0;
};

int own_block(const Circulant& c, std::int64_t r) { return r == 0 ? c.q : baseblock(c, r); }

// Rounds 0..last of rank r's receive row, as skip indices (q = own baseblock). Rounds the search
// leaves open keep kUndefinedEntry.
void search_rounds(const Circulant& c, std::int64_t r, int last, std::int8_t* out,
                   LogpCost* cost) {
  for (int k = 0; k <= last; ++k) out[k] = kUndefinedEntry;
  RecvSearch s(c, r, own_block(c, r), last, out);
  s.run();
  if (cost != nullptr) cost->search_steps += s.steps();
}

// A skip index from the search as a table entry of rank r.
std::int8_t as_entry(const Circulant& c, std::int64_t r, std::int8_t e) {
  if (e == kUndefinedEntry) return e;
  if (e == c.q) return static_cast<std::int8_t>(own_block(c, r));
  return static_cast<std::int8_t>(e - c.q);
}

// Entry `round` of the receive schedule of rank t (the search stops after that round).
std::int8_t recv_entry(const Circulant& c, std::int64_t t, int round, LogpCost* cost) {
  std::int8_t rows[64];
  search_rounds(c, t, round, rows, cost);
  return as_entry(c, t, rows[round]);
}

}  // namespace

void logp_recv_schedule(const Circulant& c, std::int64_t r, std::span<std::int8_t> recv,
                        LogpCost* cost) {
  CV_ASSERT(r >= 0 && r < c.p && recv.size() >= static_cast<std::size_t>(c.q), "0 <= r < p");
  if (c.q == 0) return;
  search_rounds(c, r, c.q - 1, recv.data(), cost);
  for (int k = 0; k < c.q; ++k) recv[static_cast<std::size_t>(k)] = as_entry(c, r, recv[static_cast<std::size_t>(k)]);
}

void logp_send_schedule(const Circulant& c, std::int64_t r, std::span<std::int8_t> send,
                        LogpCost* cost) {
  CV_ASSERT(r >= 0 && r < c.p && send.size() >= static_cast<std::size_t>(c.q), "0 <= r < p");
  const int q = c.q;
  if (q == 0) return;
  if (r == 0) {
    for (int k = 0; k < q; ++k) send[static_cast<std::size_t>(k)] = static_cast<std::int8_t>(k);
    return;
  }
  const int own = baseblock(c, r);
  std::int64_t rest = r;       // r minus the skips of its decomposition taken so far
  std::int64_t reach = c.p;    // the end of the range the block held now came through
  int block = own;             // what r forwards while no decomposition skip intervenes
  for (int i = q - 1; i > 0; --i) {
    const std::int64_t s = c.skip(i);
    bool rule_holds = false;
    if (rest < s) {
      rule_holds = rest + s < reach || reach < c.skip(i - 1) || (i == 1 && own > 0);
      if (reach > s) reach = s;
    } else {
      block = i - q;
      reach -= s;
      rule_holds = rest > s || rest <= reach || i == 1 || reach < c.skip(i - 1);
      rest -= s;
    }
    if (rule_holds) {
      send[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(block);
    } else {
      send[static_cast<std::size_t>(i)] = recv_entry(c, mod_p(r + s, c.p), i, cost);
      if (cost != nullptr) ++cost->violations;
    }
  }
  send[0] = static_cast<std::int8_t>(own - q);
}

CirculantSchedule build_circulant_bcast_logp(std::int64_t p) {
  CirculantSchedule s = CirculantSchedule::allocate(p);
  const Circulant c(p);
  s.skips = c.skips;
  if (p == 1) return s;
  s.baseblock[0] = static_cast<std::int8_t>(root_baseblock(c.q));
  const auto q = static_cast<std::size_t>(c.q);
  for (std::int64_t r = 0; r < p; ++r) {
    if (r > 0) s.baseblock[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(baseblock(c, r));
    logp_recv_schedule(c, r, std::span<std::int8_t>(s.recv).subspan(static_cast<std::size_t>(r) * q, q));
  }
  send_table_from_recv(s);
  return s;
}

}  // namespace collverify::circulant
