#include "reference/circulant/bcast.hpp"

#include <span>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/recv_schedule.hpp"
#include "reference/circulant/recv_table.hpp"
#include "reference/circulant/send_schedule.hpp"

namespace collverify::circulant {

int root_baseblock(int q) { return q; }

CirculantSchedule build_circulant_bcast_per_rank(std::int64_t p, const BcastOptions& options) {
  CirculantSchedule s = CirculantSchedule::allocate(p);
  const Circulant c(p);
  s.skips = c.skips;
  if (p == 1) return s;
  s.baseblock[0] = static_cast<std::int8_t>(root_baseblock(c.q));
  for (std::int64_t r = 0; r < p; ++r) {
    if (r > 0) s.baseblock[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(baseblock(c, r));
    const auto row = std::span<std::int8_t>(s.recv).subspan(
        static_cast<std::size_t>(r) * static_cast<std::size_t>(c.q), static_cast<std::size_t>(c.q));
    recv_schedule(c, r, c.q - 1, options.transcription, row);
  }
  send_table_from_recv(s);
  return s;
}

CirculantSchedule build_circulant_bcast(std::int64_t p, const BcastOptions& options) {
  if (options.transcription.alg3_line20 == Transcription::literal || p == 1) {
    return build_circulant_bcast_per_rank(p, options);
  }
  CirculantSchedule s = CirculantSchedule::allocate(p);
  const Circulant c(p);
  s.skips = c.skips;
  fill_recv_table(c, options.transcription.alg4_line2, s);
  send_table_from_recv(s);
  return s;
}

RankSchedule rank_schedule(const Circulant& c, std::int64_t r, const BcastOptions& options) {
  RankSchedule out{std::vector<std::int8_t>(static_cast<std::size_t>(c.q)),
                   std::vector<std::int8_t>(static_cast<std::size_t>(c.q))};
  if (c.q == 0) return out;
  recv_schedule(c, r, c.q - 1, options.transcription, out.recv);
  send_schedule(c, r, options.transcription, out.send);
  return out;
}

int dummy_rounds(int q, std::int64_t n) {
  CV_ASSERT(q > 0 && n >= 1, "q > 0 and n >= 1");
  return static_cast<int>((q - (n - 1 + q) % q) % q);
}

namespace {

// Entry v of a table in round i (phase i / q) as an actual block of the n-block broadcast.
std::int64_t actual_block(int v, std::int64_t i, int q, int x, std::int64_t n) {
  if (v < -q || v >= q) return n;  // not a block: the checker reports block_range
  const std::int64_t a = v + (i / q) * q - x;
  if (a < 0) return kNothing;
  return a > n - 1 ? n - 1 : a;
}

}  // namespace

Schedule expand_bcast(const CirculantSchedule& s, std::int64_t n) {
  CV_ASSERT(n >= 1, "n >= 1");
  Schedule out;
  out.p = s.p;
  out.n = n;
  out.initial = root_holds_all(0, n);
  if (s.q == 0) return out;
  const int q = s.q;
  const int x = dummy_rounds(q, n);
  for (std::int64_t i = x; i < x + n - 1 + q; ++i) {
    const int k = static_cast<int>(i % q);
    const std::int64_t skip = s.skips[static_cast<std::size_t>(k)];
    std::vector<Transfer> round;
    for (std::int64_t from = 0; from < s.p; ++from) {
      const std::int64_t to = mod_p(from + skip, s.p);
      if (to == 0) continue;
      const std::int64_t sent = actual_block(s.send_at(from, k), i, q, x, n);
      const std::int64_t expected = actual_block(s.recv_at(to, k), i, q, x, n);
      if (sent == kNothing && expected == kNothing) continue;
      round.push_back({from, to, sent, expected});
    }
    out.rounds.push_back(std::move(round));
  }
  return out;
}

}  // namespace collverify::circulant
