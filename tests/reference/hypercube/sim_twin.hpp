// The slow, obviously correct twin of the structural hypercube checks (tests only): it simulates
// a materialised routed schedule on the d-cube round by round with a std::map of holdings and a
// per-round std::set of (arc, packet), and reports the first broken property (earliest round;
// inside a round, the arc and port properties before causality):
//   shape           one hop on an existing link (store-and-forward), at least one packet, and
//                   one packet per arc unless the model combines;
//   not_held        the sender does not hold the packet at the start of the round (causality);
//   arc_conflict    two transmissions on one arc in one round (full duplex: the two directions
//                   of a link are separate arcs; half duplex: one direction per link a round);
//   port_limit      a node sends or receives more than `ports` messages in a round (all: d);
//   duplicate_delivery  a node receives a packet it already holds (a wasted transmission);
//   missing         at the end a node lacks a packet the collective owes it (completeness);
//   rounds_above_bound  more rounds than `bound` (when bound >= 0).
// The real routed checker (checkers/network, another branch) replaces it in the engine; this one
// stays small on purpose and is used only to cross-check the structural rules.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "model/network/routed_schedule.hpp"

namespace collverify::hypercube_twin {

struct TwinVerdict {
  bool ok = true;
  std::string property;
  std::int64_t round = -1;
  std::int64_t node = -1;
  int dimension = -1;
  network::Packet packet{};
  std::int64_t transmissions = 0;  // packet-hops, counted over the whole schedule
};

inline TwinVerdict simulate_twin(const network::RoutedSchedule& s, std::int64_t bound = -1) {
  const int d = static_cast<int>(s.network.params.at(0));
  const std::int64_t nodes = std::int64_t{1} << d;
  const int ports = s.model.ports == CommModel::kAllPorts ? d : s.model.ports;
  std::map<std::int64_t, std::set<network::Packet>> holds;
  for (std::int64_t x = 0; x < nodes; ++x) {
    if (s.collective == network::Collective::aab || s.collective == network::Collective::oab) {
      if (s.collective == network::Collective::aab || x == s.root) holds[x].insert({x, 0});
    } else {
      for (std::int64_t i = 0; i < nodes; ++i) {
        if (s.collective == network::Collective::aas || x == s.root) holds[x].insert({x, i});
      }
    }
  }
  TwinVerdict v;
  const auto fail = [&v](const char* property, std::int64_t round, std::int64_t node, int dim,
                         network::Packet p) {
    v.ok = false;
    v.property = property;
    v.round = round;
    v.node = node;
    v.dimension = dim;
    v.packet = p;
    return v;
  };
  for (std::size_t r = 0; r < s.rounds.size(); ++r) {
    const auto t = static_cast<std::int64_t>(r);
    std::set<std::tuple<std::int64_t, int, network::Packet>> moves;  // (from, dim, packet)
    std::set<std::pair<std::int64_t, int>> arcs;
    std::set<std::pair<std::int64_t, int>> links;  // (smaller end, dim), half duplex
    std::map<std::int64_t, int> sent, received;
    for (const network::Transmission& x : s.rounds[r]) {
      if (x.hops.size() != 1 || x.hops[0] < 0 || x.hops[0] >= d || x.from < 0 || x.from >= nodes ||
          x.packets.empty() || (!s.model.combining && x.packets.size() != 1)) {
        return fail("shape", t, x.from, x.hops.empty() ? -1 : x.hops[0], {});
      }
      const int dim = x.hops[0];
      const std::int64_t to = x.from ^ (std::int64_t{1} << dim);
      if (!arcs.insert({x.from, dim}).second)
        return fail("arc_conflict", t, x.from, dim, x.packets[0]);
      if (s.model.duplex != Duplex::full && !links.insert({std::min(x.from, to), dim}).second) {
        return fail("arc_conflict", t, x.from, dim, x.packets[0]);
      }
      if (++sent[x.from] > ports) return fail("port_limit", t, x.from, dim, x.packets[0]);
      if (++received[to] > ports) return fail("port_limit", t, to, dim, x.packets[0]);
    }
    for (const network::Transmission& x : s.rounds[r]) {  // causality after the arcs
      for (const network::Packet& p : x.packets) {
        if (holds[x.from].count(p) == 0) return fail("not_held", t, x.from, x.hops[0], p);
        moves.insert({x.from, x.hops[0], p});
      }
    }
    for (const auto& [from, dim, p] : moves) {
      const std::int64_t to = from ^ (std::int64_t{1} << dim);
      ++v.transmissions;
      if (!holds[to].insert(p).second) return fail("duplicate_delivery", t, to, dim, p);
    }
  }
  for (std::int64_t x = 0; x < nodes; ++x) {
    for (std::int64_t y = 0; y < nodes; ++y) {
      network::Packet want{};
      bool owed = false;
      switch (s.collective) {
        case network::Collective::oab:
          owed = y == 0;
          want = {s.root, 0};
          break;
        case network::Collective::aab:
          owed = true;
          want = {y, 0};
          break;
        case network::Collective::oas:
          owed = y == 0;
          want = {s.root, x};
          break;
        case network::Collective::aas:
          owed = true;
          want = {y, x};
          break;
        default:
          break;
      }
      if (owed && holds[x].count(want) == 0) return fail("missing", -1, x, -1, want);
    }
  }
  if (bound >= 0 && static_cast<std::int64_t>(s.rounds.size()) > bound) {
    return fail("rounds_above_bound", static_cast<std::int64_t>(s.rounds.size()), -1, -1, {});
  }
  return v;
}

}  // namespace collverify::hypercube_twin
