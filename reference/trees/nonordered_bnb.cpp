#include "reference/trees/nonordered_bnb.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "reference/trees/nonordered_bnb_bounds.hpp"
#include "reference/trees/nonordered_bnb_chain.hpp"
#include "reference/trees/nonordered_bnb_memo.hpp"
#include "reference/trees/nonordered_local.hpp"
#include "reference/trees/optimal.hpp"

namespace collverify::trees {

std::int64_t BnbBounds::best() const {
  return std::max({volume, latency, partition, chain, seeds});
}

namespace {

using Idx = std::size_t;
using bnb::Counts;
using bnb::SetInfo;
constexpr std::int64_t kInf = std::numeric_limits<std::int64_t>::max() / 4;

using bnb::Entry;

// Figure 1 on a tree whose every sequence starts with the local copy, under the convention.
std::int64_t own_time(const GatherTree& t, const TreeProblem<std::int64_t>& pr, bool leaf_paid,
                      std::int64_t v, std::int64_t& size) {
  const auto& c = pr.cost;
  size = pr.m[static_cast<Idx>(v)];
  const auto& seq = t.sequence[static_cast<Idx>(v)];
  std::int64_t time = 0;
  if (seq.size() == 1) return leaf_paid ? c.gamma * size : 0;
  for (const std::int64_t u : seq) {
    if (u == v) {
      time += c.gamma * pr.m[static_cast<Idx>(v)];
      continue;
    }
    std::int64_t sub = 0;
    const std::int64_t tu = own_time(t, pr, leaf_paid, u, sub);
    size += sub;
    if (sub > 0) time = std::max(time, tu) + c.alpha + c.beta * sub;
  }
  return time;
}

class Search {
 public:
  // `t_max`: the first incumbent (no bound above it is needed).
  Search(const TreeProblem<std::int64_t>& pr, const BnbOptions& o, std::int64_t t_max)
      : pr_(pr),
        o_(o),
        c_(bnb::make_classes(pr, o.leaf_pays_copy)),
        chain_(c_, t_max, o.mutant_chain_inflate, o.mutant_seed_inflate, o.seed_bounds),
        t0_(std::chrono::steady_clock::now()),
        cpu0_(std::clock()) {}

  bnb::ChainBound& chain() { return chain_; }

  // Seconds since the search was set up (CPU or wall, as the options say).
  double elapsed() const {
    return o_.cpu_clock
               ? static_cast<double>(std::clock() - cpu0_) / CLOCKS_PER_SEC
               : std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
  }

  const bnb::Classes& classes() const { return c_; }
  bool stopped() const { return !stop_.empty(); }
  const std::string& stop_reason() const { return stop_; }
  std::int64_t nodes() const { return nodes_; }
  std::int64_t memo_entries() const { return static_cast<std::int64_t>(g_.size() + f_.size()); }

  // Called by the top-level F whenever it beats the incumbent.
  std::int64_t top_time = kInf;
  GatherTree top_tree;
  std::int64_t fixed_root = -1;

  std::int64_t solve_g(const Counts& s, const SetInfo& si, std::int64_t bound, bool top) {
    if (si.items == 1) return bnb::subtree_bound(c_, si);  // a leaf: exact
    Entry& e0 = g_[si.key];
    if (e0.exact >= 0) return e0.exact;
    if (e0.lo >= bound) return e0.lo;
    e0.lo = std::max(e0.lo, bnb::subtree_bound(c_, si));
    if (e0.lo < bound && !e0.chain_done) {
      e0.lo = std::max(e0.lo, chain_subtree(s, si));
      e0.chain_done = true;
    }
    if (e0.lo >= bound) return e0.lo;
    if (!tick()) return bound;
    std::int64_t best = bound, fail = kInf;
    int root = -1;
    for (int k = 0; k < c_.n(); ++k) {
      if (s[static_cast<Idx>(k)] == 0) continue;
      const std::int64_t v = solve_f(s, si, k, best, top);
      if (stopped()) return bound;
      if (v < best) {
        best = v;
        root = k;
      } else {
        fail = std::min(fail, v);
      }
      // Lemma R: with gamma <= beta a largest block is an optimal root (classes decrease).
      if (root_lemma_ || best <= g_[si.key].lo) break;
    }
    Entry& e = g_[si.key];  // re-found: the recursion may have rehashed the map
    if (root >= 0) {
      e.exact = e.lo = best;
      e.choice = static_cast<std::uint64_t>(root);
      return best;
    }
    e.lo = std::max(e.lo, fail);
    return e.lo;
  }

