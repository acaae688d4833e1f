// Pictures of gather/scatter trees (seed 001) as Graphviz DOT: one node per processor labelled
// "rank (m_i)", one edge child -> parent per send labelled with its place in the parent's
// sequence (1 = first received; the local copy takes a place too), the root drawn doubled.
// Deterministic: the same tree gives the same bytes. Render with `dot -Tsvg tree.dot`.
// Example: the star rooted at 0 over m = {2, 1}: 0 [label="0 (2)", peripheries=2]; 1 -> 0
// [label="2"].
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/gather_tree.hpp"

namespace collverify {

std::string tree_dot(const GatherTree& tree, const std::vector<std::int64_t>& m,
                     const std::string& title);

}  // namespace collverify
