// Reads a PARTITION solution off a gather tree of Theorem 7's instance (seed 001, Figure 8):
// processors 0..p-1 hold the values; in the proof's optimal tree the subtree of processor p
// (block p * m / 2) holds one half R-bar and the rest of the tree the other half. Tried in this
// order: the value processors in the subtree of p, then in the subtree of every other processor
// (ascending); the first set whose values sum to m / 2 is returned (indices ascending).
//
// Example: values {1, 2, 3}, a tree in which processor 3's subtree is {3, 2}: {2} (3 = 6 / 2).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/gather_tree.hpp"

namespace collverify::proofs {

// Precondition: tree.p() == values.size() + 2 and is_spanning_tree(tree).
std::optional<std::vector<std::int64_t>> partition_from_tree(const GatherTree& tree,
                                                            const std::vector<std::int64_t>& values);

}  // namespace collverify::proofs
