// The two checks of time-arc-disjoint trees (seed 003, Definition 9, Corollary 10, Lemma 11),
// written from the definitions and independent of reference/torus. Both judge the same trees and
// must agree (tests/checkers/network/tadt_check_test.cpp shows it on constructions and mutants).
//
// Checker A, structural (no packet simulated):
//   check_generic_tadt   one generic tree of a network with translations (torus, hypercube, ...):
//                        a spanning tree in lock step, and Lemma 11: the arcs of one level have
//                        pairwise distinct directions (then, and only then, the N translations
//                        are pairwise time-arc-disjoint).
//   check_explicit_tadts N trees, tree r rooted at r, for networks without translations (meshes,
//                        where Lemma 11 does not apply): each a spanning tree in lock step, and
//                        Definition 9 itself: no arc (from, direction) at one level in two trees.
//   Properties, tried in this order (the witness is the first property that fails; inside it the
//   smallest (tree, level, node, direction)):
//     wrong_root          the generic tree is not rooted at 0 / tree r not at r;
//     arc_missing         the arc (from, direction) is not in the network (mesh border, bad
//                         direction, from out of range);
//     level_negative      a level below 0;
//     root_entered        an arc enters the root;
//     entered_twice       two arcs enter one node;
//     arc_before_parent   an arc's tail is not the root and is entered at the same or a later
//                         level, or never (the packet is not there when the arc is crossed);
//     direction_clash     (generic) two arcs of one level with one direction (Lemma 11);
//     arc_clash           (explicit) one arc at one level in two trees (Definition 9);
//     node_not_covered    a node no arc enters (and not the root).
//   Cost: O(N + arcs) per tree; explicit trees O(N^2) time, O(arcs of one level) memory.
//
// Checker B, simulation: the trees as the routed schedule of an all-to-all broadcast (all-port,
//   full duplex, store-and-forward, non-combining; model/network/level_tree.hpp
//   stream_translations / stream_all_to_all) streamed into the routed checker
//   (routed_check.hpp), which judges causality, arc exclusivity, ports and completeness.
//   A passes exactly when B finds no violation: direction_clash and arc_clash are
//   arc_exclusivity, arc_before_parent is causality, node_not_covered is completeness,
//   arc_missing is hop_exists, entered_twice leaves some node uncovered (N - 1 arcs) or is
//   caught as one of those. Cost: N (N - 1) transmissions, N^2 bits of holdings.
//
// Example: torus 3x3, generic {(0,+0,0), (1,+1,1), (0,+1,0), (3,-0,1), (0,-0,0), (2,-1,1),
//   (0,-1,0), (6,+0,1)} passes both; moving (1,+1,1) to level 0 is arc_before_parent in A and
//   causality in B.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "checkers/network/routed_check.hpp"
#include "model/network/level_tree.hpp"
#include "model/network/network.hpp"

namespace collverify::network {

struct TadtViolation {
  std::string property;
  std::int64_t tree = -1;   // explicit trees: the tree's index (= its root); generic: 0
  std::int64_t level = -1;  // the arc's level (node_not_covered: -1)
  std::int64_t node = -1;   // the arc's tail; root_entered / entered_twice / node_not_covered: the node
  std::int64_t other = -1;  // a second tree (arc_clash) or the other arc's tail (direction_clash)
  Direction direction = -1;
  std::string message;
};
using TadtVerdict = std::optional<TadtViolation>;

// Names of the properties in the order above.
std::vector<std::string> tadt_property_names();

TadtVerdict check_generic_tadt(const Network& network, const LevelTree& generic);
TadtVerdict check_explicit_tadts(const Network& network, std::span<const LevelTree> trees);

// Lemma 8's bound for the non-combining all-to-all broadcast, all-port: every node v receives
// N - 1 packets, at most in_degree(v) per round, so max over v of ceil((N - 1)/in_degree(v))
// (a torus: ceil((N - 1)/2n); a mesh: its corners, ceil((N - 1)/n)); 0 for a single node.
std::int64_t aab_noncombining_bound(const Network& network);

// Checker B. `options.lower_bound` as the routed checker takes it.
RoutedHeader tadt_header();
RoutedResult simulate_generic_tadt(const Network& network, const LevelTree& generic,
                                   RoutedCheckOptions options = {});
RoutedResult simulate_explicit_tadts(const Network& network, std::span<const LevelTree> trees,
                                     RoutedCheckOptions options = {});

}  // namespace collverify::network
