#include "model/gather_tree.hpp"

#include <cstddef>

namespace collverify {

std::vector<std::int64_t> GatherTree::children(std::int64_t v) const {
  std::vector<std::int64_t> out;
  for (const std::int64_t c : sequence[static_cast<std::size_t>(v)]) {
    if (c != v) out.push_back(c);
  }
  return out;
}

std::vector<std::int64_t> GatherTree::parents() const {
  std::vector<std::int64_t> parent(sequence.size(), -1);
  for (std::int64_t v = 0; v < p(); ++v) {
    for (const std::int64_t c : sequence[static_cast<std::size_t>(v)]) {
      if (c != v && c >= 0 && c < p()) parent[static_cast<std::size_t>(c)] = v;
    }
  }
  return parent;
}

GatherTree GatherTree::star(std::int64_t p, std::int64_t root) {
  GatherTree t;
  t.root = root;
  t.sequence.resize(static_cast<std::size_t>(p));
  for (std::int64_t v = 0; v < p; ++v) t.sequence[static_cast<std::size_t>(v)] = {v};
  auto& s = t.sequence[static_cast<std::size_t>(root)];
  for (std::int64_t v = 0; v < p; ++v) {
    if (v != root) s.push_back(v);
  }
  return t;
}

}  // namespace collverify
