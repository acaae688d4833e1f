#include "reference/trees/binary_per_pair.hpp"

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

namespace collverify::trees {
namespace {

using Idx = std::size_t;

// One entry's choice: the case of the header (1..5), the split k (cases 1 and 3; the root for
// case 2), and the roots r1, r2 of the first and second child.
struct PairChoice {
  int kase = 0;
  std::int64_t k = -1, r1 = -1, r2 = -1;
};

template <class T>
struct Value {
  T time = std::numeric_limits<T>::max();
  PairChoice choice;
};

template <class T>
struct Table {
  const TreeProblem<T>* pr = nullptr;
  BinaryDpMutant mutant = BinaryDpMutant::none;
  std::int64_t p = 0;
  std::vector<std::int64_t> prefix;
  std::vector<std::int64_t> offset;  // where the entries of [i..j] start: offset[i p + j]
  std::vector<T> c;                  // C[i, j, r] at offset[i p + j] + r - i, i <= r <= j

  std::size_t at(std::int64_t i, std::int64_t j, std::int64_t r) const {
    return static_cast<Idx>(offset[static_cast<Idx>(i * p + j)] + r - i);
  }
  T C(std::int64_t i, std::int64_t j, std::int64_t r) const { return c[at(i, j, r)]; }
  std::int64_t S(std::int64_t a, std::int64_t b) const {
    return prefix[static_cast<Idx>(b + 1)] - prefix[static_cast<Idx>(a)];
  }
  T cp(std::int64_t v) const { return pr->cost.g(v) * static_cast<T>(pr->m[static_cast<Idx>(v)]); }
  // The segment [a..b] gathered at `from` sent to its parent `to`.
  T comm(std::int64_t from, std::int64_t to, std::int64_t a, std::int64_t b) const {
    if (mutant == BinaryDpMutant::comm_reversed) std::swap(from, to);
    return detail::comm(pr->cost.a(from, to), pr->cost.b(from, to), S(a, b));
  }

  // min over r1 in [a..b] of max(start, C[a, b, r1]) + comm_{r1 to}(S(a, b)).
  std::pair<T, std::int64_t> arrive(std::int64_t a, std::int64_t b, std::int64_t to,
                                    T start) const {
    T best = std::numeric_limits<T>::max();
    std::int64_t arg = -1;
    for (std::int64_t r1 = a; r1 <= b; ++r1) {
      const T v = std::max(start, C(a, b, r1)) + comm(r1, to, a, b);
      if (v < best) {
        best = v;
        arg = r1;
      }
    }
    return {best, arg};
  }

  static void take(Value<T>& out, T v, PairChoice ch) {
    if (v < out.time) out = {v, ch};
  }

  // r = i: cases 1 and 4.
  void root_left(std::int64_t i, std::int64_t j, Value<T>& out) const {
    const std::int64_t k_end = mutant == BinaryDpMutant::split_short ? j - 1 : j;
    for (std::int64_t k = i + 1; k < k_end; ++k) {
      const auto [first, r1] = arrive(i + 1, k, i, cp(i));
      const auto [v, r2] = arrive(k + 1, j, i, first);
      take(out, v, {1, k, r1, r2});
    }
    const auto [v, r1] = arrive(i + 1, j, i, cp(i));
    take(out, v, {4, -1, r1, -1});
  }

  // i < r < j: case 2.
  void root_middle(std::int64_t i, std::int64_t j, std::int64_t r, Value<T>& out) const {
    const auto [left, r1] = arrive(i, r - 1, r, T{});
    const T copy = mutant == BinaryDpMutant::copy_dropped ? T{} : cp(r);
    const auto [v, r2] = arrive(r + 1, j, r, left + copy);
    take(out, v, {2, r, r1, r2});
  }

  // r = j: cases 3 and 5.
  void root_right(std::int64_t i, std::int64_t j, Value<T>& out) const {
    for (std::int64_t k = i; k < j - 1; ++k) {
      const auto [first, r1] = arrive(i, k, j, T{});
      const auto [v, r2] = arrive(k + 1, j - 1, j, first);
      take(out, v + cp(j), {3, k, r1, r2});
    }
    const auto [v, r1] = arrive(i, j - 1, j, T{});
    take(out, v + cp(j), {5, -1, r1, -1});
  }

  Value<T> solve(std::int64_t i, std::int64_t j, std::int64_t r) const {
    Value<T> out;
    if (i == j) return {T{}, {}};
    if (r == i) {
      root_left(i, j, out);
    } else if (r == j) {
      root_right(i, j, out);
    } else {
      root_middle(i, j, r, out);
    }
    return out;
  }

