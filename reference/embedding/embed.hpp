// Embedding an explicit broadcast Schedule (model/schedule.hpp: per step, transfers between PUs)
// into a network (model/network/network.hpp) as a RoutedSchedule (model/network/
// routed_schedule.hpp): a placement maps PU i to node placement[i], a routing gives each transfer
// a path, and the switching decides the rounds. For seed 002 §4 (fractional trees on meshes and
// hierarchical crossbars) and any other schedule that is to be judged on a network.
//
// Routings (route()):
//   mesh / torus   XY (dimension-order) routing: coordinate 0 first, then 1, ...; on a torus each
//                  coordinate goes the shorter way round (ties: "+").
//   hierarchical crossbar (a, b, channels), node l + b m: within a module one hop "L<l'>"; to
//                  another module through a gateway g < channels: l itself when it is a gateway,
//                  else the target's l' when that is one, else l mod channels; the route is
//                  [L<g> if l != g] M<m'> [L<l'> if g != l'].
//   fully connected, hypercube: one hop to the target (hypercube: bits low to high, e-cube).
// Switching:
//   wormhole            step t of the schedule is round t; a transfer is one transmission whose
//                       hops are its whole route;
//   store-and-forward   step t becomes H rounds (H = the longest route of the step, at least 1):
//                       round j of them moves every transfer's j-th hop, the intermediate nodes
//                       forwarding what they received in the round before.
// Packets are (origin = the root's node, piece = the block). The header: collective bcast, root =
// placement[root PU] (the PU holding block 0 at the start), pieces = n, all ports, full duplex,
// no combining. The routed checker's completeness asks every node for every piece, so a
// placement that leaves nodes empty only makes sense for the congestion checker.
// Refused (InputError naming it): a placement of the wrong length, a node out of range or used
// twice, a transfer that sends or expects nothing, a route between a node and itself.
// Cost: O(sum of route lengths) time and memory.
// Example: the chain 0 -> 1 -> 2 on mesh({3}) with the identity placement, wormhole: rounds
// [{0, ["+0"], (0,0)}], [{1, ["+0"], (0,0)}]; the transfer 0 -> 2 is one transmission ["+0","+0"].
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "model/comm_model.hpp"
#include "model/network/network.hpp"
#include "model/network/routed_schedule.hpp"
#include "model/schedule.hpp"

namespace collverify::embedding {

// The route from node `from` to node `to` (from != to) by the routing above.
std::vector<network::Direction> route(const network::Network& net, std::int64_t from,
                                      std::int64_t to);

network::RoutedSchedule embed(const Schedule& schedule, const network::Network& net,
                              std::span<const std::int64_t> placement, Switching switching);

// The rounds of `s` split so that each is arc-disjoint: every round's transmissions, in order, go
// to the first sub-round whose arcs they do not share (greedy first fit), and the sub-rounds
// replace the round. Sends of a round only use what arrived before it, so the split keeps
// causality; a round of congestion c becomes at least c rounds. How an embedding with congestion
// above 1 runs on the network at all (docs/RESULTS-fractional.md "Embeddings": routed rounds against
// the schedule's steps). A hop that is not an arc: InputError naming it.
// Cost: O(hops * sub-rounds of the round).
network::RoutedSchedule split_congested_rounds(const network::Network& net,
                                               const network::RoutedSchedule& s);

}  // namespace collverify::embedding
