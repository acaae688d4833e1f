#include "reference/trees/binary.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "reference/trees/binary_per_pair.hpp"
#include "reference/trees/dp_common.hpp"
#include "reference/trees/dp_kernels.hpp"

namespace collverify::trees {
namespace {

using detail::at;
using Idx = std::size_t;

struct Pick {
  std::int8_t kase = 0;  // 1..5 as in Figure 7
  std::int32_t k = -1;
};

template <class T>
struct Binary {
  std::int64_t p = 0;
  T a{}, b{};
  std::vector<std::int64_t> prefix;
  std::vector<T> copy;
  std::vector<T> c;
  std::vector<Pick> pick;

  T comm(std::int64_t i, std::int64_t j) const {
    return detail::comm(a, b, prefix[static_cast<Idx>(j + 1)] - prefix[static_cast<Idx>(i)]);
  }
  T C(std::int64_t i, std::int64_t j) const { return c[at(i, j, p)]; }
  T cp(std::int64_t v) const { return copy[static_cast<Idx>(v)]; }

  // The five cases of Figure 7 for [i..j] and split k (where the case uses one).
  T case1(std::int64_t i, std::int64_t j, std::int64_t k) const {
    return std::max(std::max(cp(i), C(i + 1, k)) + comm(i + 1, k), C(k + 1, j)) + comm(k + 1, j);
  }
  T case2(std::int64_t i, std::int64_t j, std::int64_t k) const {
    return std::max(C(i, k - 1) + comm(i, k - 1) + cp(k), C(k + 1, j)) + comm(k + 1, j);
  }
  T case3(std::int64_t i, std::int64_t j, std::int64_t k) const {
    return std::max(C(i, k) + comm(i, k), C(k + 1, j - 1)) + comm(k + 1, j - 1) + cp(j);
  }
  T case4(std::int64_t i, std::int64_t j) const {
    return std::max(cp(i), C(i + 1, j)) + comm(i + 1, j);
  }
  T case5(std::int64_t i, std::int64_t j) const { return C(i, j - 1) + comm(i, j - 1) + cp(j); }

  // The slow twin: the five cases straight from Figure 7, ranges by increasing length.
  void fill_naive() {
    for (std::int64_t len = 2; len <= p; ++len) {
      for (std::int64_t i = 0; i + len <= p; ++i) {
        const std::int64_t j = i + len - 1;
        T best = std::numeric_limits<T>::max();
        Pick choice;
        auto consider = [&](T v, int kase, std::int64_t k) {
          if (v < best) {
            best = v;
            choice = {static_cast<std::int8_t>(kase), static_cast<std::int32_t>(k)};
          }
        };
        for (std::int64_t k = i + 1; k < j; ++k) consider(case1(i, j, k), 1, k);
        for (std::int64_t k = i + 1; k < j; ++k) consider(case2(i, j, k), 2, k);
        for (std::int64_t k = i; k < j - 1; ++k) consider(case3(i, j, k), 3, k);
        consider(case4(i, j), 4, -1);
        consider(case5(i, j), 5, -1);
        c[at(i, j, p)] = best;
        pick[at(i, j, p)] = choice;
      }
    }
  }

