// Pictures of the hypercube trees of seed 004, drawn like the lecture's slides, as standalone SVG
// (no scripts, no external resources; embeddable inline in report.html).
//
// aab_tree_svg (slides 21-26): the generic tree of the all-to-all broadcast round by round: row 0
// holds the root 0...0, row r + 1 the nodes that receive in round r (left to right by the
// dimension of their link); each edge runs from the parent to the child, coloured and labelled
// by its dimension ("dim j"), so property (*) reads as "no colour twice in a row".
// oas_tree_svg (slides 47-48): the balanced scatter tree, root on top, one column block per
// root subtree (headed by its size against ceil((2^d - 1)/d)), nodes by depth, edges coloured by
// dimension.
// Nodes are labelled in binary, bit d-1 first (d = 3: node 6 is "110").
// Cost: O(2^d) elements; InputError above kMaxPictureDimension (the picture would be unreadable).
// Example: aab_tree_svg(aab_generic_tree(3)) has 4 rows: 000; 001 010 100; 011 110 101; 111.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "model/hypercube_tree.hpp"

namespace collverify {

inline constexpr int kMaxPictureDimension = 8;

// The label of `node` as d binary digits, most significant first.
std::string binary_label(std::int64_t node, int d);

std::string aab_tree_svg(const hypercube::GenericTree& tree);

// parent[0] = -1, parent[x] = x with one 1 bit cleared.
std::string oas_tree_svg(int d, std::span<const std::int64_t> parent);

}  // namespace collverify
