// The k-port all-to-all broadcast on tori (issue 23, seed 003 Lemma 8 for every k < 2n and k = 1):
// N translations of one generic tree whose levels hold at most k arcs of pairwise distinct
// directions. In round l every node sends one packet on each direction of level l and receives
// one on each (Lemma 11's translation argument), so at most k of each per round.
//
// Checker A (structural): check_generic_tadt (checkers/network/tadt_check.hpp) and, counted here,
//   "ports_exceeded": a level with more than k arcs (the witness: the smallest such level, its
//   first arc's tail and direction, the count in the message).
// Checker B (simulation): the N translations streamed into the routed checker under the k-port
//   model (CommModel{k, full duplex, store-and-forward, non-combining}): its port_limit counts the
//   sends and receives of every node in every round, independently of A.
// Lemma 8, k ports (aab_kport_bound): every node receives N - 1 distinct packets, at most
//   min(k, in-degree) per round: max over v of ceil((N - 1)/min(k, in_degree(v))); and the
//   eccentricity of 0 (a packet crosses one hop per round). ceil(log_{k+1} N) never exceeds
//   ceil((N - 1)/k) ((k + 1)^r >= 1 + k r), so it adds nothing.
// Cost: A O(N + arcs log arcs); B N (N - 1) transmissions, N^2 bits.
// Example: torus 3x3, k = 1, the generic tree with one arc per level for 8 levels passes both;
//   two arcs in one level is ports_exceeded in A and port_limit in B.
#pragma once

#include <cstdint>

#include "checkers/network/routed_check.hpp"
#include "checkers/network/tadt_check.hpp"
#include "model/network/level_tree.hpp"
#include "model/network/network.hpp"

namespace collverify::network {

TadtVerdict check_generic_tadt_kport(const Network& network, const LevelTree& generic, std::int64_t ports);
std::int64_t aab_kport_bound(const Network& network, std::int64_t ports);
RoutedHeader kport_header(std::int64_t ports);
RoutedResult simulate_generic_tadt_kport(const Network& network, const LevelTree& generic, std::int64_t ports,
                                         RoutedCheckOptions options = {});

}  // namespace collverify::network
