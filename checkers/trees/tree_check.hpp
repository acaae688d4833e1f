// Structural checks of gather/scatter trees (seed 001, Definitions 1 and 3), independent of every
// construction in reference/trees.
//
// check_tree_shape: the tree is well formed — p sequences, the root in [0, p), every entry in
// [0, p), each processor's own local copy in its sequence exactly once, every non-root
// processor in exactly one other processor's sequence (it sends exactly once), the root in
// none, and every processor reachable from the root (spanning, no cycle).
//
// check_tree_order: every subtree spans a consecutive range of ranks, and each sequence obeys
//   OrderRule::rank    — Definition 3 as printed: children and the copy in increasing rank
//                        order, each element starting right after the previous one ends;
//   OrderRule::segment — the order the DP equations of Figures 4 and 6 and the binomial trees of
//                        Proposition 1 produce: the copy first, then every child extends the
//                        gathered segment at its left or its right end.
//   OrderRule::figure4 — Figures 4 and 5 as printed: the copy and the first child in rank order
//                        (copy then the child on the right, or the child on the left then the
//                        copy), every later child extending the segment at either end.
// Both return the first violation found (smallest processor first) or nothing. Cost O(p).
// Example: root 1 with sequence {1, 2, 0} over p = 3 is segment-ordered, not rank-ordered.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "model/gather_tree.hpp"

namespace collverify::trees {

struct TreeViolation {
  std::string property;  // e.g. "sends_twice", "not_consecutive", "segment_order"
  std::int64_t processor = -1;
  std::string message;
};

enum class OrderRule { rank, segment, figure4 };

std::optional<TreeViolation> check_tree_shape(const GatherTree& tree);

// Precondition: check_tree_shape(tree) found nothing.
std::optional<TreeViolation> check_tree_order(const GatherTree& tree, OrderRule rule);

// The largest number of children of any processor.
std::int64_t max_children(const GatherTree& tree);

}  // namespace collverify::trees