  std::int64_t solve_f(const Counts& s, const SetInfo& si, int rc, std::int64_t bound, bool top) {
    const std::int64_t m_r = c_.size[static_cast<Idx>(rc)];
    Counts rest = s;
    --rest[static_cast<Idx>(rc)];
    SetInfo ri;  // size, items, non-zero and key of S \ {r}: what the bounds below read
    ri.size = si.size - m_r;
    ri.items = si.items - 1;
    ri.nonzero = si.nonzero - (m_r > 0 ? 1 : 0);
    ri.key = si.key - c_.radix[static_cast<Idx>(rc)];
    if (ri.size == 0) {  // the rest sends nothing: r copies, the others are empty leaves
      if (top && c_.gamma * m_r < bound) record_top(s, rc, c_.gamma * m_r);
      return c_.gamma * m_r;
    }
    const std::uint64_t fkey =
        si.key * static_cast<std::uint64_t>(c_.n()) + static_cast<std::uint64_t>(rc);
    std::int64_t floor = 0;  // a proved lower bound: a tree that meets it is optimal
    {
      Entry& e = f_[fkey];
      if (e.exact >= 0) return e.exact;
      if (e.lo >= bound) return e.lo;
      e.lo = std::max(e.lo, bnb::fixed_root_bound(c_, ri, m_r));
      // B4 before B3: cheaper (a bisection over a table), and often enough.
      if (e.lo < bound && !e.chain_done) {
        e.lo = std::max(e.lo, chain_.fixed_root(m_r, ri.size, ri.nonzero, largest(rest)));
        if (e.lo < bound && ri.nonzero >= kSeedMinBlocks)
          e.lo = std::max(e.lo, chain_.fixed_root_seeds(m_r, ri.size, ri.nonzero, seeds(rest)));
        e.chain_done = true;
      }
      if (e.lo < bound && !e.partition_done && ri.nonzero >= kPartitionMinBlocks) {
        e.lo = std::max(e.lo, bnb::partition_bound(c_, rest, m_r));
        e.partition_done = true;
      }
      if (e.lo >= bound) return e.lo;
      floor = e.lo;
    }
    if (!tick()) return bound;
    Walk w{s, si, rest, ri, rc, m_r, bound, kInf, 0, false, top, floor, {}};
    enumerate(w, 0, SetInfo{});
    if (stopped()) return bound;
    if (memo_entries() > o_.max_memo) stop_ = "memory";
    Entry& e = f_[fkey];
    if (w.found) {
      e.exact = e.lo = w.best;
      e.choice = w.choice;
      return w.best;
    }
    e.lo = std::max(e.lo, w.fail);
    return e.lo;
  }

  // The tree of G(s) (root class from the memo) or of F(s, rc) at the processor `root`.
  std::int64_t build_g(const Counts& s, std::vector<std::vector<std::int64_t>>& pool,
                       GatherTree& t) {
    const SetInfo si = bnb::set_info(c_, s);
    int rc = 0;
    if (si.items == 1) {
      while (s[static_cast<Idx>(rc)] == 0) ++rc;
    } else {
      const Entry* e = g_.find(si.key);
      CV_ASSERT(e != nullptr && e->exact >= 0, "bnb: rebuilding a set whose optimum is not known");
      rc = static_cast<int>(e->choice);
    }
    const std::int64_t v = pool[static_cast<Idx>(rc)].back();
    pool[static_cast<Idx>(rc)].pop_back();
    build_f(s, rc, v, pool, t);
    return v;
  }

