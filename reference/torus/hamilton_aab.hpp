// ParallelHamilCycleAAB (seed 003): all-to-all broadcast on a torus along k link-disjoint
// Hamiltonian cycles H_0..H_{k-1} (k = 2 in 2D; the seed's n-dimensional generalisation with k =
// n). Node v splits its packet into k pieces (origin v, piece c) and sends piece c along H_c in
// both directions; every node forwards what it received in the previous round on along the same
// cycle and direction, so each piece crosses half a cycle each way. The two halves of p_j arrive
// in different rounds and are "merged" by holding both: completeness of collective aab with
// pieces = k.
// Model: all-port, full duplex, store-and-forward, non-combining: in every round each node sends
// one piece on each of its 2k arcs (and receives one on each), one piece per transmission.
// Rounds (our reading of Lemma 12, whose formula the seed's text lost): ceil((N-1)/2): the
// forward direction carries the ceil((N-1)/2) nearest predecessors, the backward direction the
// floor((N-1)/2) nearest successors. Against the non-combining bound ceil((N-1)/4) of Lemma 8
// (2D, 4 ports) that is about twice the rounds with the same volume: each node receives (N-1) k
// pieces of size m/k.
// Cost: k N^2 transmissions (about; each a RoutedSink call), O(k N) memory when streamed;
// parallel_hamil_cycle_aab materialises them (about 100 bytes each: small N only).
// Ties: round t, transmissions by cycle, then position in the cycle, forward before backward.
// Example: torus 3x3 with its closed-form cycles: 4 rounds, 144 transmissions (every arc busy in
// every round).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "model/network/network.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::torus {

// ceil((N - 1)/2): the rounds ParallelHamilCycleAAB takes on N nodes.
std::int64_t hamil_cycle_aab_rounds(std::int64_t nodes);

// The routed schedule (collective aab, pieces = cycles.size()). InputError when two consecutive
// nodes of a cycle are not joined by a link (naming them) or a cycle does not list N nodes.
network::RoutedSchedule parallel_hamil_cycle_aab(
    const network::Network& net, std::span<const std::vector<std::int64_t>> cycles);
// The header of that schedule (no rounds) and its rounds streamed into `sink`.
network::RoutedSchedule parallel_hamil_cycle_aab_header(const network::Network& net,
                                                        std::int64_t cycles);
void stream_parallel_hamil_cycle_aab(const network::Network& net,
                                     std::span<const std::vector<std::int64_t>> cycles,
                                     network::RoutedSink& sink);

}  // namespace collverify::torus
