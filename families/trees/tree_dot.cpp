#include "families/trees/tree_dot.hpp"

#include <fmt/format.h>

#include <cstddef>

namespace collverify {

std::string tree_dot(const GatherTree& tree, const std::vector<std::int64_t>& m,
                     const std::string& title) {
  std::string out = "digraph gather_tree {\n  rankdir=BT;\n  labelloc=t;\n";
  std::string safe;
  for (const char c : title) safe += (c == '"' || c == '\\') ? '\'' : c;
  out += fmt::format("  label=\"{}\";\n  node [shape=box];\n", safe);
  for (std::int64_t v = 0; v < tree.p(); ++v) {
    const auto i = static_cast<std::size_t>(v);
    out += fmt::format("  {} [label=\"{} ({})\"{}];\n", v, v, i < m.size() ? m[i] : 0,
                       v == tree.root ? ", peripheries=2" : "");
  }
  for (std::int64_t v = 0; v < tree.p(); ++v) {
    const auto& seq = tree.sequence[static_cast<std::size_t>(v)];
    for (std::size_t k = 0; k < seq.size(); ++k) {
      if (seq[k] != v) out += fmt::format("  {} -> {} [label=\"{}\"];\n", seq[k], v, k + 1);
    }
  }
  return out + "}\n";
}

}  // namespace collverify
