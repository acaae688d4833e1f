// The three broadcast layouts of Sanders and Sibeyn (seed 002, §2-3), for any P >= 1: the chain
// (one group of P PUs), the pipelined binary tree (group size 1) and the fractional tree with
// group size r. A group is a chain of up to r PUs; its last PU sends down to the head of the
// down-successor group and every PU of a full group sends right to the head of the
// right-successor group. With the head of a group receiving its first packet at step tau, its
// i-th PU does so at tau + i, the down head at tau + r, the right head at tau + r + 1, so within
// i steps P_i PUs are reached (model/fractional/recurrence.hpp) and the depth is
// d = min{i : P_i >= P} - 1: the last PU receives its first packet at step d + 1.
//
// Numbering (the tie-break that makes the layout unique): preorder of the full tree of budget
// d + 1 (a group's PUs in order, then its down subtree, then its right subtree), cut after the
// first P ids. A preorder prefix is closed under predecessors, and a group cut short has no
// successors (they come after it), so every cut is a valid layout of depth d.
//
// place() finds one PU's place in O(d / r) steps of a descent from the root, given the sizes
// P_0..P_{d+1} (O(d) to compute, shared by all PUs); build_layout_slow() builds the whole tree
// explicitly, node by node, and is its slow twin (O(P_{d+1}) time and memory).
//
// Example: P = 5, r = 2: d = 2 (P_3 = 5); PU 0 (root, head), PU 1 (index 1, down -> 2), PU 2
// (head of the down group, first step 2), PU 3 (index 1 of that group, first step 3), PU 4
// (head of the root group's right group, first step 3, predecessor group 0).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace collverify::fractional {

enum class Layout { chain, binary, fractional };
const char* to_string(Layout l);
// "chain", "binary", "fractional"; InputError naming the word otherwise.
Layout parse_layout(const std::string& word);

inline constexpr std::int64_t kNoPu = -1;

struct Placement {
  std::int64_t group_head = 0;   // PU id of the head of the PU's group
  std::int64_t index = 0;        // i: the PU's index in its group (0 = head)
  std::int64_t pred_group = kNoPu;  // head of the predecessor group (heads of non-root groups)
  bool right_child = false;      // the group is its predecessor group's right successor
  std::int64_t pred = kNoPu;     // the PU its first packet comes from (a right head: PU 0 of
                                 // the predecessor group; a down head: its last PU)
  std::int64_t down = kNoPu;     // next PU in the group, or for the last one the down head
  std::int64_t right = kNoPu;    // head of the right-successor group (full groups only)
  std::int64_t first_step = 0;   // step (1-based) of the first packet; 0 for the root
  friend bool operator==(const Placement&, const Placement&) = default;
};

// What every PU needs to place itself: P, the group size g (chain: P), d and P_0..P_{d+1}.
struct LayoutParams {
  Layout layout = Layout::fractional;
  std::int64_t P = 1;
  std::int64_t g = 1;  // group size
  std::int64_t d = -1;
  std::vector<std::int64_t> sizes;  // P_0..P_{d+1} for group size g (empty for the chain)
};

// InputError naming P or r when P < 1, r < 1 (fractional only; binary is r = 1, the chain
// ignores r).
LayoutParams layout_params(Layout layout, std::int64_t P, std::int64_t r);

// The place of PU x (0 <= x < P), O(d / g) after layout_params.
Placement place(const LayoutParams& lp, std::int64_t x);

// Every PU's place, built as an explicit tree (the slow twin of place()).
std::vector<Placement> build_layout_slow(const LayoutParams& lp);

}  // namespace collverify::fractional
