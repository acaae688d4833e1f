#include "checkers/circulant_streaming.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>
#include <random>
#include <utility>

#include "checkers/circulant_invariants.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"

namespace collverify {
namespace {

// The fingerprint is a random linear combination in Z / 2^64 (native wrap-around arithmetic,
// one multiplication per term): see the header for why a nonzero difference survives it.
// f(v): injective on int8 entries and never 0.
std::uint64_t coeff(int v) {
  return static_cast<std::uint64_t>(v + 129);
}

constexpr int kHashes = 2;
constexpr int kMaxLogBucket = 20;

bool value_in_range(int v, int q) {
  return v >= -q && v < q;
}

Violation make(std::int64_t p, std::string property, std::int64_t rank, int k, std::int64_t block,
               std::string message) {
  return Violation{std::move(property), p, kNone, rank, k < 0 ? kNone : k, block,
                   std::move(message)};
}

void keep_first(Verdict& best, Violation v) {
  if (!best || circulant_witness_before(v, *best)) best = std::move(v);
}

Violation agreement(std::int64_t p, std::int64_t from, std::int64_t to, int k, int v, int want) {
  return make(
      p, "agreement", to, k, want,
      fmt::format("rank {} sends {} in round {} but rank {} expects {}", from, v, k, to, want));
}

int default_log_bucket(std::int64_t p) {
  const std::int64_t per = (p + (std::int64_t{1} << 14) - 1) >> 14;
  return std::clamp(ceil_log2(std::max<std::int64_t>(per, 1)), 8, kMaxLogBucket);
}

int log_bucket(std::int64_t p, const StreamingOptions& o) {
  if (o.bucket_ranks == 0) return default_log_bucket(p);
  CV_ASSERT(o.bucket_ranks > 0 && (o.bucket_ranks & (o.bucket_ranks - 1)) == 0 &&
                o.bucket_ranks <= (std::int64_t{1} << kMaxLogBucket),
            "bucket_ranks is a power of two up to 2^20");
  return ceil_log2(o.bucket_ranks);
}

// The checks of one rank that need only its own rows, in the fast checker's order (receive
// side, then send side), so that ties at one (round, rank, property) resolve alike.
struct RankChecker {
  std::int64_t p;
  int q;
  const std::vector<std::int64_t>& skips;
  const BaseblockFn& baseblock;

  // Returns c, the block of the current phase rank r >= 1 receives (-1 if none).
  int receives(std::int64_t r, std::span<const std::int8_t> recv, Verdict& out) const {
    int c = -1, kc = -1;
    for (int k = 0; k < q; ++k) {
      const int v = recv[static_cast<std::size_t>(k)];
      if (!value_in_range(v, q)) {
        keep_first(out, make(p, "value_range", r, k, v,
                       fmt::format("recv[{}][{}] = {} is outside [-{}, {})", r, k, v, q, q)));
      } else if (v >= 0 && c < 0) {
        c = v;
        kc = k;
      }
    }
    std::uint64_t seen = 0;
    for (int k = 0; k < q; ++k) {
      const int v = recv[static_cast<std::size_t>(k)];
      if (!value_in_range(v, q) || k == kc) continue;
      if (v >= 0) {
        keep_first(out, make(p, "receive_set", r, k, v,
                       fmt::format("rank {} receives a second block of the current phase ({} "
                                   "after {} in round {})",
                                   r, v, c, kc)));
      } else if (v == c - q) {
        keep_first(out, make(p, "no_redundant_receive", r, k, v,
                       fmt::format("rank {} receives block {} of the previous phase, which it "
                                   "received there as its baseblock",
                                   r, v)));
      } else if ((seen >> (v + q)) & 1U) {
        keep_first(out, make(p, "no_redundant_receive", r, k, v,
                       fmt::format("rank {} receives block {} twice in a phase", r, v)));
      }
      if (v < 0) seen |= std::uint64_t{1} << (v + q);
    }
    if (c < 0) {
      keep_first(out, make(p, "receive_set", r, q - 1, kNone,
                     fmt::format("rank {} receives no block of the current phase", r)));
    } else if (baseblock && baseblock(r) != c) {
      keep_first(out, make(p, "baseblock", r, kc, c,
                     fmt::format("baseblock[{}] = {} but rank {} receives block {} of the "
                                 "current phase",
                                 r, baseblock(r), r, c)));
    }
    return c;
  }

  std::int64_t receiver(std::int64_t r, int k) const {
    const std::int64_t t = r + skips[static_cast<std::size_t>(k)];
    return t >= p ? t - p : t;
  }

