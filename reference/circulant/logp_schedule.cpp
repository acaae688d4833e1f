#include "reference/circulant/logp_schedule.hpp"

#include <cstdint>

#include <bit>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "model/error.hpp"
#include "model/memory.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/recv_schedule.hpp"

namespace collverify::circulant {
namespace {

std::uint64_t one_bit(int e) {
  return std::uint64_t{1} << e;
}

// The largest block in `mask` below `limit` (exclusive), or -1.
int largest_below(std::uint64_t mask, int limit) {
  const std::uint64_t m = limit >= 64 ? mask : mask & (one_bit(limit) - 1);
  return m == 0 ? -1 : 63 - std::countl_zero(m);
}

// The receive search of one rank, filling rounds 0..last (blocks as skip indices, q = own).
class RecvSearch {
 public:
  RecvSearch(const Circulant& c, std::int64_t r, int own, int last, std::int8_t* out)
      : skip_(c.skips.data()), q_(c.q), last_(last), target_(r + c.p), out_(out) {
    unused_ = (one_bit(q_ + 1) - 1) & ~one_bit(own);
  }

  // The first round's bound is 2 (r + p); for r + p >= 2^62 (p near kMaxP) that would overflow,
  // and INT64_MAX bounds every partial sum there just the same (they stay below 2^63 - 1).
  void run() {
    extend(0, target_ > INT64_MAX / 2 ? INT64_MAX : 2 * target_, q_ + 1);
  }
  std::int64_t steps() const { return steps_; }

  // The whole-p builder's pieces (see fill_recv_table): the search of a rank
  // r >= 2 is extend(p, 2T, q) followed by after_descent(0, 2T, q); the state between the two is
  // what a rank skips[K] + r reuses.
  std::int64_t top_bound() const { return target_ > INT64_MAX / 2 ? INT64_MAX : 2 * target_; }
  int round() const { return round_; }
  std::uint64_t unused() const { return unused_; }
  void restore(int round, std::uint64_t unused) {
    round_ = round;
    unused_ = unused;
  }

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
      unused_ &= ~one_bit(e);
    }
  }

  // The rest of extend(x, bound, ...) once its recursive call for block e (the sum x + skips[e])
  // has returned: the same three statements as in the loop above, then the loop over the unused
  // blocks below e.
  void after_descent(std::int64_t x, std::int64_t bound, int e) {
    if (round_ > last_) return;
    if (x > target_ - skip_[round_ + 1]) return;
    bound = x + skip_[e];
    out_[round_++] = static_cast<std::int8_t>(e);
    unused_ &= ~one_bit(e);
    extend(x, bound, e);
  }

 private:

  const std::int64_t* skip_;
  int q_;
  int last_;
  std::int64_t target_;
  std::int8_t* out_;
  std::uint64_t unused_ = 0;
  int round_ = 0;
  std::int64_t steps_ = 0;
};

// Pass 1's per-thread scratch of the whole-p builder, grown to the largest p seen (9 bytes per
// rank, counted in the engine's memory estimate): the search state of rank j >= 2 when its
// extend(p, 2T, q) returned.
std::vector<std::int8_t>& scratch_rounds(std::size_t p) {
  thread_local std::vector<std::int8_t> v;
  if (v.size() < p) v.resize(p + p / 8);
  return v;
}
std::vector<std::uint64_t>& scratch_unused(std::size_t p) {
  thread_local std::vector<std::uint64_t> v;
  if (v.size() < p) v.resize(p + p / 8);
  return v;
}

int own_block(const Circulant& c, std::int64_t r) {
  return r == 0 ? c.q : baseblock(c, r);
}

// Rounds 0..last of rank r's receive row, as skip indices (q = own baseblock `own`, which is q
// for the root). Rounds the search leaves open keep kUndefinedEntry.
void search_rounds(const Circulant& c, std::int64_t r, int own, int last, std::int8_t* out,
                   LogpCost* cost) {
  for (int k = 0; k <= last; ++k) out[k] = kUndefinedEntry;
  RecvSearch s(c, r, own, last, out);
  s.run();
  if (cost != nullptr) cost->search_steps += s.steps();
}

// The whole receive row of rank r in the table convention (blocks of the previous phase b - q).
void recv_row(const Circulant& c, std::int64_t r, int own, std::int8_t* out, LogpCost* cost) {
  search_rounds(c, r, own, c.q - 1, out, cost);
  for (int k = 0; k < c.q; ++k) {
    if (out[k] == kUndefinedEntry) continue;
    out[k] = static_cast<std::int8_t>(out[k] == c.q ? own : out[k] - c.q);
  }
}

