// The routed-schedule checker (docs/DESIGN.md "Networks, routed schedules and contention"): one
// checker for every topology family. It is a RoutedSink, so a producer streams rounds into it and
// nothing is materialised; a RoutedSchedule is checked by replay() (check_routed).
//
// Properties, in the order they are tried for one transmission (the names of the witnesses):
//   node_in_network       `from` is a node of the network;
//   route_length          store-and-forward: exactly one hop; wormhole: at least one;
//   hop_exists            every hop is an arc of the network where the route is (mesh borders,
//                         crossbar gateways, directions out of range);
//   empty_transmission    a transmission carries at least one packet;
//   packet_in_collective  every packet is one the collective has (oab/bcast: (root, piece <
//                         pieces); aab/reduce: (origin < N, piece < pieces); oas: (root, i < N);
//                         aas: (j < N, i < N));
//   causality             the sender holds every packet it sends at the start of the round (a
//                         packet received in round t can be sent from round t + 1; wormhole: the
//                         whole route is crossed in its round and only its last node receives,
//                         or with intermediate reception every node after the first);
//   non_combining         unless the model combines, a transmission carries one packet;
//   arc_exclusivity       one transmission per arc per round; half duplex: one direction of a
//                         link per round; wormhole: routes of a round arc-disjoint (full duplex)
//                         or link-disjoint (half duplex); a route may not reuse its own arcs;
//   port_limit            per node and round at most `ports` transmissions leave and at most
//                         `ports` arrive (kAllPorts: the node's out- and in-degree); wormhole
//                         counts the route's first and last node only (routers do not use ports);
//   simplex               simplex model: no node both sends and receives in a round;
//   one_way_channel       simplex channels (Duplex::simplex_channel): an arc is not used in a
//                         round when its reverse arc is used in that round or an earlier one
//                         (both arcs of a link used in one round: both are reported);
//   completeness          at the end every node holds what the collective requires (oab/bcast:
//                         every piece of the root; aab: every packet; oas: node i holds (root, i);
//                         aas: node i holds (j, i) for every j; reduce: the root holds every packet);
//   lower_bound           rounds >= the lower bound given (a schedule faster than a valid bound
//                         is impossible, so the schedule or the bound is wrong).
// A transmission that breaks one of the first five properties is skipped (it contributes no arcs,
// ports or deliveries); the others are recorded and the round goes on.
//
// Smallest witness: the first round with a violation; within it, the smallest (node, property in
// the order above, detail, packets) where node is the arc's tail for arc properties (half
// duplex: the smaller tail of the link's two arcs), the sender for the first seven, the node
// over its limit for ports; detail is the direction (route_length: the number of hops; ports: 0
// send, 1 receive). Arc witnesses name both endpoints and the direction, and the first packet of
// each of the first two transmissions on the arc (half duplex: the first packet on the arc with
// the smaller tail, then the first on its reverse). Completeness names
// the smallest node and its smallest missing packet (by packet index). Checking stops after the
// first round with a violation (later rounds are counted, not checked).
//
// Cost: O(hops + packets) per transmission, O(N * P / 64) words at the end, where P is the number
// of packets of the collective; memory: holdings N * P bits, 9 bytes per arc (13 if P > 2^32;
// 4 more with simplex channels),
// 24 per node (routed_check_bytes()); refused up front with the estimate when it would not fit
// (model/memory.hpp). The tables are laid out for producers that walk the nodes of a round in
// order or in lock-step translations (routed_check.cpp, docs/PERFORMANCE.md "Routed checker"),
// and send_hops() lets a producer hand over one-hop transmissions in batches, judged with the
// next ones prefetched. The checker itself is single-threaded; routed_split.hpp runs the same
// state per origin range (aab, aas, reduce) so that a caller can spread one schedule over threads.
//
// Example: hypercube(1), oab from root 0, round 0 {from 0, hops ["0"], packets [[0,0]]}: passes
// in 1 round (bound 1); the same with packets [[1,0]] fails packet_in_collective at round 0.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/network/network.hpp"
#include "model/network/routed_schedule.hpp"
#include "model/verdict.hpp"

namespace collverify::network {

struct RoutedCheckState;  // routed_check_state.hpp

// What a routed schedule claims, without its rounds.
struct RoutedHeader {
  CommModel model{CommModel::kAllPorts, Duplex::full, Switching::store_and_forward, false};
  Collective collective = Collective::oab;
  std::int64_t root = 0;
  std::int64_t pieces = 1;
};
RoutedHeader header_of(const RoutedSchedule& s);

// The order in which properties are tried (and break ties in the witness key).
enum class RoutedProperty {
  node_in_network,
  route_length,
  hop_exists,
  empty_transmission,
  packet_in_collective,
  causality,
  non_combining,
  arc_exclusivity,
  port_limit,
  simplex,
  one_way_channel,
  completeness,
  lower_bound
};
const char* to_string(RoutedProperty p);
// Every property name, in order (for coverage lists).
std::vector<std::string> routed_property_names();

struct RoutedWitness {
  RoutedProperty property = RoutedProperty::node_in_network;
  std::int64_t round = kNone;  // completeness and lower_bound: the number of rounds
  std::int64_t node = kNone;   // see "Smallest witness" above
  std::int64_t detail = kNone;
  std::optional<Arc> arc;       // arc properties and hop_exists (to = -1 when there is no arc)
  bool reverse = false;         // arc_exclusivity, half duplex: the second packet is on the reverse arc
  std::vector<Packet> packets;  // the colliding packets, or the missing / unheld / foreign one
  std::string message;          // one line with everything above, directions by name

