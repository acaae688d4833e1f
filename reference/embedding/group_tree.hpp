// An explicit tree of groups for Figure 2's program (seed 002 §3) when the tree is not the
// depth-optimal layout of reference/fractional/layout.hpp: the embeddings of §4 build their trees
// of groups (a fractional tree whose groups are all full, so that groups match mesh cells; the
// hierarchical crossbar's global tree joined to local trees) and hand them to the lock step
// (fractional::run_lock_step) through to_placements().
//
// Groups are numbered 0..G-1 with group 0 the root; group k holds PUs first(k) .. first(k) +
// size[k] - 1 (first = prefix sums of the sizes in group order), PU 0 being the root of the
// broadcast. down[k] / right[k]: the down and right successor groups or -1 (every non-root group
// is the successor of exactly one group, through one slot). A group of fewer than
// r PUs has no successors and a right successor needs a full group (every PU sends a packet of the
// run right), as in the layout.
//
// full_fractional_groups(G, r): the fractional tree of G groups of r PUs each: the full tree of
// budget B (a group of budget B has a down subtree of budget B - r when B >= r and a right subtree
// of budget B - r - 1 when B >= r + 1, as in the layout, but every group keeps its r PUs), groups
// numbered in preorder (group, down subtree, right subtree) and cut after the first G; B is the
// smallest budget whose full tree has >= G groups. Its depth: the last PU's first packet arrives
// by step B + r - 1 at the latest (the layout's d + 1 for P = G r can be smaller: partial leaf
// groups let it use the budget exactly).
// Cost: O(G) time and memory (the full tree is walked only down to the cut).
// Example: G = 3, r = 2: B = 3 (budget 2 has 2 groups); group 0 (PUs 0, 1) has down group 1
// (PUs 2, 3) and right group 2 (PUs 4, 5).
#pragma once

#include <cstdint>
#include <vector>

#include "reference/fractional/layout.hpp"

namespace collverify::embedding {

struct GroupTree {
  std::int64_t r = 1;
  std::vector<std::int64_t> size;   // PUs per group
  std::vector<std::int64_t> down;   // group or -1
  std::vector<std::int64_t> right;  // group or -1
  std::int64_t groups() const { return static_cast<std::int64_t>(size.size()); }
  std::int64_t pus() const;
  std::vector<std::int64_t> first() const;  // first PU of each group
};

GroupTree full_fractional_groups(std::int64_t G, std::int64_t r);

// Every PU's Placement (as fractional::place() would fill it) for the lock step. InputError
// naming the group when the tree is malformed: root with a parent, a group with two parents or
// none, a successor out of range, a partial group with successors, sizes outside 1..r.
std::vector<fractional::Placement> to_placements(const GroupTree& t);

// Each group's first step (the step its head gets packet 0 in Figure 2's timing: down head of a
// group at tau: tau + r, right head: tau + r + 1); the last PU's first step is
// max over groups of first_step + size - 1, the depth d + 1 of the tree.
std::vector<std::int64_t> group_first_steps(const GroupTree& t);

}  // namespace collverify::embedding