// Entry `round` of the receive schedule of rank t (the search stops after that round).
std::int8_t recv_entry(const Circulant& c, std::int64_t t, int round, LogpCost* cost) {
  std::int8_t rows[64];
  const int own = own_block(c, t);
  search_rounds(c, t, own, round, rows, cost);
  const std::int8_t e = rows[round];
  if (e == kUndefinedEntry) return e;
  return static_cast<std::int8_t>(e == c.q ? own : e - c.q);
}

// Baseblocks of all ranks in O(p): rank skips[k] + j (0 <= j < skips[k+1] - skips[k]) has the
// baseblock of rank j, and rank skips[k] itself block k (the recipe of seed 000, Section 2).
void fill_baseblocks(const Circulant& c, std::vector<std::int8_t>& bb) {
  bb[0] = static_cast<std::int8_t>(root_baseblock(c.q));
  for (int k = 0; k < c.q; ++k) {
    const auto first = static_cast<std::size_t>(c.skip(k));
    bb[first] = static_cast<std::int8_t>(k);
    for (std::size_t j = 1; first + j < static_cast<std::size_t>(c.skip(k + 1)); ++j)
      bb[first + j] = bb[j];
  }
}

// logp_send_schedule's rule for rank r > 0 with its baseblock `own` given, a violation round
// answered from the finished receive table (table convention) instead of a new search.
void send_row_from_table(const std::int64_t* skip, int q, std::int64_t p, std::int64_t r,
                         int own, const std::int8_t* recv, std::int8_t* send) {
  const auto uq = static_cast<std::size_t>(q);
  std::int64_t rest = r;
  std::int64_t reach = p;
  int block = own;
  // Both cases of logp_send_schedule's loop are computed and one is selected: whether skips[i]
  // is in r's decomposition follows the bits of r and would be mispredicted about every other
  // round; only the rare violation round branches.
  for (int i = q - 1; i > 0; --i) {
    const std::int64_t sk = skip[i];
    const std::int64_t before = skip[i - 1];
    const bool taken = rest >= sk;  // skips[i] is in the decomposition
    const std::int64_t reach_taken = reach - sk;
    const bool holds_taken =
        (rest > sk) | (rest <= reach_taken) | (i == 1) | (reach_taken < before);
    const bool holds_not =
        (rest + sk < reach) | (reach < before) | ((i == 1) & (own > 0));
    block = taken ? i - q : block;
    reach = taken ? reach_taken : (reach > sk ? sk : reach);
    rest = taken ? rest - sk : rest;
    if (taken ? holds_taken : holds_not) {
      send[i] = static_cast<std::int8_t>(block);
    } else {
      std::int64_t to = r + sk;
      if (to >= p) to -= p;
      send[i] = recv[static_cast<std::size_t>(to) * uq + static_cast<std::size_t>(i)];
    }
  }
  send[0] = static_cast<std::int8_t>(own - q);
}

// Four consecutive ranks r .. r + 3 of send_row_from_table at once, one rank per 32-bit lane
// (p < 2^30, so every sum below stays in range): the same statements on vectors, the selects as
// masks. A lane whose rule fails in a round takes the entry from the receive table, as there.
using Lanes = std::int32_t __attribute__((vector_size(16)));

Lanes select(Lanes mask, Lanes a, Lanes b) {
  return (mask & a) | (~mask & b);
}

