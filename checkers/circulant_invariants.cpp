#include "checkers/circulant_invariants.hpp"

#include <fmt/format.h>

#include <bit>
#include <tuple>

#include "model/int_math.hpp"

namespace collverify {
namespace {

// k < 0: the violation concerns no round (shape, skips).
Violation make(const CirculantSchedule& s, std::string property, std::int64_t rank, int k,
               std::int64_t block, std::string message) {
  return Violation{std::move(property), s.p, kNone, rank, k < 0 ? kNone : k, block,
                   std::move(message)};
}

void keep(Verdict& best, Violation v) {
  if (!best || circulant_witness_before(v, *best)) best = std::move(v);
}

bool in_range(int v, int q) { return v >= -q && v < q; }

// Receive side of rank r >= 1: returns c (its current-phase block) through `c`, or -1.
void check_receives(const CirculantSchedule& s, std::int64_t r, const CirculantCheckOptions& o,
                    int& c, Verdict& out) {
  const int q = s.q;
  c = -1;
  int kc = -1;
  for (int k = 0; k < q; ++k) {
    const int v = s.recv_at(r, k);
    if (!in_range(v, q)) {
      keep(out, make(s, "value_range", r, k, v,
                     fmt::format("recv[{}][{}] = {} is outside [-{}, {})", r, k, v, q, q)));
    } else if (v >= 0 && c < 0) {
      c = v;
      kc = k;
    }
  }
  std::uint64_t seen = 0;
  for (int k = 0; k < q; ++k) {
    const int v = s.recv_at(r, k);
    if (!in_range(v, q) || k == kc) continue;
    if (v >= 0) {
      keep(out, make(s, "receive_set", r, k, v,
                     fmt::format("rank {} receives a second block of the current phase ({} after "
                                 "{} in round {})", r, v, c, kc)));
    } else if (v == c - q) {
      keep(out, make(s, "no_redundant_receive", r, k, v,
                     fmt::format("rank {} receives block {} of the previous phase, which it "
                                 "received there as its baseblock", r, v)));
    } else if ((seen >> (v + q)) & 1U) {
      keep(out, make(s, "no_redundant_receive", r, k, v,
                     fmt::format("rank {} receives block {} twice in a phase", r, v)));
    }
    if (v < 0) seen |= std::uint64_t{1} << (v + q);
  }
  if (c < 0) {
    keep(out, make(s, "receive_set", r, q - 1, kNone,
                   fmt::format("rank {} receives no block of the current phase", r)));
  } else if (o.has_baseblocks && !s.baseblock.empty() &&
             s.baseblock[static_cast<std::size_t>(r)] != c) {
    keep(out, make(s, "baseblock", r, kc, c,
                   fmt::format("baseblock[{}] = {} but rank {} receives block {} of the current "
                               "phase", r, s.baseblock[static_cast<std::size_t>(r)], r, c)));
  }
}

// The blocks a rank holds at the start of a round, as a set over entries -q..q-1 (bit v + q;
// q <= 62, so two words). The root holds every block; root_block_order checks its timing.
struct HeldSet {
  std::uint64_t word[2] = {0, 0};
  void add(int v, int q) {
    const int i = v + q;
    word[i >> 6] |= std::uint64_t{1} << (i & 63);
  }
  bool has(int v, int q) const {
    const int i = v + q;
    return ((word[i >> 6] >> (i & 63)) & 1U) != 0;
  }
};

void check_sends(const CirculantSchedule& s, std::int64_t r, int c, Verdict& out) {
  const int q = s.q;
  // What r holds before round k: its baseblock of the previous phase (c - q) and recv[r][0..k-1].
  HeldSet held;
  if (c >= 0) held.add(c - q, q);
  for (int k = 0; k < q; ++k) {
    if (k > 0 && r > 0) {
      const int got = s.recv_at(r, k - 1);
      if (in_range(got, q)) held.add(got, q);
    }
    std::int64_t to = r + s.skips[static_cast<std::size_t>(k)];  // < 2p: skips[k] <= p
    if (to >= s.p) to -= s.p;
    if (to == 0) continue;  // transfers to the root are not made
    const int v = s.send_at(r, k);
    if (!in_range(v, q)) {
      keep(out, make(s, "value_range", r, k, v,
                     fmt::format("send[{}][{}] = {} is outside [-{}, {})", r, k, v, q, q)));
      continue;
    }
    const int want = s.recv_at(to, k);
    if (v != want) {
      keep(out, make(s, "agreement", to, k, want,
                     fmt::format("rank {} sends {} in round {} but rank {} expects {}", r, v, k,
                                 to, want)));
    }
    if (r == 0 && v > k) {
      keep(out, make(s, "root_block_order", r, k, v,
                     fmt::format("the root sends block {} of the current phase in round {}; for "
                                 "n with more than {} dummy rounds (Algorithm 6) round {} of the "
                                 "first phase does not take place while block {} exists, so it "
                                 "is never sent", v, k, k, k, v)));
    }
    if (r != 0 && !held.has(v, q)) {
      keep(out, make(s, "send_before_receive", r, k, v,
                     fmt::format("rank {} sends block {} in round {} before receiving it", r, v,
                                 k)));
    }
  }
}

}  // namespace

namespace {

// Ties at one (round, rank) go to the cause rather than its echo: a bad receive entry also
// breaks agreement with the sender.
int priority(const std::string& property) {
  static constexpr const char* kOrder[] = {"value_range", "receive_set", "no_redundant_receive",
                                           "baseblock", "agreement", "send_before_receive",
                                           "root_block_order"};
  for (int i = 0; i < 7; ++i) {
    if (property == kOrder[i]) return i;
  }
  return 7;
}

}  // namespace

bool circulant_witness_before(const Violation& a, const Violation& b) {
  return std::tuple(a.round, a.rank, priority(a.property)) <
         std::tuple(b.round, b.rank, priority(b.property));
}

Verdict check_circulant_shape(const CirculantSchedule& s) {
  const int q = ceil_log2(s.p);
  const auto sz = [](const auto& v) { return static_cast<std::int64_t>(v.size()); };
  std::int64_t cells = 0;
  if (s.q != q || sz(s.skips) != q + 1 || __builtin_mul_overflow(s.p, q, &cells) ||
      sz(s.recv) != cells || sz(s.send) != cells ||
      (sz(s.baseblock) != s.p && !s.baseblock.empty())) {
    return make(s, "shape", kNone, -1, kNone,
                fmt::format("p = {} needs q = {} rounds, {} skips and {} x {} tables", s.p, q,
                            q + 1, s.p, q));
  }
  for (int k = 0; k <= q; ++k) {
    // ceil(p / 2^(q-k)) without overflow: repeated halving gives the same value.
    const std::int64_t want = (s.p + (std::int64_t{1} << (q - k)) - 1) >> (q - k);
    const std::int64_t got = s.skips[static_cast<std::size_t>(k)];
    if (got != want) {
      return make(s, "skips", kNone, -1, kNone,
                  fmt::format("skips[{}] = {} but the circulant graph of p = {} has {}", k, got,
                              s.p, want));
    }
  }
  return std::nullopt;
}

Verdict check_circulant_ranks(const CirculantSchedule& s, std::int64_t begin, std::int64_t end,
                              const CirculantCheckOptions& options) {
  Verdict out;
  for (std::int64_t r = begin; r < end; ++r) {
    int c = -1;
    if (r > 0) check_receives(s, r, options, c, out);
    check_sends(s, r, c, out);
  }
  return out;
}

namespace {

// The root's sends: in range, agreeing with the receiver, no block before its round.
bool root_sends_pass(const CirculantSchedule& s) {
  const int q = s.q;
  const std::int8_t* send = s.send.data();
  bool ok = true;
  for (int k = 0; k < q; ++k) {
    const std::int64_t to = s.skips[static_cast<std::size_t>(k)];  // < p for k < q
    if (to == s.p) continue;
    const int v = send[k];
    ok &= v >= -q && v < q && v <= k &&
          v == s.recv[static_cast<std::size_t>(to) * static_cast<std::size_t>(q) +
                      static_cast<std::size_t>(k)];
  }
  return ok;
}

}  // namespace

namespace {

// Bit sets of block values v + q, 0 <= v + q < 2q: 64 bits while q <= 31 (every table that fits
// in memory), 128 bits beyond.
__extension__ typedef unsigned __int128 Wide;
inline int highest(std::uint64_t m) { return 63 - std::countl_zero(m); }
inline int highest(Wide m) {
  const auto hi = static_cast<std::uint64_t>(m >> 64);
  return hi != 0 ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(static_cast<std::uint64_t>(m));
}

// Every property of check_receives and check_sends as one conjunction per rank, on sets of block
// values. A rank's receive row is valid iff its q entries lie in [-q, q), all are distinct and
// exactly one is >= 0 (c): with R the set of the bits v + q, no bit added twice and exactly one
// bit at or above q (then c + q is the highest bit of R); "c - q is not received" is bit c not
// in R. The send of v in round k is covered iff bit v + q is in {c} + R_k, R_k the bits of
// recv[r][0..k-1]: for v < 0 that is "held since the previous phase or received before k"; for
// v >= 0 the only bit >= q in R_k is c + q, present iff c was received before k. Since c is
// known only at the end of the row, the bits a send needed and R_k lacked are collected and must
// be at most bit c. Values outside [-q, q) map to the top bit, which no valid value has, so
// they fail one of these tests. The accumulation is branch-free inside a rank (a passing table,
// the common case, runs without mispredictions); a failing rank ends the pass.
template <typename Mask>
class RankPass {
 public:
  explicit RankPass(const CirculantSchedule& s, const CirculantCheckOptions& options)
      : s_(s), q_(s.q), uq_(static_cast<std::size_t>(s.q)),
        baseblocks_(options.has_baseblocks && !s.baseblock.empty()) {
    for (int v = -128; v < 128; ++v) {
      const bool in = v >= -q_ && v < q_;
      bits_[static_cast<std::uint8_t>(v)] = Mask{1} << (in ? v + q_ : kTop);
    }
  }