  // The fast path: the same cases in the blocked range order of detail::for_ranges_blocked, the
  // split cases in one kernel over contiguous rows of c and its transpose ct (dp_kernels.hpp).
  void fill_fast() {
    std::vector<T> ct(static_cast<Idx>(p * p), T{});
    std::vector<T> pq, bq;
    for (const std::int64_t v : prefix) {
      pq.push_back(static_cast<T>(v));
      bq.push_back(b * static_cast<T>(v));
    }
    auto q = [&](std::int64_t x) {
      return detail::Prefix<T>{&pq[static_cast<Idx>(x)], &bq[static_cast<Idx>(x)], a, b};
    };
    detail::for_ranges_blocked(p - 2, p, 0, [&](std::int64_t i, std::int64_t j) {
      T best = std::numeric_limits<T>::max();
      Pick choice;
      auto take = [&](T v, int kase, std::int64_t k) {
        if (v < best) {
          best = v;
          choice = {static_cast<std::int8_t>(kase), static_cast<std::int32_t>(k)};
        }
      };
      const T L = pq[static_cast<Idx>(i)];
      const T R = pq[static_cast<Idx>(j + 1)];
      if (j - i >= 2) {
        // Cases 1 and 2 over k = i+1 .. j-1, case 3 over k = i .. j-2, in one pass
        // (detail::first_min_binary; x = k - (i + 1) for cases 1 and 2, x = k - i for case 3):
        //   1: max(max(cp_i, C[i+1][k]) + comm(S(i+1,k)), C[k+1][j]) + comm(S(k+1,j))
        //   2: max(C[i][k-1] + comm(S(i,k-1)) + cp_k, C[k+1][j]) + comm(S(k+1,j))
        //   3: max(C[i][k] + comm(S(i,k)), C[k+1][j-1]) + comm(S(k+1,j-1)) + cp_j
        // Sizes from q = prefix[i + 1 + x] (A) and prefix[i + 2 + x] (B).
        const detail::BinaryRange<T> range{cp(i),
                                           &c[at(i + 1, i + 1, p)],
                                           &c[at(i, i, p)],
                                           &copy[static_cast<Idx>(i + 1)],
                                           &ct[at(j, i + 2, p)],
                                           &ct[at(j - 1, i + 1, p)],
                                           q(i + 1),
                                           L,
                                           pq[static_cast<Idx>(i + 1)],
                                           R,
                                           pq[static_cast<Idx>(j)]};
        std::int64_t x[3];
        T v[3];
        detail::first_min_binary(range, j - i - 1, x, v);
        take(v[0], 1, i + 1 + x[0]);
        take(v[1], 2, i + 1 + x[1]);
        take(v[2] + cp(j), 3, i + x[2]);
      }
      take(case4(i, j), 4, -1);
      take(case5(i, j), 5, -1);
      c[at(i, j, p)] = best;
      ct[at(j, i, p)] = best;
      pick[at(i, j, p)] = choice;
    });
  }

  // Best tree with root r over [0..p-1] (the last step of Figure 7 for a fixed root).
  std::pair<T, Pick> fixed_top(std::int64_t r) const {
    const std::int64_t j = p - 1;
    if (p == 1) return {T{}, Pick{}};
    T best = std::numeric_limits<T>::max();
    Pick choice;
    auto consider = [&](T v, int kase, std::int64_t k) {
      if (v < best) {
        best = v;
        choice = {static_cast<std::int8_t>(kase), static_cast<std::int32_t>(k)};
      }
    };
    if (r == 0) {
      for (std::int64_t k = 1; k < j; ++k) consider(case1(0, j, k), 1, k);
      consider(case4(0, j), 4, -1);
    } else if (r == j) {
      for (std::int64_t k = 0; k < j - 1; ++k) consider(case3(0, j, k), 3, k);
      consider(case5(0, j), 5, -1);
    } else {
      consider(case2(0, j, r), 2, r);
    }
    return {best, choice};
  }