  void build_f(const Counts& s, int rc, std::int64_t v,
               std::vector<std::vector<std::int64_t>>& pool, GatherTree& t) {
    std::vector<Counts> last_first;
    Counts cur = s;
    while (true) {
      Counts rest = cur;
      --rest[static_cast<Idx>(rc)];
      const SetInfo ri = bnb::set_info(c_, rest);
      if (ri.size == 0) break;
      const std::uint64_t fkey = bnb::set_info(c_, cur).key * static_cast<std::uint64_t>(c_.n()) +
                                 static_cast<std::uint64_t>(rc);
      const Entry* e = f_.find(fkey);
      CV_ASSERT(e != nullptr && e->exact >= 0,
                "bnb: rebuilding a chain whose optimum is not known");
      Counts q{};
      std::uint64_t key = e->choice;
      for (int k = c_.n() - 1; k >= 0; --k) {
        q[static_cast<Idx>(k)] = static_cast<std::uint8_t>(key / c_.radix[static_cast<Idx>(k)]);
        key %= c_.radix[static_cast<Idx>(k)];
        cur[static_cast<Idx>(k)] =
            static_cast<std::uint8_t>(cur[static_cast<Idx>(k)] - q[static_cast<Idx>(k)]);
      }
      last_first.push_back(q);
    }
    auto& seq = t.sequence[static_cast<Idx>(v)];
    seq = {v};
    for (auto it = last_first.rbegin(); it != last_first.rend(); ++it)
      seq.push_back(build_g(*it, pool, t));
    // What is left besides v has size 0: leaves that send nothing.
    --cur[static_cast<Idx>(rc)];
    for (int k = 0; k < c_.n(); ++k) {
      for (int i = 0; i < cur[static_cast<Idx>(k)]; ++i) {
        const std::int64_t u = pool[static_cast<Idx>(k)].back();
        pool[static_cast<Idx>(k)].pop_back();
        t.sequence[static_cast<Idx>(u)] = {u};
        seq.push_back(u);
      }
    }
  }

  GatherTree build(const Counts& all, std::optional<int> root_class) {
    GatherTree t;
    t.sequence.assign(static_cast<Idx>(pr_.p()), {});
    std::vector<std::vector<std::int64_t>> pool = c_.ids;
    for (auto& ids : pool) std::reverse(ids.begin(), ids.end());  // pop the smallest rank first
    if (!root_class) {
      t.root = build_g(all, pool, t);
      return t;
    }
    auto& ids = pool[static_cast<Idx>(*root_class)];
    ids.erase(std::find(ids.begin(), ids.end(), fixed_root));
    t.root = fixed_root;
    build_f(all, *root_class, fixed_root, pool, t);
    return t;
  }

  Counts all_counts() const {
    Counts s{};
    for (int k = 0; k < c_.n(); ++k)
      s[static_cast<Idx>(k)] = static_cast<std::uint8_t>(c_.count[static_cast<Idx>(k)]);
    return s;
  }

 private:
  static constexpr int kPartitionMinBlocks = 10;
  static constexpr int kSeedMinBlocks = 3;  // B5 differs from B4 only with a few seeds

  // The largest non-zero blocks of a set, decreasing, at most ChainBound::kSeeds (Lemma B5).
  std::vector<std::int64_t> seeds(const Counts& s) const { return bnb::largest_blocks(c_, s); }

  struct Walk {
    const Counts& s;
    const SetInfo& si;
    const Counts& rest;
    const SetInfo& ri;
    int rc;
    std::int64_t m_r;
    std::int64_t best;  // starts at the bound
    std::int64_t fail;  // the least lower bound of a candidate that did not beat `best`
    std::uint64_t choice;
    bool found;
    bool top;
    std::int64_t floor;  // the set's proved lower bound: once best meets it, stop
    Counts q;
  };

  // The largest block of a non-empty set (classes decrease).
  std::int64_t largest(const Counts& s) const {
    for (int k = 0; k < c_.n(); ++k) {
      if (s[static_cast<Idx>(k)] > 0) return c_.size[static_cast<Idx>(k)];
    }
    return 0;
  }