  void fill() {
    for (std::int64_t len = 1; len <= p; ++len) {
      for (std::int64_t i = 0; i + len <= p; ++i) {
        const std::int64_t j = i + len - 1;
        for (std::int64_t r = i; r <= j; ++r) {
          c[at(i, j, r)] = solve(i, j, r).time;
        }
      }
    }
  }

  void build(std::int64_t i, std::int64_t j, std::int64_t r, GatherTree& g) const {
    auto& seq = g.sequence[static_cast<Idx>(r)];
    if (i == j) {
      seq = {r};
      return;
    }
    const PairChoice ch = solve(i, j, r).choice;
    switch (ch.kase) {
      case 1:
        build(i + 1, ch.k, ch.r1, g);
        build(ch.k + 1, j, ch.r2, g);
        seq = {r, ch.r1, ch.r2};
        return;
      case 2:
        build(i, r - 1, ch.r1, g);
        build(r + 1, j, ch.r2, g);
        seq = {ch.r1, r, ch.r2};
        return;
      case 3:
        build(i, ch.k, ch.r1, g);
        build(ch.k + 1, j - 1, ch.r2, g);
        seq = {ch.r1, ch.r2, r};
        return;
      case 4:
        build(i + 1, j, ch.r1, g);
        seq = {r, ch.r1};
        return;
      default:
        build(i, j - 1, ch.r1, g);
        seq = {ch.r1, r};
        return;
    }
  }
};

template <class T>
Table<T> make_table(const TreeProblem<T>& problem, const std::vector<RootMode>& modes,
                    BinaryDpMutant mutant) {
  for (const RootMode& m : modes) {
    detail::validate_problem(problem, m, "optimal binary tree (per-pair costs)");
  }
  const std::int64_t p = problem.p();
  const std::string what = "per-pair binary tree DP memory for p = " + std::to_string(p);
  require_memory(binary_per_pair_memory_bytes(p), what);
  Table<T> t;
  t.pr = &problem;
  t.mutant = mutant;
  t.p = p;
  t.prefix = detail::prefix_sums(problem.m);
  t.offset.assign(static_cast<Idx>(p * p), 0);
  std::int64_t n = 0;
  for (std::int64_t i = 0; i < p; ++i) {
    for (std::int64_t j = i; j < p; ++j) {
      t.offset[static_cast<Idx>(i * p + j)] = n;
      n += j - i + 1;
    }
  }
  t.c.assign(static_cast<Idx>(n), T{});
  t.fill();
  return t;
}

template <class T>
TreeResult<T> result(const Table<T>& t, RootMode mode) {
  std::int64_t root = mode.root;
  if (mode.best) {
    root = 0;
    for (std::int64_t r = 1; r < t.p; ++r) {
      if (t.C(0, t.p - 1, r) < t.C(0, t.p - 1, root)) root = r;
    }
  }
  TreeResult<T> out;
  out.time = t.C(0, t.p - 1, root);
  out.tree.root = root;
  out.tree.sequence.assign(static_cast<Idx>(t.p), {});
  t.build(0, t.p - 1, root, out.tree);
  return out;
}

}  // namespace

std::int64_t binary_per_pair_memory_bytes(std::int64_t p) {
  const std::string what = "per-pair binary tree DP memory for p = " + std::to_string(p);
  // offset (8 p^2) and C over every i <= r <= j, p (p + 1) (p + 2) / 6 entries of 8 bytes.
  const std::int64_t pp = checked_mul(p, p, what);
  const std::int64_t n = checked_mul(checked_mul(p, p + 1, what), p + 2, what) / 6;
  return checked_add(checked_mul(pp, 8, what), checked_mul(n, 8, what), what);
}

template <class T>
TreeResult<T> optimal_binary_tree_per_pair(const TreeProblem<T>& problem, RootMode mode,
                                           BinaryDpMutant mutant) {
  return result(make_table(problem, {mode}, mutant), mode);
}

template <class T>
BinaryBoth<T> optimal_binary_tree_per_pair_both(const TreeProblem<T>& problem,
                                                std::int64_t fixed_root) {
  const Table<T> t = make_table(problem, {RootMode::fixed(fixed_root)}, BinaryDpMutant::none);
  return {result(t, RootMode::fixed(fixed_root)), result(t, RootMode::best_root())};
}

template TreeResult<std::int64_t> optimal_binary_tree_per_pair(const TreeProblem<std::int64_t>&,
                                                               RootMode, BinaryDpMutant);
template TreeResult<double> optimal_binary_tree_per_pair(const TreeProblem<double>&, RootMode,
                                                         BinaryDpMutant);
template BinaryBoth<std::int64_t> optimal_binary_tree_per_pair_both(
    const TreeProblem<std::int64_t>&, std::int64_t);
template BinaryBoth<double> optimal_binary_tree_per_pair_both(const TreeProblem<double>&,
                                                              std::int64_t);

}  // namespace collverify::trees
