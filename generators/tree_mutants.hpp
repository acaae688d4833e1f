// Deliberately broken gather/scatter trees (seed 001) that the checkers in checkers/trees must
// reject: each mutant names the property it breaks. Deterministic given the seed; nothing when
// the tree is too small to hold such a mutant.
//
//   moved_subtree   a non-root subtree re-attached as the last child of a processor whose
//                   gathered range is not adjacent to it: breaks consecutive ranges or order.
//   swapped_children  two elements of one sequence swapped so that the order rule breaks
//                   (segment rule: the copy and the first child, or two children on one side;
//                   rank rule: any two neighbours).
//   wrong_root      the claimed root replaced by another processor: the shape check fails (the
//                   claimed root sends, or the real root is unreachable).
// Example: the star rooted at 0 over p = 3 ({0, 1, 2}) with swapped children becomes {1, 0, 2}.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "model/gather_tree.hpp"

namespace collverify {

enum class TreeMutation { moved_subtree, swapped_children, wrong_root };

std::string mutation_name(TreeMutation m);

// `segment_rule`: which order rule swapped_children must break (true: copy first and adjacent
// growth; false: Definition 3 rank order).
std::optional<GatherTree> mutate_tree(const GatherTree& tree, TreeMutation m, std::uint64_t seed,
                                      bool segment_rule = true);

}  // namespace collverify