  // Lemma B4 for G(S): with gamma <= beta the root is a largest block (Lemma R), so F's bound
  // at that root; otherwise the bound for any root.
  std::int64_t chain_subtree(const Counts& s, const SetInfo& si) {
    const std::int64_t any = chain_.subtree_time(si.max_block, si.size);
    if (!root_lemma_) return std::max(any, chain_.subtree(si.size, si.nonzero, si.max_block));
    Counts rest = s;
    int k = 0;
    while (rest[static_cast<Idx>(k)] == 0) ++k;
    --rest[static_cast<Idx>(k)];
    const std::int64_t m_r = c_.size[static_cast<Idx>(k)];
    const int nz = si.nonzero - (m_r > 0 ? 1 : 0);
    std::int64_t b = std::max(any, chain_.fixed_root(m_r, si.size - m_r, nz, largest(rest)));
    if (nz >= kSeedMinBlocks)
      b = std::max(b, chain_.fixed_root_seeds(m_r, si.size - m_r, nz, seeds(rest)));
    return b;
  }

  bool tick() {
    ++nodes_;
    if (o_.max_nodes > 0 && nodes_ > o_.max_nodes) stop_ = "nodes";
    if ((nodes_ & 1023) == 0) check_clock();
    return stop_.empty();
  }

  void check_clock() {
    if (o_.seconds > 0 && elapsed() > o_.seconds) stop_ = "time";
  }

  // A lower bound on every candidate Q' containing the partial Q (size, items, non-zero):
  // comm(Q') + G(Q'), monotone in Q'.
  std::int64_t partial_bound(std::int64_t size, int items, int nonzero) const {
    const std::int64_t share =
        (items >= 2 || c_.leaf_paid) ? std::min(c_.beta, c_.gamma) * size : 0;
    return c_.alpha + c_.beta * size +
           std::max(share, nonzero > 0 ? c_.alpha * bnb::ceil_log2(nonzero) : 0);
  }

  // Q grows class by class (larger blocks first); `q` carries its size, counts and key.
  void enumerate(Walk& w, int k, SetInfo q) {
    if (stopped() || w.best <= w.floor) return;
    if (k == c_.n()) {
      if (q.size > 0) candidate(w, q);
      return;
    }
    const std::int64_t b = c_.size[static_cast<Idx>(k)];
    const int avail = w.rest[static_cast<Idx>(k)];
    const int nz = b > 0 ? 1 : 0;
    int most = 0;  // the largest count of class k that the partial bound lets through
    const std::int64_t top = q.items == 0 ? b : q.max_block;  // Q's largest block (classes decrease)
    for (int n = 1; n <= avail; ++n) {
      const std::int64_t pb =
          std::max(partial_bound(q.size + b * n, q.items + n, q.nonzero + nz * n),
                   c_.alpha + c_.beta * (q.size + b * n) + chain_.subtree_time(top, q.size + b * n));
      if (pb >= w.best) {
        w.fail = std::min(w.fail, pb);
        break;
      }
      most = n;
    }
    for (int n = most; n >= 0; --n) {
      w.q[static_cast<Idx>(k)] = static_cast<std::uint8_t>(n);
      SetInfo next = q;
      if (n > 0) {
        next.size += b * n;
        next.items += n;
        next.nonzero += nz * n;
        if (q.items == 0) next.max_block = b;
        next.min_block = b;
        next.key += static_cast<std::uint64_t>(n) * c_.radix[static_cast<Idx>(k)];
      }
      enumerate(w, k + 1, next);
      if (stopped() || w.best <= w.floor) return;
    }
    w.q[static_cast<Idx>(k)] = 0;
  }

