// Deliberately broken hypercube trees and schedules (seed 004) that the structural checks
// (checkers/hypercube) and the simulation twin must reject. Deterministic (the first place in
// (round, dimension, node) order where the mutation applies); nothing when the input is too
// small to hold such a mutant. Each mutant carries the witness it must be rejected with.
//
//   star_clash          AAB: an edge of dimension j moved to an earlier round that already uses
//                       dimension j (its parent is served before): property (*) breaks, two
//                       translations share an arc in that round.
//   attached_twice      AAB: the last-round edge into c re-pointed (same dimension and round)
//                       at a node c2 attached earlier: c2 receives twice, c never.
//   unbalanced_subtree  OAS: a leaf moved under a neighbour (one 1 bit fewer) in a subtree that
//                       is already at the bound ceil((2^d - 1)/d).
//   shallow_first       OAS: on a root link the deepest packet and the last (depth 1) swapped.
//   forwarded_early     AAS: the packet arc 0 -> 1 (dimension 0) forwards in round 1 swapped
//                       with the one it sends in round 0: forwarded before it arrived.
//   two_on_one_arc      AAS: a second packet on the first arc of the last round.
//   dropped_last        OAB: the last transmission of the last round removed.
//   early_sender        OAB: node root xor 2 also sends in round 0, before it holds the packet.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/hypercube_tree.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::hypercube {

struct MutantWitness {
  std::int64_t round = -1;
  std::int64_t node = -1;  // in the coordinates of the tree of 0 (trees) or of the schedule
  int dimension = -1;
};

template <typename T>
struct HypercubeMutant {
  T value;
  MutantWitness witness;
};

std::optional<HypercubeMutant<GenericTree>> mutate_star_clash(const GenericTree& tree);
std::optional<HypercubeMutant<GenericTree>> mutate_attached_twice(const GenericTree& tree);

// `parent`: an OAS tree rooted at 0 (parent[0] = -1). The witness names the root child (node)
// and dimension of the subtree that grows beyond the bound.
std::optional<HypercubeMutant<std::vector<std::int64_t>>> mutate_unbalanced_subtree(
    int d, const std::vector<std::int64_t>& parent);
// `order`: the send order of each root link (order[j] for dimension j). The witness is the
// round at which the root link first carries a packet farther than the previous one.
std::optional<HypercubeMutant<std::vector<std::vector<std::int64_t>>>> mutate_shallow_first(
    const std::vector<std::vector<std::int64_t>>& order);

std::optional<HypercubeMutant<network::RoutedSchedule>> mutate_forwarded_early(
    const network::RoutedSchedule& s);
std::optional<HypercubeMutant<network::RoutedSchedule>> mutate_two_on_one_arc(
    const network::RoutedSchedule& s);

std::optional<HypercubeMutant<network::RoutedSchedule>> mutate_dropped_last(
    const network::RoutedSchedule& s);
std::optional<HypercubeMutant<network::RoutedSchedule>> mutate_early_sender(
    const network::RoutedSchedule& s);

}  // namespace collverify::hypercube
