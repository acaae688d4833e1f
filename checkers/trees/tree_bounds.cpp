#include "checkers/trees/tree_bounds.hpp"

#include <algorithm>
#include <cstddef>

#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify::trees {
namespace {

std::int64_t others(const std::vector<std::int64_t>& m, std::int64_t root) {
  std::int64_t s = 0;
  for (std::size_t i = 0; i < m.size(); ++i) {
    if (static_cast<std::int64_t>(i) != root) s = checked_add(s, m[i], "lower bound: total size");
  }
  return s;
}

}  // namespace

template <class T>
T gather_lower_bound(const TreeProblem<T>& pr, std::int64_t root) {
  CV_ASSERT(root >= 0 && root < pr.p(), "root in [0, p)");
  if (pr.p() == 1) return T{};  // the one-processor tree is a leaf: Time(T^r_{r}) = 0
  const T copy = pr.cost.g(root) * static_cast<T>(pr.m[static_cast<std::size_t>(root)]);
  const std::int64_t s = others(pr.m, root);
  if (s == 0) return copy;
  T best{};
  bool have = false;
  for (std::int64_t j = 0; j < pr.p(); ++j) {
    if (j == root) continue;
    const T v = pr.cost.a(j, root) + pr.cost.b(j, root) * static_cast<T>(s);
    if (!have || v < best) best = v;
    have = true;
  }
  return copy + best;
}

template <class T>
T gather_lower_bound_k_ported(const TreeProblem<T>& pr, std::int64_t root, std::int64_t k) {
  CV_ASSERT(pr.cost.homogeneous() && k >= 1, "homogeneous costs and k >= 1");
  if (pr.p() == 1) return T{};
  const T copy = pr.cost.gamma * static_cast<T>(pr.m[static_cast<std::size_t>(root)]);
  const std::int64_t s = others(pr.m, root);
  if (s == 0) return copy;
  return copy + pr.cost.alpha + pr.cost.beta * static_cast<T>((s + k - 1) / k);
}

template <class T>
T proposition1_time(const TreeProblem<T>& pr) {
  CV_ASSERT(pr.cost.homogeneous(), "Proposition 1 is for homogeneous costs");
  std::int64_t m = 0;
  for (const auto x : pr.m) m = checked_add(m, x, "Proposition 1: total size");
  return static_cast<T>(ceil_log2(pr.p())) * pr.cost.alpha + pr.cost.beta * static_cast<T>(m);
}

template std::int64_t gather_lower_bound(const TreeProblem<std::int64_t>&, std::int64_t);
template double gather_lower_bound(const TreeProblem<double>&, std::int64_t);
template std::int64_t gather_lower_bound_k_ported(const TreeProblem<std::int64_t>&, std::int64_t,
                                                  std::int64_t);
template double gather_lower_bound_k_ported(const TreeProblem<double>&, std::int64_t, std::int64_t);
template std::int64_t proposition1_time(const TreeProblem<std::int64_t>&);
template double proposition1_time(const TreeProblem<double>&);

}  // namespace collverify::trees