void send_rows_4(const std::int64_t* skip, int q, std::int64_t p, std::int64_t r,
                 const std::int8_t* own_of, const std::int8_t* recv, std::int8_t* send) {
  const auto uq = static_cast<std::size_t>(q);
  const auto r32 = static_cast<std::int32_t>(r);
  const Lanes own = {own_of[0], own_of[1], own_of[2], own_of[3]};
  Lanes rest = {r32, r32 + 1, r32 + 2, r32 + 3};
  Lanes reach = Lanes{} + static_cast<std::int32_t>(p);
  Lanes block = own;
  for (int i = q - 1; i > 0; --i) {
    const auto sk = static_cast<std::int32_t>(skip[i]);
    const auto before = static_cast<std::int32_t>(skip[i - 1]);
    const Lanes taken = rest >= sk;
    const Lanes reach_taken = reach - sk;
    const Lanes last = Lanes{} - (i == 1 ? 1 : 0);
    const Lanes holds_taken = (rest > sk) | (rest <= reach_taken) | last | (reach_taken < before);
    const Lanes holds_not = (rest + sk < reach) | (reach < before) | (last & (own > 0));
    block = select(taken, Lanes{} + (i - q), block);
    reach = select(taken, reach_taken, select(reach > sk, Lanes{} + sk, reach));
    rest = select(taken, rest - sk, rest);
    const Lanes holds = select(taken, holds_taken, holds_not);
    for (int l = 0; l < 4; ++l) {
      std::int8_t* out = send + static_cast<std::size_t>(l) * uq;
      if (holds[l] != 0) {
        out[i] = static_cast<std::int8_t>(block[l]);
      } else {
        std::int64_t to = r + l + sk;
        if (to >= p) to -= p;
        out[i] = recv[static_cast<std::size_t>(to) * uq + static_cast<std::size_t>(i)];
      }
    }
  }
  for (int l = 0; l < 4; ++l) send[static_cast<std::size_t>(l) * uq] = static_cast<std::int8_t>(own[l] - q);
}

// Sets s to p x q tables for c (contents left to the passes). Capacity is kept between calls:
// only a larger p than any before reallocates, with room for p up to 1/8 larger.
void size_tables(const Circulant& c, CirculantSchedule& s) {
  const std::int64_t p = c.p;
  const auto uq = static_cast<std::size_t>(c.q);
  const auto up = static_cast<std::size_t>(p);
  const std::size_t cells = up * uq;
  if (s.recv.capacity() < cells || s.send.capacity() < cells || s.baseblock.capacity() < up) {
    // First use, or a larger p than before: allocate()'s memory check, then room for p up to
    // 1/8 larger, so that an ascending sweep over p reallocates O(log p) times, not every p.
    require_memory(checked_add(CirculantSchedule::table_bytes(p), checked_mul(p, 9, "p"), "p"),
                   fmt::format("the p x q schedule tables for p = {}", p));
    s.recv.reserve(cells + cells / 8);
    s.send.reserve(cells + cells / 8);
    s.baseblock.reserve(up + up / 8);
  }
  s.p = p;
  s.q = c.q;
  s.skips = c.skips;
  s.baseblock.resize(up);
  s.recv.resize(cells);
  s.send.resize(cells);
}

// Pass 1 of the whole-p builder: every receive row (the send rule's violation rounds read them
// in pass 2), ranks in ascending order so that rank j's row and exit state are ready when rank
// skips[K] + j needs them (the recursion in the comment of this function in the header).
void fill_recv_table(const Circulant& c, CirculantSchedule& s) {
  const std::int64_t p = c.p;
  const int q = c.q;
  const auto uq = static_cast<std::size_t>(q);
  const auto up = static_cast<std::size_t>(p);
  const std::int64_t* skip = c.skips.data();
  std::int8_t* recv = s.recv.data();
  std::vector<std::int8_t>& exit_round = scratch_rounds(up);
  std::vector<std::uint64_t>& exit_unused = scratch_unused(up);
  std::int8_t found[64];
  int big = 0;  // K: the largest index with skips[K] <= r
  for (std::int64_t r = 0; r < p; ++r) {
    while (skip[big + 1] <= r) ++big;
    const auto row = static_cast<std::size_t>(r) * uq;
    const int own = r == 0 ? q : s.baseblock[static_cast<std::size_t>(r)];
    for (int k = 0; k < q; ++k) found[k] = kUndefinedEntry;
    RecvSearch search(c, r, own, q - 1, found);
    int from = 0;  // rounds before `from` are copied from rank j's row
    if (r < 2) {
      search.run();
    } else {
      const std::int64_t bound = search.top_bound();
      const std::int64_t j = r - skip[big];
      if (j >= 2) {
        const auto uj = static_cast<std::size_t>(j);
        from = exit_round[uj];
        std::memcpy(recv + row, recv + uj * uq, static_cast<std::size_t>(from));
        search.restore(from, exit_unused[uj]);
        search.after_descent(p, bound, big);
      } else {
        search.extend(p, bound, q);
      }
      exit_round[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(search.round());
      exit_unused[static_cast<std::size_t>(r)] = search.unused();
      search.after_descent(0, bound, q);
    }
    for (int k = from; k < q; ++k) {
      const int e = found[k];
      recv[row + static_cast<std::size_t>(k)] =
          static_cast<std::int8_t>(e == kUndefinedEntry ? e : e == q ? own : e - q);
    }
  }
}

// Pass 2 of the whole-p builder: every send row by the rule of logp_send_schedule, four ranks
// at a time while p < 2^30 (the lanes are 32 bits).
void fill_send_table(const Circulant& c, CirculantSchedule& s) {
  const std::int64_t p = c.p;
  const int q = c.q;
  const auto uq = static_cast<std::size_t>(q);
  const std::int64_t* skip = c.skips.data();
  const std::int8_t* recv = s.recv.data();
  std::int8_t* send = s.send.data();
  for (int k = 0; k < q; ++k) send[k] = static_cast<std::int8_t>(k);
  std::int64_t r = 1;
  if (p < (std::int64_t{1} << 30)) {
    for (; r + 4 <= p; r += 4) {
      send_rows_4(skip, q, p, r, s.baseblock.data() + r, recv,
                  send + static_cast<std::size_t>(r) * uq);
    }
  }
  for (; r < p; ++r) {
    send_row_from_table(skip, q, p, r, s.baseblock[static_cast<std::size_t>(r)], recv,
                        send + static_cast<std::size_t>(r) * uq);
  }
}

}  // namespace

