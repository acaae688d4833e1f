// One-to-all scatter on the all-port full-duplex store-and-forward hypercube by the balanced
// spanning tree (seed 004, slides 45-53). Root 0...0 (other roots: translate by xor).
//   Tree (slide 47): 0...0 -> the nodes of N_1; then, for each class R (k = 2..d, in numbering
//   order) a compatible class R' of N_{k-1} with d members and a pair t in R, t' in R' with t'
//   = t minus one 1 bit and m(t') = m(t) (Observation IV); the links rot^i(t') -> rot^i(t).
//   So every node x lies in the subtree of the root's child e_{m(x)-1} and each root subtree has
//   at most ceil((2^d - 1)/d) nodes (the Conclusion of slide 48).
//   Schedule (Observation II, slide 49): on each root link the packets of that subtree leave in
//   farthest-first order (depth descending, then label ascending), one a round, and each is
//   forwarded without waiting, so packets on one arc keep that order and never meet; the last
//   subtree packet leaves in round |subtree| - 1. Rounds = the largest subtree = the bound.
// Packets are named by destination: (root, i). Gaps (no aligned compatible class for some
// class): resolved per node, docs/ERRATA.md E25. Cost O(d 2^d) time, O(2^d) memory.
// Example, d = 3: parent(011) = 001, parent(110) = 010, parent(101) = 100, parent(111) = 011?
// — see tests/reference/hypercube/oas_test.cpp for the tree the code builds and checks.
#pragma once

#include <cstdint>
#include <vector>

#include "model/network/routed_schedule.hpp"

namespace collverify::hypercube {

struct OasTree {
  int d = 0;
  std::vector<std::int64_t> parent;     // parent[x], parent[0] = -1 (root 0...0)
  std::vector<int> subtree;             // subtree[x] = dimension of the root link above x; -1 root
  std::vector<std::vector<std::int64_t>> order;  // order[j] = root-link j's send order
  std::int64_t aligned_classes = 0;     // classes joined by an aligned compatible class
  std::int64_t per_node_fallbacks = 0;  // nodes attached by the E25 fallback
  int depth(std::int64_t x) const;      // number of links from the root
};

// Precondition-checked: InputError for bad d.
OasTree oas_tree(int d);

// Farthest-first order of each root subtree of `tree` (recomputes OasTree::order).
void order_farthest_first(OasTree& tree);

// Streams the scatter of `tree` translated to `root` (store-and-forward, no waiting).
void stream_oas_tree(const OasTree& tree, std::int64_t root, network::RoutedSink& sink);

// InputError for bad d or root.
void stream_oas(int d, std::int64_t root, network::RoutedSink& sink);
network::RoutedSchedule oas_schedule(int d, std::int64_t root = 0);
network::RoutedSchedule oas_schedule_of_tree(const OasTree& tree, std::int64_t root);

}  // namespace collverify::hypercube
