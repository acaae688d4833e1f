#include "reference/trees/nonordered_bnb_chain.hpp"

#include <algorithm>
#include <array>
#include <functional>

namespace collverify::trees::bnb {

using Idx = std::size_t;

ChainBound::ChainBound(const Classes& c, std::int64_t t_max, std::int64_t inflate,
                       std::int64_t seed_inflate, bool seeds)
    : c_(c), t_max_(t_max), inflate_(inflate), seed_inflate_(seed_inflate),
      seeds_(seeds && c.gamma <= c.beta), enabled_(c.alpha > 0 && t_max >= 0 && t_max <= kChainMaxTime) {
  for (int k = 0; k < c.n(); ++k) {
    const std::int64_t w = c.size[static_cast<Idx>(k)];
    for (int i = 0; w > 0 && i < c.count[static_cast<Idx>(k)]; ++i) blocks_.push_back(w);
  }
}

ChainBound::Table& ChainBound::table(std::int64_t m_prime) {
  auto it = tables_.find(m_prime);
  if (it != tables_.end()) return it->second;
  Table t;
  t.m_prime = m_prime;
  t.top.push_back(0);
  for (const std::int64_t w : blocks_) {
    if (w > m_prime) continue;
    if (t.blocks >= 1 && t.blocks <= kTableSeeds) t.child_seeds.push_back(w);
    t.top.push_back(t.top.back() + w);
    ++t.blocks;
  }
  return tables_.emplace(m_prime, std::move(t)).first->second;
}

// The greedy chain: every message as large as C allows, all idle before the first, C read at
// min(tau, limit) (the real chain's messages start by `limit`). True when `need` is reached
// within `messages` messages. The table must be filled up to `limit`.
bool ChainBound::reaches(const Table& t, std::int64_t start, std::int64_t need, int messages,
                         std::int64_t limit) const {
  std::int64_t tau = start, got = 0;
  for (int j = 0; j < messages; ++j) {
    const std::int64_t s = t.cap[static_cast<Idx>(std::min(tau, limit))];
    got += s;
    if (got >= need) return true;
    tau += c_.alpha + c_.beta * s;
  }
  return false;
}

// Some d <= max_d messages with idle W = time - base - d alpha >= 0 reach `need`.
bool ChainBound::chain_fits(Table& t, std::int64_t base, std::int64_t start, std::int64_t need,
                            int max_d, std::int64_t time) {
  const std::int64_t limit = time - c_.alpha;
  if (limit < 0) return false;
  cap_at(t, limit);  // fills the table (a no-op while it is being filled: limit < its size)
  for (int d = 1; d <= max_d; ++d) {
    const std::int64_t idle = time - base - d * c_.alpha;
    if (idle < 0) return false;
    if (reaches(t, start + idle, need, d, limit)) return true;
  }
  return false;
}

// A non-leaf subtree of size s > M' (root block x <= M', blocks <= M') completes by tau.
// Relaxed root: the time is at least base(s) = gamma M' + beta (s - M') (gamma <= beta) or
// beta s (gamma > beta); the chain starts no later than gamma M' + idle and needs s - M'.
// With gamma <= beta (Lemma B5 inside the table): the subtree is heap-ordered, so its k-th
// largest child root is at most the (k + 1)-th largest block <= M' (its root is the largest
// of the k + 1), and that child's size is at most that block's C.
bool ChainBound::subtree_fits(Table& t, std::int64_t s, std::int64_t tau) {
  if (s <= t.m_prime) return true;
  const std::int64_t base = c_.gamma <= c_.beta
                                ? c_.gamma * t.m_prime + c_.beta * (s - t.m_prime)
                                : c_.beta * s;
  if (seeds_) {
    if (t.children.size() != t.child_seeds.size()) {  // once (map nodes never move)
      for (const std::int64_t w : t.child_seeds) t.children.push_back(&table(w));
    }
    if (t.children.empty()) return false;  // no other block <= M': no child
    return seeds_fit(t.children, base, c_.gamma * t.m_prime, s - t.m_prime, t.blocks, tau);
  }
  return chain_fits(t, base, c_.gamma * t.m_prime, s - t.m_prime, t.blocks, tau);
}

// C(0..tau), bottom-up: C(now) reads only C(< now) (every read is at most now - alpha).
std::int64_t ChainBound::cap_at(Table& t, std::int64_t tau) {
  while (static_cast<std::int64_t>(t.cap.size()) <= tau) {
    const std::int64_t now = static_cast<std::int64_t>(t.cap.size());
    const std::int64_t rounds = now / c_.alpha;  // B2: at most 2^rounds non-zero blocks
    const std::int64_t k = rounds >= 62 ? t.blocks
                                        : std::min<std::int64_t>(t.blocks, std::int64_t{1} << rounds);
    const std::int64_t hi = std::max(t.m_prime, t.top[static_cast<Idx>(k)]);
    std::int64_t s = std::max(t.m_prime, t.cap.empty() ? 0 : t.cap.back());
    while (s < hi && subtree_fits(t, s + 1, now)) ++s;
    t.cap.push_back(s);
  }
  return t.cap[static_cast<Idx>(tau)];
}

std::int64_t ChainBound::subtree_time(std::int64_t m_prime, std::int64_t size) {
  if (!enabled_ || size <= m_prime) return 0;
  Table& t = table(m_prime);
  cap_at(t, t_max_);
  const auto it = std::lower_bound(t.cap.begin(), t.cap.end(), size);
  return inflate_ + (it == t.cap.end() ? t_max_ : static_cast<std::int64_t>(it - t.cap.begin()));
}

std::int64_t ChainBound::capacity(std::int64_t m_prime, std::int64_t tau) {
  if (!enabled_ || tau > t_max_) return -1;
  return cap_at(table(m_prime), tau);
}

// The least time in [lo, t_max] at which chain_fits holds (t_max when none: the value is at
// least t_max). Monotone in the time: a later end leaves more idle and a later limit.
std::int64_t ChainBound::least_time(Table& t, std::int64_t base, std::int64_t start,
                                    std::int64_t need, int max_d, std::int64_t lo) {
  std::int64_t hi = t_max_;
  if (lo >= hi || !chain_fits(t, base, start, need, max_d, hi)) return std::max(lo, hi);
  while (lo < hi) {  // chain_fits(hi) holds
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (chain_fits(t, base, start, need, max_d, mid)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

std::int64_t ChainBound::fixed_root(std::int64_t m_r, std::int64_t rest_size, int rest_nonzero,
                                    std::int64_t rest_max) {
  if (!enabled_ || rest_size == 0 || rest_nonzero == 0) return 0;
  const std::int64_t base = c_.gamma * m_r + c_.beta * rest_size;
  return inflate_ + least_time(table(rest_max), base, c_.gamma * m_r, rest_size, rest_nonzero,
                              base + c_.alpha);
}

std::int64_t ChainBound::subtree(std::int64_t size, int nonzero, std::int64_t max_block) {
  if (!enabled_ || nonzero < 2 || size <= max_block) return 0;
  Table& t = table(max_block);
  const std::int64_t base = c_.gamma <= c_.beta
                                ? c_.gamma * max_block + c_.beta * (size - max_block)
                                : c_.beta * size;
  return inflate_ +
         least_time(t, base, c_.gamma * max_block, size - max_block, nonzero, base + c_.alpha);
}

// Lemma B5. The largest sum over assignments of the first xs.size() messages to distinct seed
// ranks: message l (start bound xs[l]) with rank k takes ts[k]'s C(xs[l]). Exact, by a DP over
// the subsets of ranks (message l gets a rank not yet used by messages 0..l-1).
std::int64_t ChainBound::best_assignment(const std::vector<Table*>& ts, const std::int64_t* xs,
                                         int n) const {
  std::array<std::int64_t, std::size_t{1} << kSeeds> best;
  best.fill(-1);
  best[0] = 0;
  for (std::uint32_t mask = 0; mask + 1 < (1u << n); ++mask) {
    if (best[mask] < 0) continue;
    const auto l = static_cast<Idx>(__builtin_popcount(mask));  // the next message
    for (int k = 0; k < n; ++k) {
      if ((mask >> k) & 1u) continue;
      const std::int64_t v = best[mask] + ts[static_cast<Idx>(k)]->cap[static_cast<Idx>(xs[l])];
      best[mask | (1u << k)] = std::max(best[mask | (1u << k)], v);
    }
  }
  return best[(std::size_t{1} << n) - 1];
}

// B4's greedy with distinct seeds for the first ts.size() messages: got_j = the best assignment
// of the first j messages to seed ranks (at least the real volume of the first j children, by
// induction); after them each message adds the largest seed's C, as in B4.
bool ChainBound::reaches_seeds(const std::vector<Table*>& ts, std::int64_t start,
                               std::int64_t need, int messages, std::int64_t limit) const {
  std::array<std::int64_t, kSeeds> xs{};
  std::int64_t got = 0;
  for (int j = 0; j < messages; ++j) {
    const std::int64_t x = std::min(start + j * c_.alpha + c_.beta * got, limit);
    if (j < static_cast<int>(ts.size())) {
      xs[static_cast<Idx>(j)] = x;
      got = best_assignment(ts, xs.data(), j + 1);
    } else {
      got += ts[0]->cap[static_cast<Idx>(x)];
    }
    if (got >= need) return true;
  }
  return false;
}

bool ChainBound::seeds_fit(const std::vector<Table*>& ts, std::int64_t base, std::int64_t start,
                           std::int64_t need, int max_d, std::int64_t time) {
  const std::int64_t limit = time - c_.alpha;
  if (limit < 0) return false;
  for (Table* t : ts) cap_at(*t, limit);
  for (int d = 1; d <= max_d; ++d) {
    const std::int64_t idle = time - base - d * c_.alpha;
    if (idle < 0) return false;
    if (reaches_seeds(ts, start + idle, need, d, limit)) return true;
  }
  return false;
}

std::int64_t ChainBound::fixed_root_seeds(std::int64_t m_r, std::int64_t rest_size,
                                          int rest_nonzero, const std::vector<std::int64_t>& seeds) {
  if (!enabled_ || rest_size == 0 || rest_nonzero == 0 || seeds.empty()) return 0;
  if (!seeds_) return fixed_root(m_r, rest_size, rest_nonzero, seeds[0]);
  std::vector<Table*> ts;
  for (std::size_t k = 0; k < seeds.size() && k < static_cast<std::size_t>(kSeeds); ++k)
    ts.push_back(&table(seeds[k]));
  const std::int64_t base = c_.gamma * m_r + c_.beta * rest_size;
  const std::int64_t start = c_.gamma * m_r;
  std::int64_t lo = base + c_.alpha, hi = t_max_;
  if (lo >= hi || !seeds_fit(ts, base, start, rest_size, rest_nonzero, hi))
    return inflate_ + seed_inflate_ + std::max(lo, hi);
  while (lo < hi) {  // seeds_fit(hi) holds; monotone in the time (every capacity is)
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (seeds_fit(ts, base, start, rest_size, rest_nonzero, mid)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return inflate_ + seed_inflate_ + lo;
}

}  // namespace collverify::trees::bnb