  static bool holds(std::int64_t r, std::span<const std::int8_t> recv, int k, int c, int v, int q) {
    if (r == 0) return true;
    if (v < 0 && v == c - q) return true;
    for (int j = 0; j < k; ++j) {
      if (recv[static_cast<std::size_t>(j)] == v) return true;
    }
    return false;
  }

  void sends(std::int64_t r, std::span<const std::int8_t> recv, std::span<const std::int8_t> send,
             int c, Verdict& out) const {
    for (int k = 0; k < q; ++k) {
      if (receiver(r, k) == 0) continue;
      const int v = send[static_cast<std::size_t>(k)];
      if (!value_in_range(v, q)) {
        keep_first(out, make(p, "value_range", r, k, v,
                       fmt::format("send[{}][{}] = {} is outside [-{}, {})", r, k, v, q, q)));
        continue;
      }
      if (r == 0 && v > k) {
        keep_first(out, make(p, "root_block_order", r, k, v,
                       fmt::format("the root sends block {} of the current phase in round {}; "
                                   "for n with more than {} dummy rounds (Algorithm 6) round {} "
                                   "of the first phase does not take place while block {} "
                                   "exists, so it is never sent",
                                   v, k, k, k, v)));
      }
      if (!holds(r, recv, k, c, v, q)) {
        keep_first(out,
             make(p, "send_before_receive", r, k, v,
                  fmt::format("rank {} sends block {} in round {} before receiving it", r, v, k)));
      }
    }
  }

  void local(std::int64_t r, std::span<const std::int8_t> recv, std::span<const std::int8_t> send,
             Verdict& out) const {
    const int c = r > 0 ? receives(r, recv, out) : -1;
    sends(r, recv, send, c, out);
  }
};

}  // namespace

struct CirculantStreamingCheck::State {
  StreamingInput in;
  StreamingOptions options;
  int q = 0;
  int log_l = 0;
  std::int64_t l = 0;                                       // ranks per bucket (= per chunk)
  std::int64_t buckets = 0;                                 // ceil(p / l)
  std::array<std::vector<std::uint64_t>, kHashes> weights;  // w_j[i], i < l, uniform
  std::vector<std::uint64_t> d;                             // D[bucket][k][j] (fingerprint mode)
  std::mutex mutex;
  Verdict best;
  std::atomic<std::int64_t> done{0};

  RankChecker checker() const { return {in.p, q, in.skips, in.baseblock}; }
  std::size_t at(std::int64_t bucket, int k, int j) const {
    return (static_cast<std::size_t>(bucket) * static_cast<std::size_t>(q) +
            static_cast<std::size_t>(k)) *
               kHashes +
           static_cast<std::size_t>(j);
  }
};

std::int64_t CirculantStreamingCheck::shared_bytes(std::int64_t p, const StreamingOptions& o) {
  if (o.agreement == AgreementMode::exact) return 0;
  const int log_l = log_bucket(p, o);
  const std::int64_t buckets = ((p - 1) >> log_l) + 1;
  const std::string what = fmt::format("the fingerprint tables of p = {}", p);
  const std::int64_t d = checked_mul(checked_mul(buckets, ceil_log2(p), what), 8 * kHashes, what);
  return checked_add(d, (std::int64_t{8} * kHashes) << log_l, what);
}

CirculantStreamingCheck::CirculantStreamingCheck(StreamingInput input,
                                                 const StreamingOptions& options)
    : s_(std::make_unique<State>()) {
  CV_ASSERT(input.p >= 1 && input.p < kMaxP, "1 <= p < 2^62");
  CV_ASSERT(input.rows != nullptr, "a rows callback");
  State& s = *s_;
  s.in = std::move(input);
  s.options = options;
  s.q = ceil_log2(s.in.p);
  s.log_l = log_bucket(s.in.p, options);
  s.l = std::int64_t{1} << s.log_l;
  s.buckets = ((s.in.p - 1) >> s.log_l) + 1;
  if (options.agreement == AgreementMode::exact) return;
  require_memory(shared_bytes(s.in.p, options),
                 fmt::format("the streaming fingerprint tables of p = {}", s.in.p));
  std::mt19937_64 g(options.seed != 0
                        ? options.seed
                        : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}());
  for (auto& w : s.weights) {
    w.resize(static_cast<std::size_t>(s.l));
    for (auto& e : w) e = g();
  }
  s.d.assign(static_cast<std::size_t>(s.buckets) * static_cast<std::size_t>(s.q) * kHashes, 0);
}

CirculantStreamingCheck::~CirculantStreamingCheck() = default;

