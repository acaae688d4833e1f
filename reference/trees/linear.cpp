#include "reference/trees/linear.hpp"

#include <cstddef>

#include "reference/trees/dp_common.hpp"

namespace collverify::trees {
namespace {

template <class T>
T star_time(const TreeProblem<T>& pr, std::int64_t r) {
  if (pr.p() == 1) return T{};  // a single processor is a leaf: Time(T^r_{r}) = 0
  T t = pr.cost.g(r) * static_cast<T>(pr.m[static_cast<std::size_t>(r)]);
  for (std::int64_t i = 0; i < pr.p(); ++i) {
    const std::int64_t s = pr.m[static_cast<std::size_t>(i)];
    if (i != r && s > 0) t += pr.cost.a(i, r) + pr.cost.b(i, r) * static_cast<T>(s);
  }
  return t;
}

GatherTree star(std::int64_t p, std::int64_t r) {
  GatherTree g;
  g.root = r;
  g.sequence.resize(static_cast<std::size_t>(p));
  for (std::int64_t v = 0; v < p; ++v) g.sequence[static_cast<std::size_t>(v)] = {v};
  auto& s = g.sequence[static_cast<std::size_t>(r)];
  for (std::int64_t v = r + 1; v < p; ++v) s.push_back(v);
  for (std::int64_t v = r - 1; v >= 0; --v) s.push_back(v);
  return g;
}

}  // namespace

template <class T>
TreeResult<T> linear_tree(const TreeProblem<T>& problem, RootMode mode) {
  detail::validate_problem(problem, mode, "linear tree");
  std::int64_t root = mode.best ? 0 : mode.root;
  T best = star_time(problem, root);
  if (mode.best) {
    for (std::int64_t r = 1; r < problem.p(); ++r) {
      const T t = star_time(problem, r);
      if (t < best) {
        best = t;
        root = r;
      }
    }
  }
  return {star(problem.p(), root), best};
}

template TreeResult<std::int64_t> linear_tree(const TreeProblem<std::int64_t>&, RootMode);
template TreeResult<double> linear_tree(const TreeProblem<double>&, RootMode);

}  // namespace collverify::trees
