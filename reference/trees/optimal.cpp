// Figures 5 and 6 of seed 001, corrected as described in optimal.hpp and docs/ERRATA.md.
#include "reference/trees/optimal.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "reference/trees/dp_common.hpp"
#include "reference/trees/dp_kernels.hpp"

namespace collverify::trees {
namespace {

using detail::at;
using Idx = std::size_t;

// Segment sizes and copy costs as the DP sees them (blocks or whole vector, Theorem 4).
template <class T>
struct Shape {
  std::int64_t p = 0;
  std::vector<std::int64_t> prefix;
  bool whole = false;
  std::int64_t total = 0;
  std::vector<T> copy;   // gamma_i m_i, or 0 for broadcast
  bool figure4 = false;  // CopyPlacement::figure4: a lone right-end root copies after its child

  // A range's right end j receiving everything else [i..j-1] as its only child so far.
  T lone_right(T child, T send, std::int64_t j) const {
    const T cp = copy[static_cast<Idx>(j)];
    return figure4 ? child + send + cp : std::max(child, cp) + send;
  }

  std::int64_t size(std::int64_t i, std::int64_t j) const {
    return whole ? total : prefix[static_cast<Idx>(j + 1)] - prefix[static_cast<Idx>(i)];
  }
};

template <class T>
Shape<T> make_shape(const TreeProblem<T>& pr, SegmentSize seg, CopyPlacement place) {
  Shape<T> s;
  s.figure4 = place == CopyPlacement::figure4;
  s.p = pr.p();
  s.prefix = detail::prefix_sums(pr.m);
  s.whole = seg == SegmentSize::whole_vector;
  s.total = s.prefix.back();
  s.copy.resize(static_cast<Idx>(s.p));
  for (std::int64_t i = 0; i < s.p; ++i) {
    s.copy[static_cast<Idx>(i)] =
        s.whole ? T{} : pr.cost.g(i) * static_cast<T>(pr.m[static_cast<Idx>(i)]);
  }
  return s;
}

// A choice: split k and which half holds the root (0: left [i..k], 1: right [k+1..j]).
struct Choice {
  std::int32_t k = -1;
  std::int8_t dir = 0;
};

// ---------------------------------------------------------------------------------------------
// Homogeneous costs (Figure 6): C[i][j] over the best root of each range.

// Prefix sums as T and beta * prefix, for the kernels (dp_kernels.hpp).
template <class T>
struct PrefixT {
  std::vector<T> pq, bq;
  detail::Prefix<T> at(std::int64_t x, T a, T b) const {
    return {&pq[static_cast<Idx>(x)], &bq[static_cast<Idx>(x)], a, b};
  }
};

template <class T>
PrefixT<T> prefix_t(const Shape<T>& s, T b) {
  PrefixT<T> out;
  for (const std::int64_t v : s.prefix) {
    out.pq.push_back(static_cast<T>(v));
    out.bq.push_back(b * static_cast<T>(v));
  }
  return out;
}

template <class T>
struct HomTables {
  std::int64_t p = 0;
  std::vector<T> c;        // c[i * p + j], i <= j
  std::vector<T> ct;       // ct[j * p + i] = c[i * p + j] (the column as a contiguous row)
  std::vector<Choice> ch;  // ch[i * p + j]
  PrefixT<T> pre;          // the fast path's prefix tables (empty for the naive one)
  bool figure4 = false;
};

// The candidates of Figure 6 for one range and split, with the singleton cases of Figure 4
// (equations (5) and (6)): a singleton that receives pays its copy first (left end) or after
// the one child (right end).
template <class T>
void consider(T value, std::int64_t k, std::int8_t dir, T& best, Choice& choice) {
  if (value < best) {
    best = value;
    choice = {static_cast<std::int32_t>(k), dir};
  }
}

template <class T>
void hom_edges(const Shape<T>& s, T a, T b, const std::vector<T>& c, std::int64_t i, std::int64_t j,
               T& best, Choice& choice, std::int64_t p) {
  // k = i: left singleton [i].
  consider(std::max(s.copy[static_cast<Idx>(i)], c[at(i + 1, j, p)]) +
               detail::comm(a, b, s.size(i + 1, j)),
           i, 0, best, choice);
  if (i + 1 == j) {
    consider(s.copy[static_cast<Idx>(j)] + detail::comm(a, b, s.size(i, i)), i, 1, best, choice);
    return;
  }
  consider(c[at(i + 1, j, p)] + detail::comm(a, b, s.size(i, i)), i, 1, best, choice);
}

template <class T>
void hom_right_edge(const Shape<T>& s, T a, T b, const std::vector<T>& c, std::int64_t i,
                    std::int64_t j, T& best, Choice& choice, std::int64_t p) {
  // k = j - 1 > i: right singleton [j].
  consider(c[at(i, j - 1, p)] + detail::comm(a, b, s.size(j, j)), j - 1, 0, best, choice);
  consider(s.lone_right(c[at(i, j - 1, p)], detail::comm(a, b, s.size(i, j - 1)), j), j - 1, 1,
           best, choice);
}

// The fast path. Ranges run in the blocked order of detail::for_ranges_blocked (blocks of rows i
// descending, j ascending inside a block), so the block's rows of c stay in cache and each row
// of ct is read by a whole block while cached; the inner splits i < k < j - 1 run in
// detail::first_min_split. The first minimum wins (the left half receives on a size tie, as in
// Figure 6).
template <class T>
HomTables<T> hom_best_fast(const Shape<T>& s, T a, T b) {
  const std::int64_t p = s.p;
  HomTables<T> t;
  t.p = p;
  t.figure4 = s.figure4;
  t.c.assign(static_cast<Idx>(p * p), T{});
  t.ct.assign(static_cast<Idx>(p * p), T{});
  t.ch.assign(static_cast<Idx>(p * p), Choice{});
  t.pre = prefix_t(s, b);
  detail::for_ranges_blocked(p - 2, p, 0, [&](std::int64_t i, std::int64_t j) {
    const std::int64_t len = j - i + 1;
    T best = std::numeric_limits<T>::max();
    Choice choice;
    hom_edges(s, a, b, t.c, i, j, best, choice, p);
    if (len > 3) {
      // k runs over i+1 .. j-2, x = k - (i + 1); q = prefix[k + 1].
      T inner{};
      const std::int64_t x = detail::first_min_split(
          detail::Sends::smaller, &t.c[at(i, i + 1, p)], &t.ct[at(j, i + 2, p)],
          t.pre.at(i + 2, a, b), t.pre.pq[static_cast<Idx>(i)], t.pre.pq[static_cast<Idx>(j + 1)],
          len - 3, inner);
      if (inner < best) {
        const std::int64_t k = i + 1 + x;
        best = inner;
        choice = {static_cast<std::int32_t>(k),
                  static_cast<std::int8_t>(s.size(k + 1, j) <= s.size(i, k) ? 0 : 1)};
      }
    }
    if (len > 2) hom_right_edge(s, a, b, t.c, i, j, best, choice, p);
    t.c[at(i, j, p)] = best;
    t.ct[at(j, i, p)] = best;
    t.ch[at(i, j, p)] = choice;
  });
  return t;
}

// The slow twin: every split and both directions, straight from the equations.
template <class T>
HomTables<T> hom_best_naive(const Shape<T>& s, T a, T b) {
  const std::int64_t p = s.p;
  HomTables<T> t;
  t.p = p;
  t.figure4 = s.figure4;
  t.c.assign(static_cast<Idx>(p * p), T{});
  t.ch.assign(static_cast<Idx>(p * p), Choice{});
  for (std::int64_t len = 2; len <= p; ++len) {
    for (std::int64_t i = 0; i + len <= p; ++i) {
      const std::int64_t j = i + len - 1;
      T best = std::numeric_limits<T>::max();
      Choice choice;
      for (std::int64_t k = i; k < j; ++k) {
        const T left = k == i ? s.copy[static_cast<Idx>(i)] : t.c[at(i, k, p)];
        consider(std::max(left, t.c[at(k + 1, j, p)]) + detail::comm(a, b, s.size(k + 1, j)), k, 0,
                 best, choice);
        const T send = detail::comm(a, b, s.size(i, k));
        const T v = k + 1 == j ? s.lone_right(t.c[at(i, k, p)], send, j)
                               : std::max(t.c[at(i, k, p)], t.c[at(k + 1, j, p)]) + send;
        consider(v, k, 1, best, choice);
      }
      t.c[at(i, j, p)] = best;
      t.ch[at(i, j, p)] = choice;
    }
  }
  return t;
}

// D[i][j] for the ranges holding the fixed root r: the root of the range must be r.
template <class T>
struct FixedTable {
  std::int64_t r = 0;
  std::int64_t width = 0;  // p - r
  std::vector<T> d;        // d[i * width + (j - r)], i <= r <= j
  std::vector<Choice> ch;
  std::size_t idx(std::int64_t i, std::int64_t j) const {
    return static_cast<Idx>(i * width + (j - r));
  }
};

template <class T>
FixedTable<T> hom_fixed(const Shape<T>& s, T a, T b, const HomTables<T>& t, std::int64_t r) {
  const std::int64_t p = s.p;
  FixedTable<T> f;
  f.r = r;
  f.width = p - r;
  f.d.assign(static_cast<Idx>((r + 1) * f.width), T{});
  f.ch.assign(f.d.size(), Choice{});
  const bool fast = !t.pre.pq.empty();
  std::vector<T> dt;  // dt[(j - r) * (r + 1) + i] = d(i, j): the column of d as a row
  if (fast) dt.assign(f.d.size(), T{});
  const auto dti = [&](std::int64_t i, std::int64_t j) {
    return static_cast<Idx>((j - r) * (r + 1) + i);
  };
  auto range = [&](std::int64_t i, std::int64_t j) {
    T best = std::numeric_limits<T>::max();
    Choice choice;
    auto one = [&](std::int64_t k) {
      if (k >= r) {  // r in the left half, which receives [k+1..j]
        const T left = k == i ? s.copy[static_cast<Idx>(r)] : f.d[f.idx(i, k)];
        consider(std::max(left, t.c[at(k + 1, j, p)]) + detail::comm(a, b, s.size(k + 1, j)), k, 0,
                 best, choice);
      } else if (k + 1 == j) {  // r = j copies, then receives [i..j-1]
        consider(s.lone_right(t.c[at(i, k, p)], detail::comm(a, b, s.size(i, k)), r), k, 1, best,
                 choice);
      } else {
        consider(
            std::max(t.c[at(i, k, p)], f.d[f.idx(k + 1, j)]) + detail::comm(a, b, s.size(i, k)), k,
            1, best, choice);
      }
    };
    if (!fast) {
      for (std::int64_t k = i; k < j; ++k) one(k);
    } else {
      const T L = t.pre.pq[static_cast<Idx>(i)];
      const T R = t.pre.pq[static_cast<Idx>(j + 1)];
      // k in [i, r): the right half [k+1..j] holds r and receives [i..k] (size q - L with
      // q = prefix[k + 1]); k + 1 == j (r = j alone) goes through one().
      const std::int64_t hi1 = std::min(r, j - 1);
      if (hi1 > i) {
        T v{};
        const std::int64_t x =
            detail::first_min_split(detail::Sends::left, &t.c[at(i, i, p)], &dt[dti(i + 1, j)],
                                    t.pre.at(i + 1, a, b), L, R, hi1 - i, v);
        if (v < best) {
          best = v;
          choice = {static_cast<std::int32_t>(i + x), 1};
        }
      }
      for (std::int64_t k = std::max(hi1, i); k < r && k < j; ++k) one(k);
      // k in [r, j): the left half holds r and receives [k+1..j] (size R - q); k == i (a lone
      // r) goes through one().
      std::int64_t lo2 = r;
      if (lo2 == i) one(lo2++);
      if (lo2 < j) {
        T v{};
        const std::int64_t x = detail::first_min_split(detail::Sends::right, &f.d[f.idx(i, lo2)],
                                                       &t.ct[at(j, lo2 + 1, p)],
                                                       t.pre.at(lo2 + 1, a, b), L, R, j - lo2, v);
        if (v < best) {
          best = v;
          choice = {static_cast<std::int32_t>(lo2 + x), 0};
        }
      }
    }
    f.d[f.idx(i, j)] = best;
    if (fast) dt[dti(i, j)] = best;
    f.ch[f.idx(i, j)] = choice;
  };
  if (fast) {
    detail::for_ranges_blocked(r, p, r, range);
  } else {
    for (std::int64_t i = r; i >= 0; --i) {
      for (std::int64_t j = std::max(r, i + 1); j < p; ++j) range(i, j);
    }
  }
  return f;
}

// Tree reconstruction: appends to the sequences and returns the subtree root. Iterative over an
// explicit stack would be no clearer; the depth is at most p, and the DP refuses p whose tables
// do not fit, which keeps p far below any stack limit (p^2 entries).
template <class T>
std::int64_t build_best(const HomTables<T>& t, std::int64_t i, std::int64_t j, GatherTree& g) {
  if (i == j) {
    g.sequence[static_cast<Idx>(i)] = {i};
    return i;
  }
  const Choice c = t.ch[at(i, j, t.p)];
  const std::int64_t k = c.k;
  if (c.dir == 0) {
    std::int64_t root = i;
    if (k == i) {
      g.sequence[static_cast<Idx>(i)] = {i};
    } else {
      root = build_best(t, i, k, g);
    }
    g.sequence[static_cast<Idx>(root)].push_back(build_best(t, k + 1, j, g));
    return root;
  }
  if (k + 1 == j) {
    const std::int64_t child = build_best(t, i, k, g);
    g.sequence[static_cast<Idx>(j)] =
        t.figure4 ? std::vector<std::int64_t>{child, j} : std::vector<std::int64_t>{j, child};
    return j;
  }
  const std::int64_t root = build_best(t, k + 1, j, g);
  g.sequence[static_cast<Idx>(root)].push_back(build_best(t, i, k, g));
  return root;
}

template <class T>
void build_fixed(const HomTables<T>& t, const FixedTable<T>& f, std::int64_t i, std::int64_t j,
                 GatherTree& g) {
  const std::int64_t r = f.r;
  if (i == j) {
    g.sequence[static_cast<Idx>(r)] = {r};
    return;
  }
  const Choice c = f.ch[f.idx(i, j)];
  const std::int64_t k = c.k;
  if (c.dir == 0) {
    if (k == i) {
      g.sequence[static_cast<Idx>(r)] = {r};
    } else {
      build_fixed(t, f, i, k, g);
    }
    g.sequence[static_cast<Idx>(r)].push_back(build_best(t, k + 1, j, g));
    return;
  }
  if (k + 1 == j) {
    const std::int64_t child = build_best(t, i, k, g);
    g.sequence[static_cast<Idx>(r)] =
        t.figure4 ? std::vector<std::int64_t>{child, r} : std::vector<std::int64_t>{r, child};
    return;
  }
  build_fixed(t, f, k + 1, j, g);
  g.sequence[static_cast<Idx>(r)].push_back(build_best(t, i, k, g));
}

template <class T>
TreeResult<T> hom_result(const Shape<T>& s, T a, T b, const HomTables<T>& t, RootMode mode) {
  const std::int64_t p = s.p;
  TreeResult<T> out;
  out.tree.sequence.assign(static_cast<Idx>(p), {});
  if (mode.best) {
    out.tree.root = build_best(t, 0, p - 1, out.tree);
    out.time = t.c[at(0, p - 1, p)];
    return out;
  }
  const FixedTable<T> f = hom_fixed(s, a, b, t, mode.root);
  out.tree.root = mode.root;
  build_fixed(t, f, 0, p - 1, out.tree);
  out.time = f.d[f.idx(0, p - 1)];
  return out;
}

// ---------------------------------------------------------------------------------------------
// Per-pair costs (Figure 5): C[i, j, r] for every root r of every range.

template <class T>
struct PairTables {
  std::int64_t p = 0;
  std::vector<std::int64_t> offset;  // offset[i * p + j]: start of the r-block of [i..j]
  std::vector<T> c;                  // c[offset + (r - i)]
  std::vector<std::int32_t> k;       // split; the root's half follows from r <= k
  std::vector<std::int32_t> sub;     // the child subtree root r'
  bool figure4 = false;
  std::size_t idx(std::int64_t i, std::int64_t j, std::int64_t r) const {
    return static_cast<Idx>(offset[at(i, j, p)] + (r - i));
  }
};

template <class T>
void pair_range(const Shape<T>& s, const CostModel<T>& cm, const std::vector<T>& at_,
                const std::vector<T>& bt_, PairTables<T>& t, std::int64_t i, std::int64_t j) {
  const std::int64_t p = s.p;
  for (std::int64_t r = i; r <= j; ++r) {
    T best = std::numeric_limits<T>::max();
    std::int32_t bk = -1;
    std::int32_t bsub = -1;
    const T* ar = &at_[at(r, 0, p)];  // ar[r'] = alpha_{r' r}
    const T* br = &bt_[at(r, 0, p)];
    auto scan = [&](T rest, std::int64_t lo, std::int64_t hi, std::int64_t size, std::int64_t k,
                    bool lone) {
      const T* sub = &t.c[t.idx(lo, hi, lo)];
      for (std::int64_t q = lo; q <= hi; ++q) {
        const T send = size == 0 ? T{} : ar[q] + br[q] * static_cast<T>(size);
        const T v = lone ? s.lone_right(sub[q - lo], send, r) : std::max(rest, sub[q - lo]) + send;
        if (v < best) {
          best = v;
          bk = static_cast<std::int32_t>(k);
          bsub = static_cast<std::int32_t>(q);
        }
      }
    };
    for (std::int64_t k = i; k < j; ++k) {
      if (k >= r) {  // the child is [k+1..j]
        const T rest = k == i ? s.copy[static_cast<Idx>(r)] : t.c[t.idx(i, k, r)];
        scan(rest, k + 1, j, s.size(k + 1, j), k, false);
      } else {  // the child is [i..k], received last (r = j alone: after its copy)
        const T rest = k + 1 == j ? s.copy[static_cast<Idx>(r)] : t.c[t.idx(k + 1, j, r)];
        scan(rest, i, k, s.size(i, k), k, k + 1 == j);
      }
    }
    (void)cm;
    t.c[t.idx(i, j, r)] = best;
    t.k[t.idx(i, j, r)] = bk;
    t.sub[t.idx(i, j, r)] = bsub;
  }
}

template <class T>
PairTables<T> pair_dp(const Shape<T>& s, const CostModel<T>& cm) {
  const std::int64_t p = s.p;
  PairTables<T> t;
  t.p = p;
  t.figure4 = s.figure4;
  t.offset.assign(static_cast<Idx>(p * p), 0);
  std::int64_t n = 0;
  for (std::int64_t i = 0; i < p; ++i) {
    for (std::int64_t j = i; j < p; ++j) {
      t.offset[at(i, j, p)] = n;
      n += j - i + 1;
    }
  }
  t.c.assign(static_cast<Idx>(n), T{});
  t.k.assign(static_cast<Idx>(n), -1);
  t.sub.assign(static_cast<Idx>(n), -1);
  // Transposed so that the scan over child roots r' reads contiguous memory.
  std::vector<T> at_(static_cast<Idx>(p * p)), bt_(static_cast<Idx>(p * p));
  for (std::int64_t x = 0; x < p; ++x) {
    for (std::int64_t y = 0; y < p; ++y) {
      at_[at(y, x, p)] = cm.a(x, y);
      bt_[at(y, x, p)] = cm.b(x, y);
    }
  }
  for (std::int64_t len = 2; len <= p; ++len) {
    for (std::int64_t i = 0; i + len <= p; ++i) pair_range(s, cm, at_, bt_, t, i, i + len - 1);
  }
  return t;
}

template <class T>
void build_pair(const PairTables<T>& t, std::int64_t i, std::int64_t j, std::int64_t r,
                GatherTree& g) {
  if (i == j) {
    g.sequence[static_cast<Idx>(r)] = {r};
    return;
  }
  const std::int64_t k = t.k[t.idx(i, j, r)];
  const std::int64_t q = t.sub[t.idx(i, j, r)];
  if (k >= r) {
    if (k == i) {
      g.sequence[static_cast<Idx>(r)] = {r};
    } else {
      build_pair(t, i, k, r, g);
    }
    build_pair(t, k + 1, j, q, g);
    g.sequence[static_cast<Idx>(r)].push_back(q);
    return;
  }
  build_pair(t, i, k, q, g);
  if (k + 1 == j) {
    g.sequence[static_cast<Idx>(r)] = {r};
    if (t.figure4) {
      g.sequence[static_cast<Idx>(r)] = {q, r};
      return;
    }
  } else {
    build_pair(t, k + 1, j, r, g);
  }
  g.sequence[static_cast<Idx>(r)].push_back(q);
}

template <class T>
TreeResult<T> pair_result(const Shape<T>& s, const PairTables<T>& t, RootMode mode) {
  const std::int64_t p = s.p;
  std::int64_t root = mode.best ? 0 : mode.root;
  if (mode.best) {
    for (std::int64_t r = 1; r < p; ++r) {
      if (t.c[t.idx(0, p - 1, r)] < t.c[t.idx(0, p - 1, root)]) root = r;
    }
  }
  TreeResult<T> out;
  out.tree.sequence.assign(static_cast<Idx>(p), {});
  out.tree.root = root;
  build_pair(t, 0, p - 1, root, out.tree);
  out.time = t.c[t.idx(0, p - 1, root)];
  return out;
}

// One DP, the results for every mode asked for (the tables serve both root modes).
template <class T>
std::vector<TreeResult<T>> run(const TreeProblem<T>& problem, const std::vector<RootMode>& modes,
                               SegmentSize seg, bool naive, const char* who,
                               CopyPlacement place = CopyPlacement::first) {
  for (const RootMode& m : modes) detail::validate_problem(problem, m, who);
  const std::int64_t p = problem.p();
  require_memory(optimal_tree_memory_bytes(p, problem.cost.homogeneous()),
                 std::string(who) + " for p = " + std::to_string(p));
  const Shape<T> s = make_shape(problem, seg, place);
  std::vector<TreeResult<T>> out;
  if (!problem.cost.homogeneous()) {
    const PairTables<T> t = pair_dp(s, problem.cost);
    for (const RootMode& m : modes) out.push_back(pair_result(s, t, m));
    return out;
  }
  const T a = problem.cost.alpha;
  const T b = problem.cost.beta;
  // Broadcast (every message the whole vector) is not the hot path: the plain loop serves it.
  const HomTables<T> t = naive || s.whole ? hom_best_naive(s, a, b) : hom_best_fast(s, a, b);
  for (const RootMode& m : modes) out.push_back(hom_result(s, a, b, t, m));
  return out;
}

template <class T>
TreeResult<T> run(const TreeProblem<T>& problem, RootMode mode, SegmentSize seg, bool naive,
                  const char* who, CopyPlacement place = CopyPlacement::first) {
  return std::move(run(problem, std::vector<RootMode>{mode}, seg, naive, who, place).front());
}

}  // namespace

template <class T>
TreeResult<T> optimal_ordered_tree(const TreeProblem<T>& problem, RootMode mode) {
  return run(problem, mode, SegmentSize::blocks, false, "optimal ordered tree");
}

template <class T>
TreeResult<T> optimal_ordered_tree(const TreeProblem<T>& problem, RootMode mode,
                                   CopyPlacement place) {
  return run(problem, mode, SegmentSize::blocks, false, "optimal ordered tree", place);
}

template <class T>
TreeResult<T> optimal_ordered_broadcast_tree(const TreeProblem<T>& problem, RootMode mode) {
  return run(problem, mode, SegmentSize::whole_vector, false, "optimal ordered broadcast tree");
}

template <class T>
TreeResult<T> optimal_ordered_tree_naive(const TreeProblem<T>& problem, RootMode mode,
                                         CopyPlacement place) {
  return run(problem, mode, SegmentSize::blocks, true, "optimal ordered tree (naive)", place);
}

template <class T>
BothRoots<T> optimal_ordered_tree_both(const TreeProblem<T>& problem, std::int64_t fixed_root,
                                       CopyPlacement place) {
  auto r = run(problem, {RootMode::fixed(fixed_root), RootMode::best_root()}, SegmentSize::blocks,
               false, "optimal ordered tree", place);
  return {std::move(r[0]), std::move(r[1])};
}

template BothRoots<std::int64_t> optimal_ordered_tree_both(const TreeProblem<std::int64_t>&,
                                                           std::int64_t, CopyPlacement);
template BothRoots<double> optimal_ordered_tree_both(const TreeProblem<double>&, std::int64_t,
                                                     CopyPlacement);
template TreeResult<std::int64_t> optimal_ordered_tree(const TreeProblem<std::int64_t>&, RootMode,
                                                       CopyPlacement);
template TreeResult<double> optimal_ordered_tree(const TreeProblem<double>&, RootMode,
                                                 CopyPlacement);
template TreeResult<std::int64_t> optimal_ordered_tree(const TreeProblem<std::int64_t>&, RootMode);
template TreeResult<double> optimal_ordered_tree(const TreeProblem<double>&, RootMode);
template TreeResult<std::int64_t> optimal_ordered_broadcast_tree(const TreeProblem<std::int64_t>&,
                                                                 RootMode);
template TreeResult<double> optimal_ordered_broadcast_tree(const TreeProblem<double>&, RootMode);
template TreeResult<std::int64_t> optimal_ordered_tree_naive(const TreeProblem<std::int64_t>&,
                                                             RootMode, CopyPlacement);
template TreeResult<double> optimal_ordered_tree_naive(const TreeProblem<double>&, RootMode,
                                                       CopyPlacement);

std::int64_t optimal_tree_memory_bytes(std::int64_t p, bool homogeneous) {
  const std::string what = "optimal tree DP memory";
  const std::int64_t pp = checked_mul(p, p, what);
  if (homogeneous) {
    // c, ct, commL, commR (8 bytes each), choices (8), the fixed-root tables d, dt and choices
    // (24) over at most p * p entries.
    return checked_mul(pp, 64, what);
  }
  // offsets (8 * p^2) plus (8 + 4 + 4) bytes per (i, j, r), about p^3 / 6 entries, plus the two
  // transposed p x p cost matrices.
  const std::int64_t n = checked_mul(pp, p, what) / 6 + pp;
  return checked_add(checked_mul(pp, 24, what), checked_mul(n, 16, what), what);
}

}  // namespace collverify::trees
