// The picture of a time-arc-disjoint generic tree on a 2D torus (seed 003), as standalone SVG
// (no scripts, no external resources; embeddable inline in report.html).
//
// tadt_tree_svg: the z0 x z1 nodes on a grid with the root in the middle (coordinates taken in
// -m..m, y upwards), every arc drawn as an arrow from its tail to its head, coloured by its level
// (a rainbow from level 0, red, to the last level, violet) and labelled with the level; an arc
// that wraps around the torus is drawn as a stub leaving its tail. Lemma 11 reads as: no two
// arrows of one colour point the same way. A legend gives the colours of the levels.
// Cost: O(N) elements; InputError for a tree that is not of a 2D torus or a side above
// kMaxTorusPictureSide (unreadable).
// Example: tadt_tree_svg({3, 3}, snake_tree_2d(3)) draws 9 nodes and 8 arrows of 2 colours.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "model/network/level_tree.hpp"

namespace collverify {

inline constexpr std::int64_t kMaxTorusPictureSide = 25;

std::string tadt_tree_svg(std::span<const std::int64_t> sides, const network::LevelTree& tree);

}  // namespace collverify
