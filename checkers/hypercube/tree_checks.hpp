// Structural checks of the hypercube spanning trees of seed 004, written from the lecture's
// definitions and independent of reference/hypercube. None of them simulates packets.
//
// check_aab_generic_tree (slides 17-26, 43): the edges form a spanning tree of the d-cube rooted
// at 0...0 — every edge is a hypercube link (child = parent xor 2^dimension), round in
// [0, rounds); every node but the root attached exactly once, the root never; the parent of
// every edge was attached in an earlier round (the root holds from the start) — and property
// (*) in the form of slide 26's Observation: the edges of one round have pairwise distinct
// dimensions, so the 2^d translations of a round use disjoint arcs; finally rounds equal
// ceil((2^d - 1)/d) (slide 5). Witness: the round, the node(s) and the dimension.
// Cost O(2^d + rounds d) time and O(2^d) memory (d = 16: about a millisecond).
//
// check_oas_tree (slides 45-48): parent[0] = -1, every other node's parent is a neighbour with
// one 1 bit fewer (so every path from the root is a shortest path), the parent links reach
// the root, and every subtree of a root child holds at most ceil((2^d - 1)/d) nodes.
// Cost O(d 2^d).
// Both return the first violation (smallest round; inside a round a (*) clash before a late
// parent; then the smallest node) or nothing.
// Example: d = 2, edges {0->1 dim 0 round 0, 0->2 dim 1 round 0, 1->3 dim 1 round 1} passes;
// moving the last edge to round 0 breaks (*) (dimension 1 twice in round 0).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "model/hypercube_tree.hpp"

namespace collverify::hypercube_check {

struct HypercubeViolation {
  std::string property;  // e.g. "star_dimension_clash", "attached_twice", "unbalanced_subtree"
  std::int64_t round = -1;
  std::int64_t node = -1;   // the node the property names (child, receiver, sender)
  std::int64_t other = -1;  // a second node (the other edge's child, the root child), or -1
  int dimension = -1;
  std::string message;
};

using HypercubeVerdict = std::optional<HypercubeViolation>;

// The slide-5 bounds, computed here and not taken from the constructions.
std::int64_t broadcast_round_bound(int d);  // all-to-all broadcast and one-to-all scatter
std::int64_t total_exchange_round_bound(int d);
// One-to-all broadcast of s packets in the 1-port model (any duplex), d >= 1: s + d - 1. The root
// sends one packet a round, so the packet it sends first last leaves it in round s - 1 or later;
// then at most 2 nodes hold it, and each round at most doubles its holders (one send per node),
// so 2^d holders need d - 1 more rounds. d = 0: 0.
std::int64_t one_port_pipelined_broadcast_bound(int d, std::int64_t s);

HypercubeVerdict check_aab_generic_tree(const hypercube::GenericTree& tree);

HypercubeVerdict check_oas_tree(int d, std::span<const std::int64_t> parent);

}  // namespace collverify::hypercube_check
