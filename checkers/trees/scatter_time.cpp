#include "checkers/trees/scatter_time.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>

#include "model/error.hpp"

namespace collverify::trees {
namespace {

using Idx = std::size_t;

std::int64_t plus(std::int64_t a, std::int64_t b) {
  std::int64_t out = 0;
  if (__builtin_add_overflow(a, b, &out)) throw InputError("scatter time overflows 64 bits");
  return out;
}
std::int64_t times(std::int64_t a, std::int64_t b) {
  std::int64_t out = 0;
  if (__builtin_mul_overflow(a, b, &out)) throw InputError("scatter cost overflows 64 bits");
  return out;
}
double plus(double a, double b) { return a + b; }
double times(double a, double b) { return a * b; }

}  // namespace

template <class T>
T scatter_time(const GatherTree& tree, const TreeProblem<T>& problem, LeafCopy leaf) {
  const std::vector<std::int64_t> size = subtree_sizes(tree, problem.m);
  const auto& cost = problem.cost;
  std::vector<T> start(size.size(), T{});
  std::vector<std::int64_t> queue{tree.root};
  T finish{};
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const std::int64_t v = queue[q];
    const auto& seq = tree.sequence[static_cast<Idx>(v)];
    T t = start[static_cast<Idx>(v)];
    for (const std::int64_t c : seq) {
      if (c == v) {
        if (!(leaf == LeafCopy::free && seq.size() == 1)) {
          t = plus(t, times(cost.g(v), static_cast<T>(problem.m[static_cast<Idx>(v)])));
        }
        continue;
      }
      const std::int64_t s = size[static_cast<Idx>(c)];
      if (s > 0) t = plus(t, plus(cost.a(v, c), times(cost.b(v, c), static_cast<T>(s))));
      start[static_cast<Idx>(c)] = t;
      queue.push_back(c);
    }
    finish = std::max(finish, t);
  }
  return finish;
}

template <class T>
T broadcast_time(const GatherTree& tree, const TreeProblem<T>& problem) {
  std::int64_t total = 0;
  for (const auto x : problem.m) {
    if (__builtin_add_overflow(total, x, &total)) throw InputError("total size overflows 64 bits");
  }
  std::vector<T> start(tree.sequence.size(), T{});
  std::vector<std::int64_t> queue{tree.root};
  T finish{};
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const std::int64_t v = queue[q];
    T t = start[static_cast<Idx>(v)];
    for (const std::int64_t c : tree.sequence[static_cast<Idx>(v)]) {
      if (c == v) continue;
      if (total > 0) {
        t = plus(t, plus(problem.cost.a(v, c), times(problem.cost.b(v, c), static_cast<T>(total))));
      }
      start[static_cast<Idx>(c)] = t;
      queue.push_back(c);
    }
    finish = std::max(finish, t);
  }
  return finish;
}

GatherTree reversed_sequences(const GatherTree& tree) {
  GatherTree out = tree;
  for (auto& s : out.sequence) std::reverse(s.begin(), s.end());
  return out;
}

template <class T>
TreeProblem<T> transposed_costs(const TreeProblem<T>& problem) {
  TreeProblem<T> out = problem;
  if (problem.cost.homogeneous()) return out;
  const std::int64_t p = problem.cost.p;
  for (std::int64_t i = 0; i < p; ++i) {
    for (std::int64_t j = 0; j < p; ++j) {
      out.cost.alpha_ij[static_cast<Idx>(i * p + j)] = problem.cost.alpha_ij[static_cast<Idx>(j * p + i)];
      out.cost.beta_ij[static_cast<Idx>(i * p + j)] = problem.cost.beta_ij[static_cast<Idx>(j * p + i)];
    }
  }
  return out;
}

template std::int64_t scatter_time(const GatherTree&, const TreeProblem<std::int64_t>&, LeafCopy);
template double scatter_time(const GatherTree&, const TreeProblem<double>&, LeafCopy);
template std::int64_t broadcast_time(const GatherTree&, const TreeProblem<std::int64_t>&);
template double broadcast_time(const GatherTree&, const TreeProblem<double>&);
template TreeProblem<std::int64_t> transposed_costs(const TreeProblem<std::int64_t>&);
template TreeProblem<double> transposed_costs(const TreeProblem<double>&);

}  // namespace collverify::trees