  void candidate(Walk& w, const SetInfo& qi) {
    // One node can hold 2^(n-1) candidates: the clock is read here too, so a limit is kept.
    if ((++candidates_ & 0xFFFF) == 0) check_clock();
    if (stopped()) return;
    const std::int64_t comm = c_.alpha + c_.beta * qi.size;
    SetInfo xri;  // (S \ Q) \ {r}: size and non-zero count for the bound
    xri.size = w.ri.size - qi.size;
    xri.nonzero = w.ri.nonzero - qi.nonzero;
    SetInfo xi;  // S \ Q
    xi.size = w.si.size - qi.size;
    xi.items = w.si.items - qi.items;
    xi.nonzero = w.si.nonzero - qi.nonzero;
    xi.key = w.si.key - qi.key;
    const std::uint64_t xkey =
        xi.key * static_cast<std::uint64_t>(c_.n()) + static_cast<std::uint64_t>(w.rc);
    // What is known of both sides without a search: the bounds and the memo's lower bounds.
    std::int64_t lbq = std::max(bnb::subtree_bound(c_, qi), chain_.subtree_time(qi.max_block, qi.size));
    std::int64_t lbx = bnb::fixed_root_bound(c_, xri, w.m_r);
    if (const Entry* e = qi.items > 1 ? g_.find(qi.key) : nullptr)
      lbq = std::max(lbq, e->exact >= 0 ? e->exact : e->lo);
    if (const Entry* e = f_.find(xkey)) lbx = std::max(lbx, e->exact >= 0 ? e->exact : e->lo);
    if (comm + std::max(lbq, lbx) >= w.best) {
      w.fail = std::min(w.fail, comm + std::max(lbq, lbx));
      return;
    }
    const std::int64_t cap = w.best - comm;
    Counts x = w.s;
    for (int k = 0; k < c_.n(); ++k) {
      x[static_cast<Idx>(k)] =
          static_cast<std::uint8_t>(x[static_cast<Idx>(k)] - w.q[static_cast<Idx>(k)]);
    }
    // The side more likely to fail first (the larger lower bound): its failure saves the other.
    std::int64_t g = 0, f = 0;
    for (int side = 0; side < 2; ++side) {
      const bool do_f = (side == 0) == (lbx >= lbq);
      const std::int64_t v = do_f ? solve_f(x, xi, w.rc, cap, false) : solve_g(w.q, qi, cap, false);
      if (stopped()) return;
      if (v >= cap) {
        w.fail = std::min(w.fail, v + comm);
        return;
      }
      (do_f ? f : g) = v;
    }
    const std::uint64_t qkey = qi.key;
    w.best = std::max(f, g) + comm;
    w.choice = qkey;
    w.found = true;
    if (w.top) {
      const std::uint64_t fkey =
          w.si.key * static_cast<std::uint64_t>(c_.n()) + static_cast<std::uint64_t>(w.rc);
      const Entry saved = f_[fkey];
      f_[fkey].exact = w.best;  // for the moment, so that the rebuild can walk this chain
      f_[fkey].choice = w.choice;
      record_top(w.s, w.rc, w.best);
      f_[fkey] = saved;
    }
  }

  // The tree of F(s, rc) from the memo, kept as the best so far at the top level.
  void record_top(const Counts& s, int rc, std::int64_t time) {
    if (fixed_root >= 0) {
      top_tree = build(s, rc);
    } else {
      GatherTree t;
      t.sequence.assign(static_cast<Idx>(pr_.p()), {});
      std::vector<std::vector<std::int64_t>> pool = c_.ids;
      for (auto& ids : pool) std::reverse(ids.begin(), ids.end());
      const std::int64_t v = pool[static_cast<Idx>(rc)].back();
      pool[static_cast<Idx>(rc)].pop_back();
      build_f(s, rc, v, pool, t);
      t.root = v;
      top_tree = std::move(t);
    }
    top_time = time;
  }

