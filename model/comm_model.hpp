// The communication model a schedule is judged in (the lecture's model axes, docs/DESIGN.md
// "Networks, routed schedules and contention"):
//   ports      how many messages a node sends and how many it receives per round (kAllPorts: one
//              per incident link, i.e. the node's degree);
//   duplex     full: a link carries both directions in one round; half: one direction of a link per
//              round; simplex: a node either sends or receives in a round, not both (seed 002);
//   switching  store-and-forward (a transmission crosses one arc per round) or wormhole (a whole
//              route in one round, links of concurrent routes disjoint);
//   combining  whether one arc may carry several packets in one round.
// The circulant and tree families use the first two axes only (fully connected, one block per
// message); their defaults are the ones they always had: 1 port, full duplex.
#pragma once

namespace collverify {

enum class Duplex { simplex, half, full };
enum class Switching { store_and_forward, wormhole };

struct CommModel {
  static constexpr int kAllPorts = 0;
  int ports = 1;
  Duplex duplex = Duplex::full;
  Switching switching = Switching::store_and_forward;
  bool combining = false;
};

}  // namespace collverify
