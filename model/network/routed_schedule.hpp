// A routed schedule (docs/DESIGN.md "Networks, routed schedules and contention"; its JSON form,
// collverify-routed/1, is docs/FORMATS.md): rounds of transmissions on a named network, each a
// set of packets that leaves node `from` and follows `hops`, a list of directions as the network
// names them. Store-and-forward: exactly one hop per transmission; wormhole: the whole route.
//
// Contract shared by every topology family (hypercube, torus, fractional trees, ...):
//   - nodes are 0..N-1 (hypercube: the binary label; torus/mesh: row-major index, first coordinate
//     fastest: id = c0 + s0 * (c1 + s1 * c2));
//   - Direction: hypercube j = flip bit j; torus/mesh 2i = "+i", 2i+1 = "-i"; fully connected:
//     the target node v; hierarchical crossbar: the channel id;
//   - a packet is (origin, piece); scatter packets are named by their destination
//     (oas: node i must end with (root, i); aas: node i with (j, i) for every j);
//   - a node starts with the packets whose origin it is.
// Large schedules are not materialised: a producer streams rounds into a RoutedSink (the routed
// checker is one), and a RoutedSchedule can be replayed into any sink.
#pragma once

#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/comm_model.hpp"

namespace collverify::network {

enum class NetworkKind { hypercube, torus, mesh, fully_connected, hierarchical_crossbar };

// hypercube: params = {d}; torus, mesh: params = sides; fully_connected: params = {p};
// hierarchical_crossbar: params = {a, b, channels}.
struct NetworkSpec {
  NetworkKind kind = NetworkKind::hypercube;
  std::vector<std::int64_t> params;
};

using Direction = std::int32_t;

struct Packet {
  std::int64_t origin = 0;
  std::int64_t piece = 0;
  friend auto operator<=>(const Packet&, const Packet&) = default;
};

struct Transmission {
  std::int64_t from = 0;
  std::vector<Direction> hops;
  std::vector<Packet> packets;
};

using Round = std::vector<Transmission>;

// oab/bcast: every node ends with every piece of the root; aab: every node every packet of every
// origin; oas: node i ends with (root, i); aas: node i with (j, i) for every j; reduce: the root
// ends with every piece of every origin (combining).
enum class Collective { oab, aab, oas, aas, bcast, reduce };

struct RoutedSchedule {
  NetworkSpec network;
  CommModel model{CommModel::kAllPorts, Duplex::full, Switching::store_and_forward, false};
  Collective collective = Collective::oab;
  std::int64_t root = 0;    // one-to-all collectives only
  std::int64_t pieces = 1;  // pieces per origin (broadcasts; scatter pieces are destinations)
  std::vector<Round> rounds;
};

// The commonest transmission: one hop carrying one packet.
struct SingleHop {
  std::int64_t from = 0;
  Direction direction = 0;
  Packet packet;
};

// The streaming form of a routed schedule: begin_round(0), sends, end_round(), begin_round(1), ...
// `hops`, `packets` and `batch` are only valid during the call.
class RoutedSink {
 public:
  virtual ~RoutedSink() = default;
  virtual void begin_round(std::int64_t round) = 0;
  virtual void send(std::int64_t from, std::span<const Direction> hops,
                    std::span<const Packet> packets) = 0;
  // The transmissions of `batch`, in order: the same as send() for each in turn, which is what
  // the default does. A producer of many one-hop transmissions may batch them so that a sink
  // (the routed checker) sees what comes next; it must not reorder them.
  virtual void send_hops(std::span<const SingleHop> batch) {
    for (const SingleHop& x : batch) send(x.from, {&x.direction, 1}, {&x.packet, 1});
  }
  virtual void end_round() = 0;
};

// Replays every round of `s` into `sink`, in order.
inline void replay(const RoutedSchedule& s, RoutedSink& sink) {
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    sink.begin_round(static_cast<std::int64_t>(t));
    for (const Transmission& x : s.rounds[t]) sink.send(x.from, x.hops, x.packets);
    sink.end_round();
  }
}

}  // namespace collverify::network
