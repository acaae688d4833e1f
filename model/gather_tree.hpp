// Gather and scatter trees (seed 001, Section 2 and Figure 1), as a shape only.
//
// A tree over processors 0..p-1 is rooted at `root`. Every processor v has an ordered
// `sequence[v]`: the subtrees v receives from (gather) or sends to (scatter), in that order,
// with v itself appearing exactly once at the position where v does its local copy (the
// subtree T^v_{{v}} of Figure 1). A leaf's sequence is {v}. Example, p = 3, root 1, the root
// first copies locally, then receives from 0, then from 2: sequence = {{0}, {1, 0, 2}, {2}}.
//
// Nothing here says whether a tree is well formed (spanning, rooted, acyclic, each non-root in
// exactly one parent's sequence): checkers/trees decides that. Costs are in model/tree_cost.hpp.
#pragma once

#include <cstdint>
#include <vector>

namespace collverify {

struct GatherTree {
  std::int64_t root = 0;
  std::vector<std::vector<std::int64_t>> sequence;  // one per processor

  std::int64_t p() const { return static_cast<std::int64_t>(sequence.size()); }

  // The children of v in order (sequence[v] without v itself).
  std::vector<std::int64_t> children(std::int64_t v) const;

  // parent[v] for every v; -1 for the root and for processors no sequence names.
  std::vector<std::int64_t> parents() const;

  // The star: the root receives from every other processor in rank order, local copy first.
  static GatherTree star(std::int64_t p, std::int64_t root);
};

}  // namespace collverify