  // The smallest-witness key within a round: (node, property, detail, reverse, packets).
  friend bool operator<(const RoutedWitness& a, const RoutedWitness& b);
};

// Fills w.message from the other fields (shared by the twins, so their witnesses read alike).
void describe_witness(const Network& net, RoutedWitness& w);

struct RoutedResult {
  std::optional<RoutedWitness> witness;  // nullopt: every property holds
  std::int64_t rounds = 0;
  std::int64_t lower_bound = kNone;      // as given
  std::int64_t transmissions = 0;        // counted over every round
  std::int64_t deliveries = 0;           // (transmission, packet) pairs, every round
};

struct RoutedCheckOptions {
  std::int64_t lower_bound = kNone;  // rounds; kNone: not held against a bound
};

// Bytes the checker takes for `h` on `net` (InputError on overflow).
std::int64_t routed_check_bytes(const Network& net, const RoutedHeader& h);
// The same from the network's node count and width alone, for an estimate that must not build
// the network first (a 4000x4000 torus took 10 s and gigabytes to build for its estimate).
std::int64_t routed_check_bytes(std::int64_t nodes, std::int64_t width, const RoutedHeader& h);

// InputError when the header does not fit the network (root out of range, pieces < 1, a
// scatter with pieces != 1) or the holdings would not fit in memory (with the estimate).
void validate_header(const Network& net, const RoutedHeader& h);

class RoutedChecker final : public RoutedSink {
 public:
  // Validates `h` (validate_header) and allocates the holdings. `net` must outlive the checker.
  // Rounds must be streamed in order from 0 (begin_round(0), sends, end_round(), ...).
  RoutedChecker(const Network& net, const RoutedHeader& h, RoutedCheckOptions options = {});
  ~RoutedChecker() override;
  RoutedChecker(const RoutedChecker&) = delete;
  RoutedChecker& operator=(const RoutedChecker&) = delete;

  void begin_round(std::int64_t round) override;
  void send(std::int64_t from, std::span<const Direction> hops,
            std::span<const Packet> packets) override;
  // The same as send() for each in turn, judged with the batch's next sends prefetched.
  void send_hops(std::span<const SingleHop> batch) override;
  void end_round() override;
  // After the last round: completeness and the bound. Call once.
  RoutedResult finish();

 private:
  RoutedCheckState* s_;
};

RoutedResult check_routed(const Network& net, const RoutedSchedule& s,
                          RoutedCheckOptions options = {});
// The slow, obviously correct twin (routed_check_slow.cpp): std::set / std::map per round and
// for holdings, every property recomputed from its definition. Same verdict, property and key.
RoutedResult check_routed_slow(const Network& net, const RoutedSchedule& s,
                               RoutedCheckOptions options = {});

// The witness as a report's Violation: p = N, rank = node, round, block = kNone, the message.
Violation to_violation(const RoutedWitness& w, std::int64_t nodes);

// Shared by the twins: the index of packet `p` among the collective's P packets, or -1 if the
// collective has no such packet; P itself; whether node `v` starts with / must end with `idx`.
std::int64_t packet_count(const RoutedHeader& h, std::int64_t nodes);
inline std::int64_t packet_index(const RoutedHeader& h, std::int64_t nodes, Packet p) {
  const bool by_origin = h.collective == Collective::aab || h.collective == Collective::reduce ||
                         h.collective == Collective::aas;
  const bool scatter = h.collective == Collective::oas || h.collective == Collective::aas;
  const std::int64_t per_origin = scatter ? nodes : h.pieces;
  if (p.piece < 0 || p.piece >= per_origin) return -1;
  if (!by_origin) return p.origin == h.root ? p.piece : -1;
  return p.origin >= 0 && p.origin < nodes ? p.origin * per_origin + p.piece : -1;
}
Packet packet_of(const RoutedHeader& h, std::int64_t nodes, std::int64_t index);
bool starts_with(const RoutedHeader& h, std::int64_t nodes, std::int64_t v, Packet p);
bool must_end_with(const RoutedHeader& h, std::int64_t nodes, std::int64_t v, Packet p);
const char* to_string(Collective c);

}  // namespace collverify::network
