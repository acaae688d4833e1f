#include "proofs/circulant/count_structured.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <numeric>
#include <string>
#include <unordered_map>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "proofs/circulant/count_schedules.hpp"

namespace collverify::proofs {
namespace {

std::size_t u(std::int64_t v) {
  return static_cast<std::size_t>(v);
}

std::uint64_t add_count(std::uint64_t a, std::uint64_t b, std::int64_t p) {
  std::uint64_t s = 0;
  if (__builtin_add_overflow(a, b, &s)) {
    throw InputError(fmt::format("count-schedules: the count for p = {} exceeds 2^64 - 1", p));
  }
  return s;
}

std::uint64_t mul_count(std::uint64_t a, std::uint64_t b, std::int64_t p) {
  std::uint64_t m = 0;
  if (__builtin_mul_overflow(a, b, &m)) {
    throw InputError(fmt::format("count-schedules: the count for p = {} exceeds 2^64 - 1", p));
  }
  return m;
}

struct Circulant {
  std::int64_t p;
  int q;
  std::vector<std::int64_t> skips;
  std::int64_t sender(std::int64_t t, int k) const { return mod_p(t - skips[u(k)], p); }
};

// One current-phase structure: c[t] (block) and kc[t] (round) for t = 1..p-1; index 0 unused.
struct Current {
  std::vector<int> c, kc;
};

// Stage 1, round by round and rank by rank, as the backtracking twin does it (but written for
// this counter): all solutions.
class Stage1 {
 public:
  Stage1(const Circulant& g, DroppedConstraint drop)
      : g_(g), drop_(drop), cur_{std::vector<int>(u(g.p), -1), std::vector<int>(u(g.p), -1)} {}

  std::vector<Current> run() {
    visit(0, 1);
    return std::move(out_);
  }

 private:
  void visit(int k, std::int64_t t) {
    if (t == g_.p) {
      if (k + 1 < g_.q) return visit(k + 1, 1);
      for (std::int64_t r = 1; r < g_.p; ++r) {
        if (cur_.c[u(r)] < 0) return;
      }
      out_.push_back(cur_);
      return;
    }
    const std::int64_t r = g_.sender(t, k);
    const bool free = cur_.c[u(t)] < 0;
    if (r == 0) {  // the root sends block k in round k: t must take it as its current block
      if (free) take(t, k, k);
      return;
    }
    const int kr = cur_.kc[u(r)];
    const bool earlier = drop_ == DroppedConstraint::current_from_earlier ? kr <= k : kr < k;
    if (free && kr >= 0 && earlier) take(t, k, cur_.c[u(r)]);
    if (free && k + 1 == g_.q) return;  // the row would end without a current block
    visit(k, t + 1);
  }

  void take(std::int64_t t, int k, int c) {
    cur_.c[u(t)] = c;
    cur_.kc[u(t)] = k;
    visit(k, t + 1);
    cur_.c[u(t)] = -1;
    cur_.kc[u(t)] = -1;
  }

  const Circulant& g_;
  DroppedConstraint drop_;
  Current cur_;
  std::vector<Current> out_;
};

// Stage 2 for one current-phase structure. Variable v = t q + b (t >= 1, b != c_t) is the round
// k_t(b); its domain is a bit set of rounds (bit k: round k still possible).
using Domains = std::vector<std::uint16_t>;

std::uint16_t below(int k) {
  return static_cast<std::uint16_t>((1U << k) - 1U);
}

class Stage2 {
 public:
  Stage2(const Circulant& g, const Current& cur, DroppedConstraint drop, StructuredCount& stats)
      : g_(g),
        cur_(cur),
        stats_(stats),
        distinct_(drop != DroppedConstraint::distinct_rounds),
        holds_(drop != DroppedConstraint::sender_holds),
        holds_links_(holds_ && drop != DroppedConstraint::holds_links) {}

  std::uint64_t count();