// send[r][k] = recv[(r + skips[k]) mod p][k], without a division per entry.
void logp_send_table_by_lookup(CirculantSchedule& s) {
  const auto q = static_cast<std::size_t>(s.q);
  for (std::size_t k = 0; k < q; ++k) {
    std::int64_t to = s.skips[k];
    for (std::int64_t r = 0; r < s.p; ++r, to = to + 1 == s.p ? 0 : to + 1) {
      s.send[static_cast<std::size_t>(r) * q + k] = s.recv[static_cast<std::size_t>(to) * q + k];
    }
  }
}

void logp_recv_schedule(const Circulant& c, std::int64_t r, std::span<std::int8_t> recv,
                        LogpCost* cost) {
  CV_ASSERT(r >= 0 && r < c.p && recv.size() >= static_cast<std::size_t>(c.q), "0 <= r < p");
  if (c.q == 0) return;
  recv_row(c, r, own_block(c, r), recv.data(), cost);
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
  // The conditions under which the decomposition rule holds are those of the published
  // construction as we read it (and as a public MPI implementation of it applies them); we do
  // not derive them here. What makes them trustworthy: a round where they fail falls back to the
  // to-processor's own receive search, and the tests
  // compare every row with the lookup twin send[r][k] = recv[(r + skips[k]) mod p][k] (all
  // ranks of every p <= 700, random ranks up to p = 2^40) and run the checkers on the tables.
  const int own = baseblock(c, r);
  std::int64_t rest = r;     // r minus the skips of its decomposition taken so far
  std::int64_t reach = c.p;  // the end of the range the block held now came through
  int block = own;           // what r forwards while no decomposition skip intervenes
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

CirculantSchedule build_circulant_bcast_logp_per_rank(std::int64_t p) {
  CirculantSchedule s = CirculantSchedule::allocate(p);
  const Circulant c(p);
  s.skips = c.skips;
  if (p == 1) return s;
  fill_baseblocks(c, s.baseblock);
  const auto q = static_cast<std::size_t>(c.q);
  for (std::int64_t r = 0; r < p; ++r) {
    const auto row = static_cast<std::size_t>(r);
    recv_row(c, r, r == 0 ? c.q : s.baseblock[row], s.recv.data() + row * q, nullptr);
    // Each rank's own send rule, as a processor computes it: what the checkers must judge (a
    // lookup from the receive table would make agreement hold by construction).
    logp_send_schedule(c, r, std::span<std::int8_t>(s.send.data() + row * q, q));
  }
  return s;
}

CirculantSchedule build_circulant_bcast_logp(std::int64_t p) {
  CirculantSchedule s;
  build_circulant_bcast_logp_into(p, s);
  return s;
}

void build_circulant_bcast_logp_into(std::int64_t p, CirculantSchedule& s) {
  if (p < 1 || p >= kMaxP) {
    throw InputError(fmt::format("p = {} is outside the supported range 1..2^62-1", p));
  }
  const Circulant c(p);
  size_tables(c, s);
  if (p == 1) {
    s.baseblock[0] = 0;  // as allocate() leaves it: the root alone has no schedule
    return;
  }
  fill_baseblocks(c, s.baseblock);
  fill_recv_table(c, s);
  fill_send_table(c, s);
}

}  // namespace collverify::circulant
