// Broken time-arc-disjoint trees (seed 003) for the checkers of checkers/network/tadt_check.hpp:
// each mutant changes one valid tree (generic or one of N explicit trees) in one way the issue
// names, and says what it did.
//   direction_clash    the subtree below one arc (the arc and everything it feeds) is delayed by
//                      the smallest delta that puts the arc on a level where another arc (outside
//                      the subtree) has its direction: two arcs of one direction in one level,
//                      nothing else broken (the order inside the subtree is kept);
//   level_moved        one arc moved to a given level, nothing else changed (may or may not
//                      break the tree: the checkers must agree either way);
//   node_left_out      a leaf arc removed: its head is reached by nobody;
//   arc_before_parent  an arc put on the level of the arc entering its tail.
// The `start` argument picks the first suitable arc at index >= start (cyclically), so a property
// test can ask for many different mutants of one kind. nullopt: no arc of the tree suits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/network/level_tree.hpp"
#include "model/network/network.hpp"

namespace collverify {

struct TadtMutant {
  std::string kind;
  network::LevelTree tree;
  std::size_t arc = 0;         // the index (in the original tree) of the arc changed
  std::int64_t level = -1;     // the level it now has (node_left_out: the level it had)
  std::string description;
};

std::optional<TadtMutant> tadt_direction_clash(const network::Network& net,
                                               const network::LevelTree& tree, std::size_t start = 0);
TadtMutant tadt_level_moved(const network::Network& net, const network::LevelTree& tree,
                            std::size_t arc, std::int64_t level);
std::optional<TadtMutant> tadt_node_left_out(const network::Network& net,
                                             const network::LevelTree& tree, std::size_t start = 0);
std::optional<TadtMutant> tadt_arc_before_parent(const network::Network& net,
                                                 const network::LevelTree& tree,
                                                 std::size_t start = 0);

}  // namespace collverify
