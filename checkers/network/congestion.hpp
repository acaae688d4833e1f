// Edge congestion of a routed schedule (seed 002 §4: "an embedding with constant edge congestion
// ... congestion one even with x-y routing"): the most crossings of one arc (or one link, both
// directions together) in one round, a route that crosses an arc twice counting twice, computed by walking every transmission's hops on
// the network, never from a formula about the embedding. Written from the definition, not from
// reference/embedding (which produced the routes).
//
// On a wormhole schedule a round is a step of the embedded schedule and a transmission its whole
// route, so this is the paper's congestion; on a store-and-forward schedule it is per hop round.
// Witness of the maximum: the first round reaching it, there the smallest arc key (tail node,
// direction; links: the smaller of the two arcs' keys), with the senders of the transmissions
// crossing it (ascending). A hop that is not an arc of the network is a defect (round, node,
// direction), reported instead of a congestion: such a schedule has no paths to count.
// Cost: O(total hops) time; O(arcs) memory for the counts (the slow twin, congestion_slow.cpp:
// std::map per round).
// Example: mesh({4}), round 0 = {0: ["+0","+0","+0"]}, {1: ["+0"]}: congestion 2 at round 0 on
// arc 1 -> 2 ("+0"), senders 0 and 1.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/network/network.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::network {

enum class CongestionUnit { arc, link };

struct CongestionWitness {
  std::int64_t round = 0;
  Arc arc;                           // links: the arc with the smaller key
  std::int64_t count = 0;
  std::vector<std::int64_t> senders;  // the `from` of each transmission crossing it, ascending
  std::string message;
};

struct CongestionResult {
  std::int64_t congestion = 0;          // 0 when no transmission crosses anything
  std::vector<std::int64_t> per_round;  // the congestion of each round
  std::optional<CongestionWitness> witness;  // where the maximum is first reached
  std::optional<std::string> defect;         // a hop that is not an arc (then nothing else)
};

// The witness's one line (shared by the twins, so their witnesses read alike).
std::string congestion_message(const Network& net, const CongestionWitness& w, CongestionUnit unit);

CongestionResult edge_congestion(const Network& net, const RoutedSchedule& s,
                                 CongestionUnit unit = CongestionUnit::arc);
// The slow, obviously correct twin: same result.
CongestionResult edge_congestion_slow(const Network& net, const RoutedSchedule& s,
                                      CongestionUnit unit = CongestionUnit::arc);

}  // namespace collverify::network