Verdict CirculantStreamingCheck::shape() const {
  const State& s = *s_;
  const std::int64_t p = s.in.p;
  const int q = s.q;
  if (static_cast<std::int64_t>(s.in.skips.size()) != q + 1) {
    return make(
        p, "shape", kNone, -1, kNone,
        fmt::format("p = {} needs q = {} rounds, {} skips and {} x {} tables", p, q, q + 1, p, q));
  }
  for (int k = 0; k <= q; ++k) {
    const std::int64_t want = (p + (std::int64_t{1} << (q - k)) - 1) >> (q - k);
    const std::int64_t got = s.in.skips[static_cast<std::size_t>(k)];
    if (got != want) {
      return make(
          p, "skips", kNone, -1, kNone,
          fmt::format("skips[{}] = {} but the circulant graph of p = {} has {}", k, got, p, want));
    }
  }
  return std::nullopt;
}

std::int64_t CirculantStreamingCheck::chunks() const {
  return s_->buckets;
}
std::int64_t CirculantStreamingCheck::chunk_begin(std::int64_t i) const {
  return i << s_->log_l;
}
std::int64_t CirculantStreamingCheck::chunk_end(std::int64_t i) const {
  return std::min(s_->in.p, (i + 1) << s_->log_l);
}

namespace {

// The fingerprint sums of one chunk before they go into the shared table: its own receive
// terms (bucket of the chunk), and its send terms, which for round k land in the (at most 3,
// cyclically consecutive) buckets from first[k] on.
struct ChunkSums {
  static constexpr int kSpan = 3;
  std::vector<std::uint64_t> recv;  // [k][j]
  std::vector<std::uint64_t> send;  // [k][span][j]
  std::vector<std::int64_t> first;  // [k]
  explicit ChunkSums(int q)
      : recv(static_cast<std::size_t>(q) * kHashes, 0),
        send(static_cast<std::size_t>(q) * kSpan * kHashes, 0),
        first(static_cast<std::size_t>(q), 0) {}
};

}  // namespace

void CirculantStreamingCheck::check_chunk(std::int64_t i) {
  State& s = *s_;
  CV_ASSERT(i >= 0 && i < s.buckets, "chunk index in range");
  const int q = s.q;
  const std::size_t uq = static_cast<std::size_t>(q);
  const std::int64_t a = chunk_begin(i), b = chunk_end(i);
  const RankChecker rc = s.checker();
  const bool fp = s.options.agreement == AgreementMode::fingerprint;
  std::vector<std::int8_t> recv(uq), send(uq), other_recv(uq), other_send(uq);
  ChunkSums sums(q);
  for (int k = 0; k < q; ++k)
    sums.first[static_cast<std::size_t>(k)] = rc.receiver(a, k) >> s.log_l;
  Verdict out;
  for (std::int64_t r = a; r < b; ++r) {
    s.in.rows(r, recv, send);
    rc.local(r, recv, send, out);
    if (fp && r != 0) {
      const auto off = static_cast<std::size_t>(r - a);
      for (std::size_t k = 0; k < uq; ++k) {
        for (int j = 0; j < kHashes; ++j) {
          auto& acc = sums.recv[k * kHashes + static_cast<std::size_t>(j)];
          acc += s.weights[static_cast<std::size_t>(j)][off] * coeff(recv[k]);
        }
      }
    }
    for (int k = 0; k < q; ++k) {
      const std::size_t uk = static_cast<std::size_t>(k);
      const std::int64_t t = rc.receiver(r, k);
      const int v = send[uk];
      if (t == 0 || !value_in_range(v, q)) continue;
      if (!fp) {
        s.in.rows(t, other_recv, other_send);
        if (other_recv[uk] != v) keep_first(out, agreement(s.in.p, r, t, k, v, other_recv[uk]));
        continue;
      }
      std::int64_t rel = (t >> s.log_l) - sums.first[uk];
      if (rel < 0) rel += s.buckets;
      CV_ASSERT(rel < ChunkSums::kSpan, "a chunk's receivers span at most 3 buckets");
      const auto off = static_cast<std::size_t>(t & (s.l - 1));
      for (int j = 0; j < kHashes; ++j) {
        auto& acc = sums.send[(uk * ChunkSums::kSpan + static_cast<std::size_t>(rel)) * kHashes +
                              static_cast<std::size_t>(j)];
        acc += s.weights[static_cast<std::size_t>(j)][off] * coeff(v);
      }
    }
  }
  std::lock_guard lock(s.mutex);
  if (out) keep_first(s.best, std::move(*out));
  if (fp) {
    for (int k = 0; k < q; ++k) {
      const std::size_t uk = static_cast<std::size_t>(k);
      for (int j = 0; j < kHashes; ++j) {
        const std::size_t uj = static_cast<std::size_t>(j);
        auto& own = s.d[s.at(i, k, j)];
        own += sums.recv[uk * kHashes + uj];
        for (std::int64_t rel = 0; rel < ChunkSums::kSpan; ++rel) {
          const std::int64_t bucket = (sums.first[uk] + rel) % s.buckets;
          auto& d = s.d[s.at(bucket, k, j)];
          d -= sums.send[(uk * ChunkSums::kSpan + static_cast<std::size_t>(rel)) * kHashes + uj];
        }
      }
    }
  }
  ++s.done;
}

