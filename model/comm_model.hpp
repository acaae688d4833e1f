// The communication model a schedule is judged in (the lecture's model axes, docs/DESIGN.md
// "Networks, routed schedules and contention"):
//   ports      how many messages a node sends and how many it receives per round (kAllPorts: one
//              per incident link, i.e. the node's degree);
//   duplex     full: a link carries both directions in one round; half: one direction of a link per
//              round; simplex: a node either sends or receives in a round, not both (seed 002's
//              per-node rule); simplex_channel: every link is a one-way channel (the lecture's
//              simplex, seed 004): the schedule may use each link in one direction only, over the
//              whole run (the orientation is the schedule's; using both arcs of a link is refused);
//   switching  store-and-forward (a transmission crosses one arc per round) or wormhole (a whole
//              route in one round, links of concurrent routes disjoint);
//   combining  whether one arc may carry several packets in one round;
//   intermediate_reception  wormhole only: every node a route passes also receives its packets
//              (the lecture's "intermediate reception capability"); without it only the last does.
// The circulant and tree families use the first two axes only (fully connected, one block per
// message); their defaults are the ones they always had: 1 port, full duplex.
#pragma once

namespace collverify {

enum class Duplex { simplex, half, full, simplex_channel };
enum class Switching { store_and_forward, wormhole };

struct CommModel {
  static constexpr int kAllPorts = 0;
  int ports = 1;
  Duplex duplex = Duplex::full;
  Switching switching = Switching::store_and_forward;
  bool combining = false;
  bool intermediate_reception = false;
};

}  // namespace collverify
