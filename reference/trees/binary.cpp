#include "reference/trees/binary.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "reference/trees/dp_common.hpp"

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

  void fill() {
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

}  // namespace

template <class T>
TreeResult<T> optimal_binary_tree(const TreeProblem<T>& problem, RootMode mode) {
  detail::validate_problem(problem, mode, "optimal binary tree");
  if (!problem.cost.homogeneous()) {
    throw InputError("optimal binary tree: per-pair costs are not supported (Figure 7 is the "
                     "homogeneous DP); use homogeneous alpha, beta, gamma");
  }
  const std::int64_t p = problem.p();
  const std::string what = "optimal binary tree DP memory for p = " + std::to_string(p);
  require_memory(checked_mul(checked_mul(p, p, what), 16, what), what);
  Binary<T> d;
  d.p = p;
  d.a = problem.cost.alpha;
  d.b = problem.cost.beta;
  d.prefix = detail::prefix_sums(problem.m);
  d.copy.resize(static_cast<Idx>(p));
  for (std::int64_t v = 0; v < p; ++v) {
    d.copy[static_cast<Idx>(v)] = problem.cost.gamma * static_cast<T>(problem.m[static_cast<Idx>(v)]);
  }
  d.c.assign(static_cast<Idx>(p * p), T{});
  d.pick.assign(static_cast<Idx>(p * p), Pick{});
  d.fill();
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

template TreeResult<std::int64_t> optimal_binary_tree(const TreeProblem<std::int64_t>&, RootMode);
template TreeResult<double> optimal_binary_tree(const TreeProblem<double>&, RootMode);

}  // namespace collverify::trees
