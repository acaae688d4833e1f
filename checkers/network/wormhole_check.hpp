// Wormhole one-to-all broadcast (seed 004, slides 78-103: all-port, full duplex, wormhole), judged
// from the definitions, independently of the routed checker (the two must agree; the routed
// checker has no notion of "informed twice"). Per round, in the order tried:
//   node_in_network         the worm's first node is a node of the network;
//   hop_exists              every hop is an arc of the network where the worm is;
//   path_from_uninformed    the worm starts at a node informed before this round (the root is
//                           informed before round 0);
//   arc_reused_in_path      a worm does not cross one arc twice;
//   link_disjoint           the worms of a round are pairwise link-disjoint: full duplex, so a
//                           link is one direction of a physical channel (an arc); two worms on
//                           one arc in one round are a collision;
//   informed_twice          the node a worm ends at was not informed before and no other worm of
//                           the round ends there (every node is informed exactly once);
//   completeness            at the end every node is informed;
//   lower_bound             rounds >= ceil(log_{D+1} N), D the largest degree (each informed node
//                           informs at most D new ones a round: 4 on a 2D torus, ceil(log5 N)).
// The witness is the first violation: smallest round, then smallest worm index in the round, in
// the order above; link_disjoint names the arc (both ends, direction) and both worms' senders.
// Cost: O(total hops + N) time, O(N + arcs) memory.
// Example: 5x5 torus, root 0, round 0: worms from 0 along [+0] and [+0, +1]: link_disjoint at
// round 0, arc 0 -> 1 "+0", worms 0 and 1.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "model/network/network.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::network {

struct WormholeWitness {
  std::string property;
  std::int64_t round = -1;
  std::int64_t worm = -1;        // index in the round
  std::int64_t node = -1;        // the sender, or the node informed twice / never
  std::int64_t other_worm = -1;  // link_disjoint, informed_twice (same round): the earlier worm
  std::optional<Arc> arc;
  std::string message;
};

struct WormholeResult {
  std::optional<WormholeWitness> witness;
  std::int64_t rounds = 0;
  std::int64_t lower_bound = 0;
  std::int64_t worms = 0;
  std::int64_t informed = 0;
};

// ceil(log_{D+1} N) for the network's largest degree D (N = 1: 0).
std::int64_t wormhole_broadcast_bound(const Network& net);

// InputError when `s` is not a one-to-all wormhole broadcast (collective oab, wormhole switching,
// one piece) or its root is not a node.
WormholeResult check_wormhole_broadcast(const Network& net, const RoutedSchedule& s);

}  // namespace collverify::network
