// Fractional trees on an a x b mesh (seed 002 §4 "Meshes", Figure 4): r = r1 * r2 with
// a / r1 = b / r2 = n a power of two. The mesh (Network::mesh({a, b}), node = c0 + a * c1) is cut
// into n x n cells of r1 x r2 nodes (cell (x, y) = c0 in [x r1, (x+1) r1), c1 in [y r2, (y+1) r2)).
//
// The H-tree: the complete binary tree of the alternating bisections of the n x n cells (the root
// cuts coordinate 0 in half, its children cut coordinate 1, ...; depth 2 log2 n, one leaf per
// cell). Drawn with every internal node at the centre of its rectangle it is the H fractal:
//
//     +---+---+        leaves in H-tree (Morton) order, n = 4:   0  2  8 10
//     | H | H |        (bit 2k+1 of the leaf index = bit k of      1  3  9 11
//     +---+---+         c0-cell, bit 2k = bit k of c1-cell;         4  6 12 14
//                       rows = c1-cell, columns = c0-cell)          5  7 13 15
//
// Cell orders (CellOrder): `hilbert` visits the cells along the Hilbert curve: every aligned
// 2^j x 2^j block of cells (every even-depth subtree of the H-tree) is one interval of the order
// and consecutive cells are mesh neighbours; `morton` is the H-tree's leaves left to right (the
// same blocks are intervals, but consecutive cells may be far apart).
// `quad` is the construction of reference/embedding/mesh_quad.hpp (n <= 2 only: its own cells and
// snakes, edge congestion 1 for every s); `automatic` (embed_fractional_mesh's default) is `quad`
// where it applies and `hilbert` elsewhere. cell_at and node_sequence take hilbert and morton only.
// Inside a cell the r positions are `snake`-ordered: position q is row j = q / r1 (c1 offset),
// column q mod r1 on even rows and r1 - 1 - q mod r1 on odd rows (c0 offset); `row_major` drops the
// reversal (a mutant: consecutive positions of odd rows are then r1 - 1 apart).
//
// The tree (embed_fractional_mesh): the layout of reference/fractional has partial leaf groups
// (P = 128, r = 2: 73 groups, 18 of them of one PU) that cannot be r1 x r2 cells, so the tree
// embedded is full_fractional_groups(n^2, r) (reference/embedding/group_tree.hpp): n^2 full groups
// of the fractional shape in preorder, P = a b, group k on the k-th cell of the cell order
// (docs/ERRATA.md E29; Figure 4's congestion: E28). Preorder makes a group and its down
// successor consecutive (neighbouring cells under `hilbert`); a right successor comes after the
// whole down subtree. PU x goes to the x-th node of the sequence "cells in cell order, positions
// in cell order" (node_sequence()).
// Cost: O(a b) time and memory for the placement; the schedule O(a b s).
// Example: 2 x 4 mesh, r = 2 (r1 = 1, r2 = 2, n = 2), hilbert: cells (0,0), (0,1), (1,1), (1,0),
// nodes 0, 2 | 4, 6 | 5, 7 | 1, 3.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/comm_model.hpp"
#include "model/network/routed_schedule.hpp"
#include "model/schedule.hpp"
#include "reference/embedding/group_tree.hpp"

namespace collverify::embedding {

enum class CellOrder { hilbert, morton, quad, automatic };
enum class InCell { snake, row_major };
const char* to_string(CellOrder o);
const char* to_string(InCell o);

struct MeshShape {
  std::int64_t a = 1;   // side in coordinate 0
  std::int64_t b = 1;   // side in coordinate 1
  std::int64_t r1 = 1;  // cell side in coordinate 0
  std::int64_t r2 = 1;  // cell side in coordinate 1
  std::int64_t n() const { return a / r1; }
};

// r1, r2 with r1 * r2 = r and a / r1 = b / r2 a power of two (unique when it exists:
// r1^2 = r a / b); InputError naming a, b or r otherwise (a, b < 1, r < 1, no such split).
MeshShape mesh_shape(std::int64_t a, std::int64_t b, std::int64_t r);
// InputError naming the value when the shape breaks the rule above.
void validate_mesh_shape(const MeshShape& m);

// Cell (x, y) (coordinates in cells) at position t of the cell order (hilbert or morton),
// 0 <= t < n^2.
std::pair<std::int64_t, std::int64_t> cell_at(CellOrder order, std::int64_t n, std::int64_t t);

// The a * b node ids in placement order (see above); node_sequence()[x] is PU x's node.
std::vector<std::int64_t> node_sequence(const MeshShape& m, CellOrder order = CellOrder::hilbert,
                                        InCell in_cell = InCell::snake);

struct MeshEmbedding {
  MeshShape shape;
  GroupTree tree;                       // n^2 full groups, preorder
  CellOrder order = CellOrder::hilbert;  // the rule used (automatic resolved)
  std::vector<std::int64_t> placement;  // PU -> node
  Schedule schedule;                    // Figure 2 in lock step on `tree`
  network::RoutedSchedule routed;       // embed(schedule, mesh, placement, switching), XY routes
  std::int64_t depth = 0;               // the step the last PU receives its first packet
};

// InputError naming the value for a bad shape (mesh_shape), s < 1, `quad` for n > 2 or a schedule
// over the memory budget (the estimate of fractional::broadcast_bytes for P = a b). in_cell applies
// to hilbert and morton only.
MeshEmbedding embed_fractional_mesh(std::int64_t a, std::int64_t b, std::int64_t r, std::int64_t s,
                                    Switching switching = Switching::wormhole,
                                    CellOrder order = CellOrder::automatic,
                                    InCell in_cell = InCell::snake);

// A packet count s* whose schedule on `t` has every (step, transfer) pattern that any s has: a
// transfer at step u carries a packet j <= u, so steps up to u are the same for every s > u; a
// packet count only removes transfers (s <= s' gives a subset: Figure 2's lock-step times do not
// depend on s); and once every group has started and passed its first run (step
// max first step + 2 r + 2) the steps repeat with period r + 1. So the congestion of any s is at
// most that of s* = max first step + 3 (r + 1), and equal to it for s >= s*
// (MeshPlacement.CongestionIsMonotoneInSAndConstantFromTheBound checks this).
std::int64_t every_s_packets(const GroupTree& t);

}  // namespace collverify::embedding
