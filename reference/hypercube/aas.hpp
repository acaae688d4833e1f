// All-to-all scatter (total exchange) on the all-port full-duplex store-and-forward hypercube
// (seed 004, slides 55-76). Packet (j, i) goes from j to i; every packet crosses the dimensions
// of j xor i from the highest to the lowest (the recursion splits on the top dimension first).
//   three_phase (slides 55-60): on a cube of dimension e, Phase I = the algorithm on both
//     (e-1)-subcubes at once; Phase II = every node sends its 2^(e-1) packets for the other
//     half across dimension e-1, farthest from the counterpart first (ties: smaller label);
//     Phase III = the algorithm on both subcubes, the received packets playing the own packets.
//     Rounds T3(e) = 2 T3(e-1) + 2^(e-1), T3(1) = 1, so T3(d) = d 2^(d-1): d times the bound.
//   optimal (slides 61-76): Phase II runs during Phases I and III (it only uses dimension e-1,
//     they use the others), and its order is the order in which the counterpart consumes the
//     packets in Phase III (slide 62: "also the order in which the latter node forwards them");
//     ties: farthest first, then smaller label; the packet for the counterpart itself last.
//     Rounds T(e) = 2 T(e-1) = 2^(e-1), the bound; every arc carries one packet every round.
//   Iterative per-node form (slides 66-76), which this code computes: a packet with
//     z = j xor i and set bits k_1 > k_2 > ... crosses dimension k_s in round
//     sum_{r<s} 2^(k_r - 1) + P_{k_s+1}(z mod 2^(k_s)), where P_e is the level-e Phase II order;
//     so on the dimension-k link of node x own packets go in rounds 0..2^k - 1 (the one for
//     x's k-neighbour last) and forwarded packets from source j start at round
//     2^k ((j xor x) >> (k+1)): sources queued in lexicographic order of the differing bits.
// Cost: O(d 2^d) time and memory for the per-z hop times; streaming d 2^(2d-1) sends.
// Example, d = 2 optimal: rounds 0 and 1; node 0 sends (0,3) then (0,2) on dimension 1.
#pragma once

#include <cstdint>
#include <vector>

#include "model/network/routed_schedule.hpp"

namespace collverify::hypercube {

enum class AasVariant { three_phase, optimal };

// Rounds of the variant on a d-cube (three_phase: d 2^(d-1); optimal: 2^(d-1); d = 0: 0).
std::int64_t aas_rounds(AasVariant variant, int d);

// hop_rounds(z)[s] = the round in which a packet with j xor i = z makes its s-th hop (highest
// differing dimension first). Translation-invariant: the same for every origin j.
struct AasTiming {
  int d = 0;
  AasVariant variant = AasVariant::optimal;
  std::vector<std::vector<std::int64_t>> hop_rounds;  // indexed by z in 0..2^d - 1
};

AasTiming aas_timing(AasVariant variant, int d);

// Streams the schedule of `timing` (sends of a round by origin, then z, then hop).
void stream_aas_timing(const AasTiming& timing, network::RoutedSink& sink);

// InputError for bad or too large d.
void stream_aas(AasVariant variant, int d, network::RoutedSink& sink);
network::RoutedSchedule aas_schedule(AasVariant variant, int d);
network::RoutedSchedule aas_schedule_of_timing(const AasTiming& timing);

}  // namespace collverify::hypercube
