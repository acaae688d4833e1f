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

// The generic tree of a 3D torus a x b x c (families/torus/torus_svg_3d.cpp): the c slices w = const
// (centred, -m..m, the root's slice in the middle) side by side, at most 5 per row. Every node is
// a disc filled with the colour of the level of the arc entering it and labelled with that level
// (the root black); an arc inside a slice (+-0, +-1) is an arrow of its level's colour (a stub if
// it wraps); an arc that crosses slices (+-2) is marked at its head by a triangle pointing up
// (+2: from the slice to the left) or down (-2: from the slice to the right). Lemma 11 reads as:
// no two arrows or triangles of one colour point the same way.
// Cost: O(N) elements; InputError for a tree that is not of a 3D torus or a side above
// kMaxTorusPicture3dSide.
// Example: tadt_tree_3d_svg({3, 3, 3}, pyramid_tree_3d(3)) draws 27 discs in 3 slices and 26 arcs.
inline constexpr std::int64_t kMaxTorusPicture3dSide = 11;
std::string tadt_tree_3d_svg(std::span<const std::int64_t> sides, const network::LevelTree& tree);

}  // namespace collverify
