// Lower bounds for routed schedules (docs/DESIGN.md "Networks, routed schedules and contention").
//
// 1. The lecture's slide 5 (seed 004, after Bertsekas et al.) for the d-cube in the all-port,
//    full-duplex, store-and-forward, non-combining model, N = 2^d:
//    OAB  rounds >= d: the packet needs d hops to reach the antipode, one per round.
//         transmissions >= 2^d - 1: every node but the root receives it at least once.
//    AAB  rounds >= ceil((2^d - 1)/d): every node receives 2^d - 1 distinct packets, at most d a
//         round (one per incoming link). transmissions >= 2^d (2^d - 1): 2^d broadcasts, each
//         needing 2^d - 1 transmissions, and no transmission serves two packets (non-combining).
//    OAS  rounds >= ceil((2^d - 1)/d): the root sends 2^d - 1 distinct packets, at most d a round.
//         transmissions >= sum_k k C(d, k) = d 2^(d-1): C(d, k) nodes lie at distance k, and the
//         packet for each of them crosses at least k links.
//    AAS  transmissions >= 2^d d 2^(d-1) = d 2^(2d-1): 2^d concurrent scatters, each as above.
//         rounds >= 2^(d-1): at most d 2^d arcs carry a packet per round, and
//         d 2^(2d-1) / (d 2^d) = 2^(d-1).
//    (d = 0: every bound is 0.)
// 2. routed_lower_bound: a bound valid for any network and model, from the same arguments:
//    SF distance (eccentricity of the root / of node 0 for all-to-all), receive and send port
//    counts (non-combining), the doubling argument (after t rounds at most (1 + s)^t nodes hold a
//    packet, s the largest send-port count) and, for aas non-combining, the total hop count
//    sum_{u != v} dist(u, v) over the arcs usable per round (all arcs in full duplex, one per
//    link in half duplex, simplex and simplex channels), and for aab non-combining the
//    N (N - 1) pieces deliveries over the same arcs (the half-duplex d-cube:
//    ceil(2 (2^d - 1) / d), twice slide 5's). With intermediate reception (wormhole) one worm
//    can inform every node it passes, so the bound is 1 round. On the all-port full-duplex SF
//    hypercube it equals the slide 5 bounds (tested).
// Cost: routed_lower_bound runs one BFS (two for aas on networks with translations; N for aas on
// a mesh or crossbar of at most 4096 nodes, none above: that term is then left out).
#pragma once

#include <cstdint>

#include "checkers/network/routed_check.hpp"
#include "model/network/network.hpp"

namespace collverify::network {

struct RoutedBound {
  std::int64_t rounds = 0;
  std::int64_t transmissions = 0;
};

// Slide 5, all-port full-duplex SF d-cube; `c` is oab/bcast, aab, oas or aas (reduce: as oab).
RoutedBound hypercube_bound(Collective c, int d);

// Rounds any schedule of `h` on `net` needs (see 2. above).
std::int64_t routed_lower_bound(const Network& net, const RoutedHeader& h);

}  // namespace collverify::network
