#include "checkers/trees/binary_check.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <type_traits>

#include "checkers/trees/brute_force.hpp"
#include "checkers/trees/tree_time.hpp"
#include "model/error.hpp"

namespace collverify::trees {
namespace {

template <class T>
bool same(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::fabs(a - b) <= 1e-9 * (1 + std::fabs(a) + std::fabs(b));
  } else {
    return a == b;
  }
}

TreeViolation binary_violation(std::string property, std::int64_t processor, std::string message) {
  return {std::move(property), processor, std::move(message)};
}

std::optional<TreeViolation> check_structure(const GatherTree& tree, std::int64_t root) {
  if (auto v = check_tree_shape(tree)) return v;
  if (auto v = check_tree_order(tree, OrderRule::rank)) {
    v->property = "rank_order";
    return v;
  }
  for (std::int64_t v = 0; v < tree.p(); ++v) {
    const auto n = static_cast<std::int64_t>(tree.children(v).size());
    if (n > 2) {
      return binary_violation("not_binary", v, fmt::format("processor {} has {} children", v, n));
    }
  }
  if (root >= 0 && tree.root != root) {
    return binary_violation("wrong_root", tree.root,
                     fmt::format("rooted at {}, not at the given root {}", tree.root, root));
  }
  return std::nullopt;
}

}  // namespace

template <class T>
std::optional<TreeViolation> check_binary_optimum(const TreeProblem<T>& problem, std::int64_t root,
                                                  const GatherTree& tree, T claimed,
                                                  std::int64_t brute_max_p) {
  if (brute_max_p > 9) throw InputError(fmt::format("brute_max_p {} is above 9", brute_max_p));
  if (tree.p() != problem.p()) {
    return binary_violation("shape", -1,
                     fmt::format("tree over {} processors for p = {}", tree.p(), problem.p()));
  }
  if (auto v = check_structure(tree, root)) return v;
  const T time = gather_time(tree, problem, LeafCopy::free);
  if (!same(time, claimed)) {
    return binary_violation("claimed_time", tree.root,
                     fmt::format("claims time {} but Figure 1 gives {}", claimed, time));
  }
  if (problem.p() > brute_max_p) return std::nullopt;
  const auto bf = brute_force_minimum(problem, {OrderRule::rank, 2, root});
  if (!same(bf.time, claimed)) {
    return binary_violation("not_optimal", tree.root,
                     fmt::format("claims the optimum {} but the best of {} rank-ordered binary "
                                 "trees takes {} (root {})",
                                 claimed, bf.trees, bf.time, bf.tree.root));
  }
  return std::nullopt;
}

template std::optional<TreeViolation> check_binary_optimum(const TreeProblem<std::int64_t>&,
                                                           std::int64_t, const GatherTree&,
                                                           std::int64_t, std::int64_t);
template std::optional<TreeViolation> check_binary_optimum(const TreeProblem<double>&, std::int64_t,
                                                           const GatherTree&, double, std::int64_t);

}  // namespace collverify::trees