  std::int64_t build(std::int64_t i, std::int64_t j, const Pick& pk, GatherTree& g) const {
    if (i == j) {
      g.sequence[static_cast<Idx>(i)] = {i};
      return i;
    }
    const std::int64_t k = pk.k;
    auto sub = [&](std::int64_t x, std::int64_t y) {
      return build(x, y, x == y ? Pick{} : pick[at(x, y, p)], g);
    };
    switch (pk.kase) {
      case 1: {
        const std::int64_t c1 = sub(i + 1, k);
        const std::int64_t c2 = sub(k + 1, j);
        g.sequence[static_cast<Idx>(i)] = {i, c1, c2};
        return i;
      }
      case 2: {
        const std::int64_t c1 = sub(i, k - 1);
        const std::int64_t c2 = sub(k + 1, j);
        g.sequence[static_cast<Idx>(k)] = {c1, k, c2};
        return k;
      }
      case 3: {
        const std::int64_t c1 = sub(i, k);
        const std::int64_t c2 = sub(k + 1, j - 1);
        g.sequence[static_cast<Idx>(j)] = {c1, c2, j};
        return j;
      }
      case 4: {
        const std::int64_t c1 = sub(i + 1, j);
        g.sequence[static_cast<Idx>(i)] = {i, c1};
        return i;
      }
      default: {
        const std::int64_t c1 = sub(i, j - 1);
        g.sequence[static_cast<Idx>(j)] = {c1, j};
        return j;
      }
    }
  }
};

template <class T>
Binary<T> binary_tables(const TreeProblem<T>& problem, const std::vector<RootMode>& modes,
                        bool naive) {
  for (const RootMode& m : modes) detail::validate_problem(problem, m, "optimal binary tree");
  if (!problem.cost.homogeneous()) {
    throw InputError(
        "optimal binary tree: the Figure 7 tables are for homogeneous costs; per-pair costs "
        "go to optimal_binary_tree_per_pair (reference/trees/binary_per_pair.hpp)");
  }
  const std::int64_t p = problem.p();
  const std::string what = "optimal binary tree DP memory for p = " + std::to_string(p);
  require_memory(checked_mul(checked_mul(p, p, what), 24, what), what);
  Binary<T> d;
  d.p = p;
  d.a = problem.cost.alpha;
  d.b = problem.cost.beta;
  d.prefix = detail::prefix_sums(problem.m);
  d.copy.resize(static_cast<Idx>(p));
  for (std::int64_t v = 0; v < p; ++v) {
    d.copy[static_cast<Idx>(v)] =
        problem.cost.gamma * static_cast<T>(problem.m[static_cast<Idx>(v)]);
  }
  d.c.assign(static_cast<Idx>(p * p), T{});
  d.pick.assign(static_cast<Idx>(p * p), Pick{});
  if (naive) {
    d.fill_naive();
  } else {
    d.fill_fast();
  }
  return d;
}

template <class T>
TreeResult<T> binary_result(const Binary<T>& d, RootMode mode) {
  const std::int64_t p = d.p;
  TreeResult<T> out;
  out.tree.sequence.assign(static_cast<Idx>(p), {});
  if (mode.best) {
    out.time = d.C(0, p - 1);
    out.tree.root = d.build(0, p - 1, p == 1 ? Pick{} : d.pick[at(0, p - 1, p)], out.tree);
    return out;
  }
  const auto [time, top] = d.fixed_top(mode.root);
  out.time = time;
  out.tree.root = d.build(0, p - 1, top, out.tree);
  return out;
}

}  // namespace

template <class T>
TreeResult<T> optimal_binary_tree(const TreeProblem<T>& problem, RootMode mode) {
  if (!problem.cost.homogeneous()) return optimal_binary_tree_per_pair(problem, mode);
  return binary_result(binary_tables(problem, {mode}, false), mode);
}

template <class T>
TreeResult<T> optimal_binary_tree_naive(const TreeProblem<T>& problem, RootMode mode) {
  return binary_result(binary_tables(problem, {mode}, true), mode);
}

template <class T>
std::pair<TreeResult<T>, TreeResult<T>> optimal_binary_tree_both(const TreeProblem<T>& problem,
                                                                 std::int64_t fixed_root) {
  if (!problem.cost.homogeneous()) {
    auto both = optimal_binary_tree_per_pair_both(problem, fixed_root);
    return {std::move(both.fixed), std::move(both.best)};
  }
  const auto fixed = RootMode::fixed(fixed_root);
  const Binary<T> d = binary_tables(problem, {fixed}, false);
  return {binary_result(d, fixed), binary_result(d, RootMode::best_root())};
}

template std::pair<TreeResult<std::int64_t>, TreeResult<std::int64_t>> optimal_binary_tree_both(
    const TreeProblem<std::int64_t>&, std::int64_t);
template std::pair<TreeResult<double>, TreeResult<double>> optimal_binary_tree_both(
    const TreeProblem<double>&, std::int64_t);
template TreeResult<std::int64_t> optimal_binary_tree_naive(const TreeProblem<std::int64_t>&,
                                                            RootMode);
template TreeResult<double> optimal_binary_tree_naive(const TreeProblem<double>&, RootMode);
template TreeResult<std::int64_t> optimal_binary_tree(const TreeProblem<std::int64_t>&, RootMode);
template TreeResult<double> optimal_binary_tree(const TreeProblem<double>&, RootMode);

}  // namespace collverify::trees
