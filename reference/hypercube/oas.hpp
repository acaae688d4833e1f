// One-to-all scatter on the all-port full-duplex store-and-forward hypercube by the balanced
// spanning tree (seed 004, slides 45-53). Root 0...0 (other roots: translate by xor).
//   Tree (slide 47): Steps I-II of the all-to-all broadcast (rotation classes, numbering n(t),
//   m(t)); 0...0 -> the nodes of N_1; then for each class R (k = 2..d, classes by smallest
//   label) a compatible class R' of N_{k-1} with d members (Observation III: a member t0 and a
//   1 bit whose removal lands in R') and the links rot^i(t') -> rot^i(t). Observation IV
//   (m(t) = m(t')) is made to hold by numbering R from the member whose partner has m = the
//   class's first m (docs/ERRATA.md E42: with the broadcast's Step III numbering it fails,
//   d = 6). So every x lies under the root child e_{m(x)-1}, and each root subtree has at most
//   ceil((2^d - 1)/d) nodes (slide 48's Conclusion).
//   Schedule (Observation II, slide 49): on each root link the packets of that subtree leave in
//   farthest-first order (depth descending, then label ascending), one a round, and each is
//   forwarded without waiting, so packets on one arc keep that order and never meet; a packet
//   at position i of depth h arrives in round i + h - 1 <= |subtree| - 1 (its h - 1 ancestors
//   come after it). Rounds = the largest subtree = the bound.
// Packets are named by destination: (root, i). Cost O(d 2^d) time, O(2^d) memory.
// Example, d = 3: parents 011 <- 010, 110 <- 100, 101 <- 001, 111 <- 101; the subtrees of the
// root children 001, 010, 100 have 3, 2, 2 nodes; 3 rounds (tests/reference/hypercube).
#pragma once

#include <cstdint>
#include <vector>

#include "model/network/routed_schedule.hpp"

namespace collverify::hypercube {

struct OasTree {
  int d = 0;
  std::vector<std::int64_t> parent;  // parent[x], parent[0] = -1 (root 0...0)
  std::vector<int> subtree;          // subtree[x] = dimension of the root link above x; -1 root
  std::vector<std::vector<std::int64_t>> order;  // order[j] = root-link j's send order
  std::int64_t aligned_classes = 0;  // classes joined through an aligned compatible class
  std::int64_t observation_three_failures = 0;  // classes with no compatible class (none seen)
  int depth(std::int64_t x) const;              // number of links from the root
};

// Precondition-checked: InputError for bad d.
OasTree oas_tree(int d);

// Any shortest-path tree rooted at 0 given by its parents (e.g. a mutant): subtrees and the
// farthest-first order computed as for oas_tree. Precondition: parent[x] is x with one 1 bit
// cleared for every x != 0 (CV_ASSERT).
OasTree oas_tree_from_parents(int d, std::vector<std::int64_t> parent);

// Farthest-first order of each root subtree of `tree` (recomputes OasTree::order).
void order_farthest_first(OasTree& tree);

// Streams the scatter of `tree` translated to `root` (store-and-forward, no waiting).
void stream_oas_tree(const OasTree& tree, std::int64_t root, network::RoutedSink& sink);

// InputError for bad d or root.
void stream_oas(int d, std::int64_t root, network::RoutedSink& sink);
network::RoutedSchedule oas_schedule(int d, std::int64_t root = 0);
network::RoutedSchedule oas_schedule_of_tree(const OasTree& tree, std::int64_t root);

}  // namespace collverify::hypercube