  const TreeProblem<std::int64_t>& pr_;
  BnbOptions o_;
  bnb::Classes c_;
  bnb::ChainBound chain_;
  bool root_lemma_ = c_.gamma <= c_.beta;
  std::chrono::steady_clock::time_point t0_;
  std::clock_t cpu0_;
  bnb::Memo g_, f_;
  std::int64_t nodes_ = 0;
  std::uint64_t candidates_ = 0;
  std::string stop_;
};

void require_bnb_problem(const TreeProblem<std::int64_t>& pr, RootMode mode) {
  const std::int64_t p = pr.p();
  if (p < 1 || p > kBnbMaxP) {
    throw InputError(
        fmt::format("branch and bound: p = {} is outside the accepted range 1..{}", p, kBnbMaxP));
  }
  if (!pr.cost.homogeneous())
    throw InputError("branch and bound: only homogeneous costs are accepted");
  const auto& c = pr.cost;
  if (c.alpha < 0 || c.beta < 0 || c.gamma < 0) {
    throw InputError(
        fmt::format("branch and bound: alpha = {}, beta = {}, gamma = {}; accepted: integers >= 0",
                    c.alpha, c.beta, c.gamma));
  }
  std::int64_t m = 0;
  for (std::int64_t i = 0; i < p; ++i) {
    const std::int64_t v = pr.m[static_cast<Idx>(i)];
    if (v < 0)
      throw InputError(
          fmt::format("branch and bound: m_{} = {} is negative; accepted: integers >= 0", i, v));
    m = checked_add(m, v, "branch and bound: total block size m");
  }
  if (!mode.best && (mode.root < 0 || mode.root >= p)) {
    throw InputError(fmt::format("branch and bound: root {} is outside [0, {})", mode.root, p));
  }
  // Every tree is faster than the star, p (alpha + beta m) + gamma m; 4x headroom.
  const std::int64_t star = checked_add(
      checked_mul(p, checked_add(c.alpha, checked_mul(c.beta, m, "beta m"), "alpha + beta m"),
                  "p (alpha + beta m)"),
      checked_mul(c.gamma, m, "gamma m"), "the star's time");
  checked_mul(star, 4, "branch and bound: the completion-time bound");
}

BnbBounds root_bounds(const bnb::Classes& c, bnb::ChainBound& chain, const Counts& all,
                      std::optional<int> root_class) {
  BnbBounds b{kInf, kInf, kInf, kInf, kInf};
  for (int k = 0; k < c.n(); ++k) {
    if (all[static_cast<Idx>(k)] == 0 || (root_class && *root_class != k)) continue;
    Counts rest = all;
    --rest[static_cast<Idx>(k)];
    const SetInfo ri = bnb::set_info(c, rest);
    const std::int64_t m_r = c.size[static_cast<Idx>(k)];
    const std::int64_t vol =
        ri.size == 0 ? c.gamma * m_r : c.gamma * m_r + c.beta * ri.size + c.alpha;
    b.volume = std::min(b.volume, vol);
    b.latency = std::min(b.latency, c.alpha * bnb::ceil_log2(ri.nonzero + 1));
    b.partition = std::min(b.partition, bnb::partition_bound(c, rest, m_r));
    std::int64_t rest_max = 0;
    for (int j = 0; j < c.n() && rest_max == 0; ++j)
      if (rest[static_cast<Idx>(j)] > 0) rest_max = c.size[static_cast<Idx>(j)];
    const std::int64_t b4 = chain.fixed_root(m_r, ri.size, ri.nonzero, rest_max);
    b.chain = std::min(b.chain, b4);
    b.seeds = std::min(b.seeds, std::max(b4, chain.fixed_root_seeds(m_r, ri.size, ri.nonzero,
                                                                    bnb::largest_blocks(c, rest))));
  }
  return b;
}

// A better incumbent (nonordered_local) from the ordered tree in out.tree, until it meets the
// root's lower bound, its rounds are done or a quarter of the time limit is used (the rest is
// the search's). Kept only when this file's own Figure 1 walk agrees that it is faster.
void improve_incumbent(const TreeProblem<std::int64_t>& problem, RootMode mode,
                     const BnbOptions& options, const Search& search, BnbResult& out) {
  LocalSearchOptions lo;
  lo.leaf_pays_copy = options.leaf_pays_copy;
  lo.fixed_root = !mode.best;
  lo.rounds = options.local_rounds;
  lo.target = out.lower_bound;
  if (options.seconds > 0)
    lo.stop = [&search, limit = options.seconds / 4] { return search.elapsed() > limit; };
  const LocalSearchResult better = improve_tree(problem, out.tree, lo);
  std::int64_t ignored = 0;
  const std::int64_t t =
      own_time(better.tree, problem, options.leaf_pays_copy, better.tree.root, ignored);
  CV_ASSERT(t == better.time, "bnb: the local search mis-timed its tree");
  if (t < out.time) {
    out.time = t;
    out.tree = better.tree;
  }
}

// The search from the root: with `probe`, a sequence of calls with bounds between the proved
// lower bound and the incumbent (each either finds a tree below its bound, which is then the
// optimum, or proves that none exists and raises the lower bound: docs/RESULTS-trees-bnb.md,
// "Probing"); without, one call with the incumbent as the bound. Updates out.time and out.tree
// with every tree the search records; returns the proved lower bound.
std::int64_t probe_search(Search& search, const Counts& all, std::optional<int> root_class,
                          bool probe, std::int64_t mutant, BnbResult& out) {
  const SetInfo si = bnb::set_info(search.classes(), all);
  std::int64_t lb = out.lower_bound;
  while (lb < out.time) {
    const std::int64_t gap = out.time - lb;
    const std::int64_t bound = probe ? lb + std::max<std::int64_t>(1, (gap + 3) / 4) : out.time;
    const std::int64_t v = root_class ? search.solve_f(all, si, *root_class, bound, true)
                                      : search.solve_g(all, si, bound, true);
    if (search.top_time < out.time) {
      out.time = search.top_time;
      out.tree = search.top_tree;
    }
    if (search.stopped()) break;
    if (v < bound) {  // exact: a tree of time v was recorded at the top
      CV_ASSERT(v == out.time, "bnb: the top-level tree was not recorded");
      return v;
    }
    lb = std::max(lb, v) + mutant;  // proved: no tree faster than v (mutant: 0 but in tests)
  }
  return std::min(lb, out.time);
}

}  // namespace

BnbResult nonordered_bnb(const TreeProblem<std::int64_t>& problem, RootMode mode,
                         const BnbOptions& options) {
  require_bnb_problem(problem, mode);
  const bool paid = options.leaf_pays_copy;
  BnbResult out;
  // The first incumbent: the optimal ordered tree, timed under the requested convention.
  const TreeResult<std::int64_t> ordered = optimal_ordered_tree(problem, mode);
  std::int64_t ignored = 0;
  out.tree = ordered.tree;
  out.time = own_time(ordered.tree, problem, paid, ordered.tree.root, ignored);
  out.first_incumbent = out.time;
  out.local_incumbent = out.time;
  if (problem.p() == 1) {
    out.lower_bound = out.time;
    out.optimal = true;
    return out;
  }
  Search search(problem, options, out.time);
  const auto& c = search.classes();
  const Counts all = search.all_counts();
  std::optional<int> root_class;
  if (!mode.best) {
    const std::int64_t m_r = problem.m[static_cast<Idx>(mode.root)];
    root_class = static_cast<int>(std::find(c.size.begin(), c.size.end(), m_r) - c.size.begin());
    search.fixed_root = mode.root;
  }
  out.bounds = root_bounds(c, search.chain(), all, root_class);
  out.lower_bound = out.bounds.best();
  if (options.local_search && out.lower_bound < out.time)
    improve_incumbent(problem, mode, options, search, out);
  out.local_incumbent = out.time;
  if (out.lower_bound < out.time)
    out.lower_bound = probe_search(search, all, root_class, options.probe,
                                   options.mutant_probe_inflate, out);
  out.lower_bound = std::min(out.lower_bound, out.time);
  out.optimal = out.lower_bound == out.time;
  out.nodes = search.nodes();
  out.memo_entries = search.memo_entries();
  out.stopped_by = search.stop_reason();
  return out;
}

}  // namespace collverify::trees