  // Rank r >= 1 whose receiver in round k is row `to[k]` of the receive table, or -1 for the
  // root (no transfer is made to it).
  template <typename To>
  bool rank(std::int64_t r, To to) const {
    const std::int8_t* row = s_.recv.data() + static_cast<std::size_t>(r) * uq_;
    const std::int8_t* out = s_.send.data() + static_cast<std::size_t>(r) * uq_;
    Mask got = 0;    // R_k
    Mask twice = 0;  // bits added a second time
    Mask need = 0;   // bits a send needed that R_k lacked
    int diff = 0;    // nonzero iff a send disagrees with its receiver
    for (int k = 0; k < q_; ++k) {
      const Mask b = bits_[static_cast<std::uint8_t>(row[k])];
      const int v = out[k];
      const std::int64_t t = to(k);
      const int want = t < 0 ? v : s_.recv[static_cast<std::size_t>(t) * uq_ + static_cast<std::size_t>(k)];
      const Mask needed = t < 0 ? 0 : bits_[static_cast<std::uint8_t>(v)];
      diff |= v ^ want;
      need |= needed & ~got;
      twice |= got & b;
      got |= b;
    }
    return finish(r, got, twice, need, diff);
  }

  // Ranks [begin, end), all >= 1, none of them p - skips[k] for any k: the receiver of round k
  // is row r + offset[k] (offset[k] is skips[k] or skips[k] - p throughout).
  bool segment(std::int64_t begin, std::int64_t end, const std::ptrdiff_t* offset) const {
    const std::int8_t* recv = s_.recv.data();
    for (std::int64_t r = begin; r < end; ++r) {
      const auto rq = static_cast<std::ptrdiff_t>(r) * static_cast<std::ptrdiff_t>(uq_);
      const std::int8_t* row = recv + rq;
      const std::int8_t* out = s_.send.data() + rq;
      Mask got = 0, twice = 0, need = 0;
      int diff = 0;
      for (int k = 0; k < q_; ++k) {
        const Mask b = bits_[static_cast<std::uint8_t>(row[k])];
        const int v = out[k];
        diff |= v ^ recv[rq + offset[k]];
        need |= bits_[static_cast<std::uint8_t>(v)] & ~got;
        twice |= got & b;
        got |= b;
      }
      if (!finish(r, got, twice, need, diff)) return false;
    }
    return true;
  }

