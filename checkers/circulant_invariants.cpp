#include "checkers/circulant_invariants.hpp"

#include <fmt/format.h>

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

std::uint64_t bit64(int i) { return std::uint64_t{1} << (i & 63); }

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

// Every property of check_receives and check_sends as one conjunction per rank. Blocks of the
// previous phase are bits v + q of a 64-bit word (q <= 62); the rank's one current-phase block c
// is tracked by value, so a held set needs no second word. The accumulation is branch-free inside
// a rank (a passing table, the common case, then runs without mispredictions); a failing rank
// ends the pass.
bool circulant_ranks_pass(const CirculantSchedule& s, std::int64_t begin, std::int64_t end,
                          const CirculantCheckOptions& options) {
  const int q = s.q;
  const auto uq = static_cast<std::size_t>(q);
  const std::int64_t p = s.p;
  const std::int8_t* recv = s.recv.data();
  const std::int8_t* send = s.send.data();
  const bool baseblocks = options.has_baseblocks && !s.baseblock.empty();
  if (begin == 0 && end > 0) {
    if (!root_sends_pass(s)) return false;
    begin = 1;
  }
  for (std::int64_t r = begin; r < end; ++r) {
    const std::int8_t* row = recv + static_cast<std::size_t>(r) * uq;
    const std::int8_t* out = send + static_cast<std::size_t>(r) * uq;
    bool ok = true;
    int current = 0;  // entries of the current phase
    int c = 0;        // the last of them
    std::uint64_t prev = 0;  // previous-phase blocks received (bits v + q)
    for (int k = 0; k < q; ++k) {
      const int v = row[k];
      ok &= v >= -q && v < q;
      const bool cur = v >= 0;
      current += cur;
      c = cur ? v : c;
      const std::uint64_t b = cur ? 0 : bit64(v + q);
      ok &= (prev & b) == 0;  // no block twice
      prev |= b;
    }
    ok &= current == 1;            // exactly one current-phase block
    ok &= ((prev >> (c & 63)) & 1) == 0;  // c - q (bit c) is held since the previous phase
    if (baseblocks) ok &= s.baseblock[static_cast<std::size_t>(r)] == c;
    // Held before round k: c - q, and recv[r][0..k-1] (bit v + q, or c itself).
    std::uint64_t held = bit64(c);
    bool have_c = false;
    for (int k = 0; k < q; ++k) {
      if (k > 0) {
        const int got = row[k - 1];
        have_c |= got >= 0;
        held |= got >= 0 ? 0 : bit64(got + q);
      }
      std::int64_t to = r + s.skips[static_cast<std::size_t>(k)];
      if (to >= p) to -= p;
      if (to == 0) continue;  // transfers to the root are not made
      const int v = out[k];
      const int want = recv[static_cast<std::size_t>(to) * uq + static_cast<std::size_t>(k)];
      ok &= v == want && v >= -q && v < q;
      ok &= v < 0 ? ((held >> ((v + q) & 63)) & 1) != 0 : (v == c && have_c);
    }
    if (!ok) return false;
  }
  return true;
}

Verdict check_circulant_schedule(const CirculantSchedule& s, const CirculantCheckOptions& options) {
  if (Verdict v = check_circulant_shape(s)) return v;
  if (circulant_ranks_pass(s, 0, s.p, options)) return std::nullopt;
  return check_circulant_ranks(s, 0, s.p, options);
}

}  // namespace collverify