Verdict CirculantStreamingCheck::partial() const {
  std::lock_guard lock(s_->mutex);
  return s_->best;
}

StreamingPart CirculantStreamingCheck::part() const {
  std::lock_guard lock(s_->mutex);
  return {s_->d, s_->done.load(), s_->best};
}

void CirculantStreamingCheck::absorb(const StreamingPart& other) {
  State& s = *s_;
  std::lock_guard lock(s.mutex);
  if (!other.sums.empty() || !s.d.empty()) {
    CV_ASSERT(other.sums.size() == s.d.size(), "parts of the same check (equal table sizes)");
  }
  for (std::size_t i = 0; i < s.d.size(); ++i) s.d[i] += other.sums[i];
  s.done += other.chunks_done;
  if (other.best) keep_first(s.best, *other.best);
}

std::int64_t CirculantStreamingCheck::differing_buckets() const {
  const State& s = *s_;
  std::lock_guard lock(s_->mutex);
  std::int64_t n = 0;
  if (s.d.empty()) return 0;  // exact mode: no sums
  for (int k = 0; k < s.q; ++k) {
    for (std::int64_t bucket = 0; bucket < s.buckets; ++bucket) {
      bool differs = false;
      for (int j = 0; j < kHashes; ++j) differs = differs || s.d[s.at(bucket, k, j)] != 0;
      n += differs ? 1 : 0;
    }
  }
  return n;
}

namespace {

// The smallest agreement violation of round k among the receivers of [t0, t1), entry by entry.
Verdict localise(const StreamingInput& in, const RankChecker& rc, int k, std::int64_t t0,
                 std::int64_t t1) {
  const std::size_t uq = static_cast<std::size_t>(rc.q), uk = static_cast<std::size_t>(k);
  std::vector<std::int8_t> recv(uq), send(uq);
  const std::int64_t skip = rc.skips[uk];
  for (std::int64_t t = std::max<std::int64_t>(t0, 1); t < t1; ++t) {
    const std::int64_t r = t - skip < 0 ? t - skip + in.p : t - skip;
    in.rows(t, recv, send);
    const int want = recv[uk];
    in.rows(r, recv, send);
    const int v = send[uk];
    if (value_in_range(v, rc.q) && v != want) return agreement(in.p, r, t, k, v, want);
  }
  return std::nullopt;
}

}  // namespace

Verdict CirculantStreamingCheck::finish() {
  State& s = *s_;
  CV_ASSERT(s.done.load() == s.buckets, "finish() after every chunk was checked");
  std::lock_guard lock(s.mutex);
  if (s.options.agreement == AgreementMode::exact) return s.best;
  // Buckets whose sums differ, in witness order: round, then first rank.
  std::vector<std::pair<int, std::int64_t>> flagged;
  for (int k = 0; k < s.q; ++k) {
    for (std::int64_t bucket = 0; bucket < s.buckets; ++bucket) {
      bool differs = false;
      for (int j = 0; j < kHashes; ++j) differs = differs || s.d[s.at(bucket, k, j)] != 0;
      if (differs) flagged.emplace_back(k, bucket);
    }
  }
  const RankChecker rc = s.checker();
  for (const auto& [k, bucket] : flagged) {
    const Violation earliest = make(s.in.p, "agreement", chunk_begin(bucket), k, kNone, "");
    if (s.best && !circulant_witness_before(earliest, *s.best)) break;
    if (Verdict v = localise(s.in, rc, k, chunk_begin(bucket), chunk_end(bucket))) {
      keep_first(s.best, std::move(*v));
      break;  // later buckets hold only later witnesses
    }
  }
  return s.best;
}

Verdict check_circulant_streaming(StreamingInput input, const StreamingOptions& options) {
  CirculantStreamingCheck check(std::move(input), options);
  if (Verdict v = check.shape()) return v;
  for (std::int64_t i = 0; i < check.chunks(); ++i) check.check_chunk(i);
  return check.finish();
}

}  // namespace collverify