 private:
  static constexpr int kTop = static_cast<int>(sizeof(Mask)) * 8 - 1;

  bool finish(std::int64_t r, Mask got, Mask twice, Mask need, int diff) const {
    const Mask upper = got >> q_;  // the bits of entries >= 0 (and of values out of range)
    const int c = highest(got) - q_;
    const Mask own = Mask{1} << (static_cast<unsigned>(c) & static_cast<unsigned>(kTop));
    bool ok = (twice == 0) & (diff == 0) & ((upper & (upper - 1)) == 0) & ((got & own) == 0) &
              ((need & ~own) == 0) & (c >= 0) & (c < q_);
    if (baseblocks_) ok &= s_.baseblock[static_cast<std::size_t>(r)] == c;
    return ok;
  }

  const CirculantSchedule& s_;
  int q_;
  std::size_t uq_;
  bool baseblocks_;
  Mask bits_[256];
};

template <typename Mask>
bool ranks_pass(const CirculantSchedule& s, std::int64_t begin, std::int64_t end,
                const CirculantCheckOptions& options) {
  const int q = s.q;
  const std::int64_t p = s.p;
  const std::int64_t* skips = s.skips.data();
  if (begin == 0 && end > 0) {
    if (!root_sends_pass(s)) return false;
    begin = 1;
  }
  const RankPass<Mask> pass(s, options);
  // The receiver of rank r in round k is r + skips[k], less p from rank p - skips[k] on, which
  // sends to the root. Between two such ranks the offsets are fixed.
  std::ptrdiff_t offset[64];
  std::int64_t r = begin;
  while (r < end) {
    std::int64_t next = end;  // the first rank p - skips[k] at or after r
    for (int k = 0; k < q; ++k) {
      const std::int64_t cut = p - skips[k];
      if (cut >= r && cut < next) next = cut;
    }
    if (next == r) {
      const bool ok = pass.rank(r, [&](int k) -> std::int64_t {
        const std::int64_t to = r + skips[k];
        return to == p ? -1 : to >= p ? to - p : to;
      });
      if (!ok) return false;
      ++r;
      continue;
    }
    for (int k = 0; k < q; ++k) {
      const std::int64_t sk = skips[k];
      const std::int64_t to = r + sk >= p ? sk - p : sk;
      offset[k] = static_cast<std::ptrdiff_t>(to) * q + k;
    }
    if (!pass.segment(r, next, offset)) return false;
    r = next;
  }
  return true;
}

}  // namespace

bool circulant_ranks_pass(const CirculantSchedule& s, std::int64_t begin, std::int64_t end,
                          const CirculantCheckOptions& options) {
  return s.q <= 31 ? ranks_pass<std::uint64_t>(s, begin, end, options)
                   : ranks_pass<Wide>(s, begin, end, options);
}

bool circulant_ranks_pass_wide(const CirculantSchedule& s, std::int64_t begin, std::int64_t end,
                               const CirculantCheckOptions& options) {
  return ranks_pass<Wide>(s, begin, end, options);
}

Verdict check_circulant_schedule(const CirculantSchedule& s, const CirculantCheckOptions& options) {
  if (Verdict v = check_circulant_shape(s)) return v;
  if (circulant_ranks_pass(s, 0, s.p, options)) return std::nullopt;
  return check_circulant_ranks(s, 0, s.p, options);
}

}  // namespace collverify
