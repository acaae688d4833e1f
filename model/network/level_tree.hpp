// A spanning tree of a network whose arcs carry levels (seed 003, Definition 9: the level of an
// arc is the round in which the packet of the tree's root crosses it; 0-based here). The data
// the torus constructions (reference/torus/), the Z3 synthesis (proofs/) and the time-arc-disjoint
// checkers (checkers/network/) exchange.
//
// Contract:
//   - arcs are (from, direction, level); the arc enters network.target(from, direction);
//   - a valid tree has N - 1 arcs, every node but `root` entered exactly once, and an arc's level
//     is larger than the level of the arc that entered its `from` (the root holds its packet
//     before level 0); height = 1 + the largest level (0 for a single node);
//   - a generic tree of a vertex-symmetric network is rooted at 0 and stands for its N
//     translations (Network::translate); on meshes there are no translations and a solution is N
//     explicit trees, one per root.
// all_to_all_schedule turns trees (one per origin) into the routed schedule of an all-to-all
// broadcast: in round l, node `from` sends the packet (root, 0) along `direction` for each
// arc of level l. It does not judge the trees: a broken tree gives a broken schedule, which is
// what the routed checker is for. Arcs that leave the network (no target) are kept as they are so
// that the checker names them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "model/network/network.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::network {

struct LevelArc {
  std::int64_t from = 0;
  Direction direction = 0;
  std::int64_t level = 0;
  friend bool operator==(const LevelArc&, const LevelArc&) = default;
};

struct LevelTree {
  std::int64_t root = 0;
  std::vector<LevelArc> arcs;
  friend bool operator==(const LevelTree&, const LevelTree&) = default;
};

// 1 + the largest level of `tree` (0 without arcs).
std::int64_t height(const LevelTree& tree);

// The generic tree (rooted at 0) moved to `by`: every arc (u, j, l) becomes
// (translate(u, by), translate_direction(j, by), l). The network must have translations.
LevelTree translated(const Network& network, const LevelTree& generic, std::int64_t by);

// The N translations of a generic tree, tree t rooted at t.
std::vector<LevelTree> all_translations(const Network& network, const LevelTree& generic);

// All-to-all broadcast (collective aab, one piece per origin) in `model` (default: all-port, full
// duplex, store-and-forward, non-combining, as seed 003 assumes): rounds = max height.
RoutedSchedule all_to_all_schedule(
    const Network& network, std::span<const LevelTree> trees,
    CommModel model = CommModel{CommModel::kAllPorts, Duplex::full,
                                Switching::store_and_forward, false});

// The same rounds as all_to_all_schedule, streamed into `sink` without materialising them (the
// N (N - 1) transmissions of a 41 x 41 torus would take hundreds of MB as a RoutedSchedule):
//   stream_all_to_all     one tree per origin, as all_to_all_schedule(network, trees);
//   stream_translations   the N translations of a generic tree, as
//                         all_to_all_schedule(network, all_translations(network, generic)),
//                         translating each arc when it is sent (O(N + arcs) memory).
// Rounds 0..max height - 1; inside a round the transmissions come tree by tree (translation t
// by t), each tree's arcs in their order. Arcs with a negative level are left out, as above.
void stream_all_to_all(const Network& network, std::span<const LevelTree> trees, RoutedSink& sink);
void stream_translations(const Network& network, const LevelTree& generic, RoutedSink& sink);

}  // namespace collverify::network