 private:
  int var(std::int64_t t, int b) const { return static_cast<int>(t * g_.q + b); }
  std::int64_t rank(int v) const { return v / g_.q; }
  int block(int v) const { return v % g_.q; }
  // The variable (t, b) exists: a non-root t that receives b - q (b is not its current block).
  bool exists(std::int64_t t, int b) const { return t != 0 && cur_.c[u(t)] != b; }

  Domains initial(std::vector<int>& vars) const;
  std::uint16_t holds_filter(const Domains& d, int v) const;
  std::uint16_t revised(const Domains& d, int v) const;
  bool propagate(Domains& d, const std::vector<int>& vars) const;
  bool linked(const Domains& d, int a, int b) const;
  std::vector<std::vector<int>> components(const Domains& d, const std::vector<int>& vars) const;
  std::uint64_t count_set(Domains d, const std::vector<int>& vars);
  std::uint64_t count_component(const Domains& d, const std::vector<int>& comp);

  const Circulant& g_;
  const Current& cur_;
  StructuredCount& stats_;
  bool distinct_, holds_, holds_links_;
  std::unordered_map<std::string, std::uint64_t> cache_;
};

Domains Stage2::initial(std::vector<int>& vars) const {
  Domains d(u(g_.p * g_.q), 0);
  for (std::int64_t t = 1; t < g_.p; ++t) {
    for (int b = 0; b < g_.q; ++b) {
      if (!exists(t, b)) continue;
      std::uint16_t dom = 0;
      for (int k = 0; k < g_.q; ++k) {
        // The root sends only current-phase blocks, and round kc_t carries t's current block.
        if (k != cur_.kc[u(t)] && g_.sender(t, k) != 0) dom |= static_cast<std::uint16_t>(1U << k);
      }
      d[u(var(t, b))] = dom;
      vars.push_back(var(t, b));
    }
  }
  return d;
}

// The rounds of v = (t, b) that the "sender holds b - q" constraint still allows, both ways:
// round k needs its sender r to hold b - q (c_r = b, or r may get it before round k), and if a
// receiver u = t + skips[k] is decided to take b - q from t in round k, t must get it before k.
std::uint16_t Stage2::holds_filter(const Domains& d, int v) const {
  const std::int64_t t = rank(v);
  const int b = block(v);
  std::uint16_t dom = d[u(v)];
  for (int k = 0; k < g_.q; ++k) {
    if ((dom >> k & 1U) != 0) {
      const std::int64_t r = g_.sender(t, k);
      if (exists(r, b) && (d[u(var(r, b))] & below(k)) == 0) {
        dom = static_cast<std::uint16_t>(dom & ~(1U << k));
      }
    }
    const std::int64_t to = mod_p(t + g_.skips[u(k)], g_.p);
    if (exists(to, b) && d[u(var(to, b))] == (1U << k)) dom &= below(k);
  }
  return dom;
}

std::uint16_t Stage2::revised(const Domains& d, int v) const {
  std::uint16_t dom = holds_ ? holds_filter(d, v) : d[u(v)];
  if (distinct_) {
    const std::int64_t t = rank(v);
    for (int b = 0; b < g_.q; ++b) {
      const int w = var(t, b);
      if (w != v && exists(t, b) && std::popcount(d[u(w)]) == 1) {
        dom = static_cast<std::uint16_t>(dom & ~d[u(w)]);
      }
    }
  }
  return dom;
}

// To a fixpoint; false when a domain runs empty (no solution).
bool Stage2::propagate(Domains& d, const std::vector<int>& vars) const {
  for (bool changed = true; changed;) {
    changed = false;
    for (int v : vars) {
      const std::uint16_t dom = revised(d, v);
      if (dom == d[u(v)]) continue;
      if (dom == 0) return false;
      d[u(v)] = dom;
      changed = true;
    }
  }
  return true;
}

// Two undecided variables of one block: a constraint between them still excludes a pair of
// values. (Same rank: overlapping domains; t takes b from r = t - skips[k]: k is still possible
// for t and r may still get b in round k or later.)
bool Stage2::linked(const Domains& d, int a, int w) const {
  if (distinct_ && rank(a) == rank(w)) return (d[u(a)] & d[u(w)]) != 0;
  if (!holds_links_ || block(a) != block(w)) return false;
  for (int k = 0; k < g_.q; ++k) {
    if ((d[u(a)] >> k & 1U) != 0 && g_.sender(rank(a), k) == rank(w) && (d[u(w)] >> k) != 0) {
      return true;
    }
  }
  return false;
}

std::vector<std::vector<int>> Stage2::components(const Domains& d,
                                                 const std::vector<int>& vars) const {
  std::vector<int> open;
  for (int v : vars) {
    if (std::popcount(d[u(v)]) > 1) open.push_back(v);
  }
  std::vector<std::size_t> parent(open.size());
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  const auto find = [&](std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (std::size_t i = 0; i < open.size(); ++i) {
    for (std::size_t j = 0; j < open.size(); ++j) {
      if (i != j && linked(d, open[i], open[j])) parent[find(i)] = find(j);
    }
  }
  std::vector<std::vector<int>> comps;
  std::vector<std::size_t> root_of;                // comps[i] belongs to root root_of[i]
  for (std::size_t i = 0; i < open.size(); ++i) {  // ordered by their smallest variable
    const std::size_t r = find(i);
    const auto it = std::find(root_of.begin(), root_of.end(), r);
    if (it == root_of.end()) {
      root_of.push_back(r);
      comps.push_back({open[i]});
    } else {
      comps[u(it - root_of.begin())].push_back(open[i]);
    }
  }
  return comps;
}

std::uint64_t Stage2::count_set(Domains d, const std::vector<int>& vars) {
  if (!propagate(d, vars)) return 0;
  std::uint64_t total = 1;
  for (const auto& comp : components(d, vars)) {
    total = mul_count(total, count_component(d, comp), g_.p);
    if (total == 0) break;
  }
  return total;
}

std::uint64_t Stage2::count_component(const Domains& d, const std::vector<int>& comp) {
  std::string key;
  key.reserve(comp.size() * 4);
  int pick = comp.front();
  for (int v : comp) {
    const auto dom = d[u(v)];
    for (unsigned x : {static_cast<unsigned>(v), static_cast<unsigned>(v) >> 8, unsigned{dom},
                       unsigned{dom} >> 8}) {
      key.push_back(static_cast<char>(x & 0xFFU));
    }
    if (std::popcount(dom) < std::popcount(d[u(pick)])) pick = v;
  }
  if (const auto it = cache_.find(key); it != cache_.end()) {
    ++stats_.cache_hits;
    return it->second;
  }
  std::uint64_t n = 0;
  for (int k = 0; k < g_.q; ++k) {
    if ((d[u(pick)] >> k & 1U) == 0) continue;
    ++stats_.branches;
    Domains next = d;
    next[u(pick)] = static_cast<std::uint16_t>(1U << k);
    n = add_count(n, count_set(std::move(next), comp), g_.p);
  }
  cache_.emplace(std::move(key), n);
  return n;
}

std::uint64_t Stage2::count() {
  std::vector<int> vars;
  Domains d = initial(vars);
  if (!propagate(d, vars)) return 0;
  const auto comps = components(d, vars);
  std::uint64_t total = 1;
  for (const auto& comp : comps) {
    stats_.free_variables += static_cast<std::int64_t>(comp.size());
    stats_.largest_component =
        std::max(stats_.largest_component, static_cast<std::int64_t>(comp.size()));
    total = mul_count(total, count_component(d, comp), g_.p);
  }
  stats_.top_components += static_cast<std::int64_t>(comps.size());
  return total;
}

}  // namespace

StructuredCount count_structured(std::int64_t p, const StructuredOptions& options) {
  require_count_p(p);
  const Circulant g{p, ceil_log2(p), halving_skips(p)};
  StructuredCount out;
  for (const Current& cur : Stage1(g, options.drop).run()) {
    ++out.stage1_solutions;
    out.count = add_count(out.count, Stage2(g, cur, options.drop, out).count(), p);
  }
  return out;
}

}  // namespace collverify::proofs
