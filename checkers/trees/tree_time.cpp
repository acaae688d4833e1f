#include "checkers/trees/tree_time.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>

#include "model/error.hpp"

namespace collverify::trees {
namespace {

using Idx = std::size_t;

// Children before parents: reverse of a pre-order from the root. Asserts each node is reached
// at most once (a well-formed tree is a precondition).
std::vector<std::int64_t> bottom_up_order(const GatherTree& tree) {
  const Idx p = tree.sequence.size();
  CV_ASSERT(tree.root >= 0 && static_cast<Idx>(tree.root) < p, "root outside [0, p)");
  std::vector<char> seen(p, 0);
  std::vector<std::int64_t> order;
  order.reserve(p);
  std::vector<std::int64_t> stack{tree.root};
  seen[static_cast<Idx>(tree.root)] = 1;
  while (!stack.empty()) {
    const std::int64_t v = stack.back();
    stack.pop_back();
    order.push_back(v);
    for (const std::int64_t c : tree.sequence[static_cast<Idx>(v)]) {
      if (c == v) continue;
      CV_ASSERT(c >= 0 && static_cast<Idx>(c) < p, "child outside [0, p)");
      CV_ASSERT(!seen[static_cast<Idx>(c)], "processor reached twice: not a tree");
      seen[static_cast<Idx>(c)] = 1;
      stack.push_back(c);
    }
  }
  std::reverse(order.begin(), order.end());
  return order;
}

std::int64_t add(std::int64_t a, std::int64_t b, std::int64_t v) {
  std::int64_t out = 0;
  if (__builtin_add_overflow(a, b, &out)) {
    throw InputError(fmt::format("completion time at processor {} overflows 64 bits", v));
  }
  return out;
}
std::int64_t mul(std::int64_t a, std::int64_t b, std::int64_t v) {
  std::int64_t out = 0;
  if (__builtin_mul_overflow(a, b, &out)) {
    throw InputError(fmt::format("cost at processor {} overflows 64 bits", v));
  }
  return out;
}
double add(double a, double b, std::int64_t /*v*/) { return a + b; }
double mul(double a, double b, std::int64_t /*v*/) { return a * b; }

}  // namespace

std::vector<std::int64_t> subtree_sizes(const GatherTree& tree, const std::vector<std::int64_t>& m) {
  CV_ASSERT(m.size() == tree.sequence.size(), "one block size per processor");
  std::vector<std::int64_t> size(m.size(), 0);
  for (const std::int64_t v : bottom_up_order(tree)) {
    std::int64_t s = m[static_cast<Idx>(v)];
    for (const std::int64_t c : tree.sequence[static_cast<Idx>(v)]) {
      if (c != v) s = add(s, size[static_cast<Idx>(c)], v);
    }
    size[static_cast<Idx>(v)] = s;
  }
  return size;
}

template <class T>
std::vector<T> gather_times(const GatherTree& tree, const TreeProblem<T>& problem) {
  return gather_times(tree, problem, LeafCopy::paid);
}

template <class T>
std::vector<T> gather_times(const GatherTree& tree, const TreeProblem<T>& problem, LeafCopy leaf) {
  CV_ASSERT(problem.m.size() == tree.sequence.size(), "one block size per processor");
  const std::vector<std::int64_t> size = subtree_sizes(tree, problem.m);
  const auto& cost = problem.cost;
  std::vector<T> time(problem.m.size(), T{});
  for (const std::int64_t v : bottom_up_order(tree)) {
    T t{};
    bool copied = false;
    for (const std::int64_t c : tree.sequence[static_cast<Idx>(v)]) {
      if (c == v) {
        CV_ASSERT(!copied, "local copy listed twice");
        copied = true;
        if (leaf == LeafCopy::free && tree.sequence[static_cast<Idx>(v)].size() == 1) continue;
        t = add(t, mul(cost.g(v), static_cast<T>(problem.m[static_cast<Idx>(v)]), v), v);
        continue;
      }
      const std::int64_t sz = size[static_cast<Idx>(c)];
      if (sz == 0) continue;  // comm(0) = 0: no data, no message, no wait
      const T arrive = add(cost.a(c, v), mul(cost.b(c, v), static_cast<T>(sz), c), c);
      t = add(std::max(t, time[static_cast<Idx>(c)]), arrive, v);
    }
    CV_ASSERT(copied, "a processor's sequence must contain its own local copy");
    time[static_cast<Idx>(v)] = t;
  }
  return time;
}

template std::vector<std::int64_t> gather_times(const GatherTree&, const TreeProblem<std::int64_t>&);
template std::vector<double> gather_times(const GatherTree&, const TreeProblem<double>&);
template std::vector<std::int64_t> gather_times(const GatherTree&, const TreeProblem<std::int64_t>&,
                                                LeafCopy);
template std::vector<double> gather_times(const GatherTree&, const TreeProblem<double>&, LeafCopy);

}  // namespace collverify::trees
