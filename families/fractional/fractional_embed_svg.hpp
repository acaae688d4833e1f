// Figure 4 of seed 002 (§4, "Meshes") as we build it: a fractional tree embedded in an a x b mesh,
// as a standalone SVG (no scripts; embeddable inline in report.html). Drawn from plain data (the
// placement and the tree of groups, reference/embedding/), nothing recomputed here:
//   - the mesh: node (c0, c1) at column c1, row c0 (so the 8 x 16 mesh is 16 wide, 8 high), grey
//     links between neighbours; the r1 x r2 cells as light rectangles;
//   - every PU a disc coloured by its group (hue by group index) with its PU id;
//   - tree edges as the XY routes the embedding uses (coordinate 0 first, then 1): inside a group
//     thin lines PU i -> i + 1, down edges (last PU -> down head) solid, right edges (head ->
//     right head; every PU of the group sends right, one of them drawn) dashed;
//   - an optional highlighted arc (the congestion witness) in red.
// Refused (InputError): sides < 1, more than kMaxEmbedPictureNodes nodes, a placement that is not
// a bijection onto the nodes, group lists of different lengths.
// Cost: O(a b) elements. Example: fractional_embed_svg of the 8 x 16 mesh, r = 2: 128 discs,
// 64 cells.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/network/network.hpp"

namespace collverify {

inline constexpr std::int64_t kMaxEmbedPictureNodes = 4096;

struct MeshEmbedPicture {
  std::int64_t a = 1, b = 1, r1 = 1, r2 = 1;
  std::vector<std::int64_t> placement;    // PU -> node (node = c0 + a c1)
  std::vector<std::int64_t> group_size;   // groups in PU order: group k holds the next size[k] PUs
  std::vector<std::int64_t> group_down;   // group or -1
  std::vector<std::int64_t> group_right;  // group or -1
  std::optional<network::Arc> highlight;  // e.g. the congestion witness
  std::string title;
  std::string subtitle;
};

std::string fractional_embed_svg(const MeshEmbedPicture& p);

}  // namespace collverify
