#include "proofs/trees/partition_from_tree.hpp"

#include <algorithm>
#include <cstddef>

#include "model/error.hpp"
#include "proofs/trees/tree_solution.hpp"

namespace collverify::proofs {
namespace {

using Idx = std::size_t;

std::vector<std::int64_t> values_below(const GatherTree& tree, std::int64_t v, std::int64_t p) {
  std::vector<std::int64_t> out, stack{v};
  while (!stack.empty()) {
    const std::int64_t u = stack.back();
    stack.pop_back();
    if (u < p) out.push_back(u);
    for (const std::int64_t c : tree.children(u)) stack.push_back(c);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::optional<std::vector<std::int64_t>> partition_from_tree(const GatherTree& tree,
                                                            const std::vector<std::int64_t>& values) {
  const std::int64_t p = static_cast<std::int64_t>(values.size());
  CV_ASSERT(tree.p() == p + 2, "partition_from_tree: the tree of Theorem 7's p + 2 processors");
  CV_ASSERT(is_spanning_tree(tree), "partition_from_tree: a spanning tree");
  std::int64_t m = 0;
  for (const std::int64_t v : values) m += v;
  std::vector<std::int64_t> order{p};
  for (std::int64_t v = 0; v < p + 2; ++v) {
    if (v != p) order.push_back(v);
  }
  for (const std::int64_t v : order) {
    const auto set = values_below(tree, v, p);
    std::int64_t s = 0;
    for (const std::int64_t i : set) s += values[static_cast<Idx>(i)];
    if (2 * s == m) return set;
  }
  return std::nullopt;
}

}  // namespace collverify::proofs
