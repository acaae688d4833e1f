// What the fast routed checker and its slow twin share: the collective's packets (which exist,
// who starts with and who must end with each), the witness key and its message, and the
// validation of a schedule's header. The properties themselves are computed separately by each.
#include <algorithm>
#include <tuple>

#include <fmt/format.h>

#include "checkers/network/routed_check.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"

namespace collverify::network {

const char* to_string(RoutedProperty p) {
  switch (p) {
    case RoutedProperty::node_in_network: return "node_in_network";
    case RoutedProperty::route_length: return "route_length";
    case RoutedProperty::hop_exists: return "hop_exists";
    case RoutedProperty::empty_transmission: return "empty_transmission";
    case RoutedProperty::packet_in_collective: return "packet_in_collective";
    case RoutedProperty::causality: return "causality";
    case RoutedProperty::non_combining: return "non_combining";
    case RoutedProperty::arc_exclusivity: return "arc_exclusivity";
    case RoutedProperty::port_limit: return "port_limit";
    case RoutedProperty::simplex: return "simplex";
    case RoutedProperty::one_way_channel: return "one_way_channel";
    case RoutedProperty::completeness: return "completeness";
    case RoutedProperty::lower_bound: return "lower_bound";
  }
  return "?";
}

std::vector<std::string> routed_property_names() {
  std::vector<std::string> out;
  for (int i = 0; i <= static_cast<int>(RoutedProperty::lower_bound); ++i) {
    out.emplace_back(to_string(static_cast<RoutedProperty>(i)));
  }
  return out;
}

const char* to_string(Collective c) {
  switch (c) {
    case Collective::oab: return "oab";
    case Collective::aab: return "aab";
    case Collective::oas: return "oas";
    case Collective::aas: return "aas";
    case Collective::bcast: return "bcast";
    case Collective::reduce: return "reduce";
  }
  return "?";
}

RoutedHeader header_of(const RoutedSchedule& s) {
  return {s.model, s.collective, s.root, s.pieces};
}

bool operator<(const RoutedWitness& a, const RoutedWitness& b) {
  return std::tie(a.node, a.property, a.detail, a.reverse, a.packets) <
         std::tie(b.node, b.property, b.detail, b.reverse, b.packets);
}

std::int64_t packet_count(const RoutedHeader& h, std::int64_t n) {
  switch (h.collective) {
    case Collective::oab:
    case Collective::bcast: return h.pieces;
    case Collective::aab:
    case Collective::reduce: return checked_mul(n, h.pieces, "packets of the collective");
    case Collective::oas: return n;
    case Collective::aas: return checked_mul(n, n, "packets of the collective");
  }
  return 0;
}

Packet packet_of(const RoutedHeader& h, std::int64_t n, std::int64_t index) {
  switch (h.collective) {
    case Collective::oab:
    case Collective::bcast: return {h.root, index};
    case Collective::aab:
    case Collective::reduce: return {index / h.pieces, index % h.pieces};
    case Collective::oas: return {h.root, index};
    case Collective::aas: return {index / n, index % n};
  }
  return {};
}

bool starts_with(const RoutedHeader& /*h*/, std::int64_t /*n*/, std::int64_t v, Packet p) {
  return p.origin == v;
}

bool must_end_with(const RoutedHeader& h, std::int64_t /*n*/, std::int64_t v, Packet p) {
  switch (h.collective) {
    case Collective::oab:
    case Collective::bcast:
    case Collective::aab: return true;
    case Collective::oas:
    case Collective::aas: return p.piece == v;
    case Collective::reduce: return v == h.root;
  }
  return false;
}

std::int64_t routed_check_bytes(const Network& net, const RoutedHeader& h) {
  return routed_check_bytes(net.nodes(), net.width(), h);
}

std::int64_t routed_check_bytes(std::int64_t nodes, std::int64_t width, const RoutedHeader& h) {
  const std::int64_t n = nodes;
  const std::int64_t words = (packet_count(h, n) + 63) / 64;
  const std::string what = "routed checker holdings";
  std::int64_t bytes = checked_mul(checked_mul(n, words, what), 8, what);
  // Per arc: a stamp byte, the first packet's index (4 bytes, 8 when P > 2^32) and the target
  // (4 bytes, none on a hypercube; counted anyway); per node: send and receive words and limits
  // (24 bytes); the delivery table (16 KiB).
  std::int64_t per_arc = packet_count(h, n) > (std::int64_t{1} << 32) ? 13 : 9;
  if (h.model.duplex == Duplex::simplex_channel) per_arc += 4;  // the round each arc was first used
  bytes = checked_add(bytes, checked_mul(checked_mul(n, width, what), per_arc, what), what);
  bytes = checked_add(bytes, checked_mul(n, 24, what), what);
  return checked_add(bytes, std::int64_t{16} << 10, what);
}

void validate_header(const Network& net, const RoutedHeader& h) {
  const std::int64_t n = net.nodes();
  const bool one_to_all = h.collective == Collective::oab || h.collective == Collective::bcast ||
                          h.collective == Collective::oas || h.collective == Collective::reduce;
  if (one_to_all && (h.root < 0 || h.root >= n)) {
    throw InputError(fmt::format("root {} is not a node of the {} (0..{})", h.root,
                                 Network::describe(net.spec()), n - 1));
  }
  if (h.pieces < 1) throw InputError(fmt::format("pieces = {} is not at least 1", h.pieces));
  if ((h.collective == Collective::oas || h.collective == Collective::aas) && h.pieces != 1) {
    throw InputError(fmt::format("pieces = {} for a scatter ({}); scatter packets are named by "
                                 "their destination, so pieces must be 1",
                                 h.pieces, to_string(h.collective)));
  }
  if (h.model.ports < 0) throw InputError(fmt::format("ports = {} is negative", h.model.ports));
  if (h.model.intermediate_reception && h.model.switching != Switching::wormhole) {
    throw InputError("intermediate reception is a wormhole capability (a store-and-forward "
                     "transmission has no intermediate nodes)");
  }
  require_memory(routed_check_bytes(net, h),
                 fmt::format("checking {} on the {}", to_string(h.collective),
                             Network::describe(net.spec())));
}

namespace {

std::string packets_text(const std::vector<Packet>& ps) {
  std::string out;
  for (const Packet& p : ps) {
    out += fmt::format("{}({}, {})", out.empty() ? "" : " and ", p.origin, p.piece);
  }
  return out;
}

std::string arc_text(const Network& net, const Arc& a) {
  if (a.to < 0) {
    return fmt::format("({}, \"{}\") which does not exist", a.from, net.direction_name(a.direction));
  }
  return fmt::format("{} -> {} (direction \"{}\")", a.from, a.to, net.direction_name(a.direction));
}

}  // namespace

void describe_witness(const Network& net, RoutedWitness& w) {
  const std::string at = w.round == kNone ? std::string() : fmt::format("round {}: ", w.round);
  const std::string pk = packets_text(w.packets);
  std::string m;
  switch (w.property) {
    case RoutedProperty::node_in_network:
      m = fmt::format("sender {} is not a node (0..{})", w.node, net.nodes() - 1);
      break;
    case RoutedProperty::route_length:
      m = fmt::format("node {} sends along {} hops; store-and-forward takes exactly one, "
                      "wormhole at least one", w.node, w.detail);
      break;
    case RoutedProperty::hop_exists:
      m = fmt::format("the route reaches arc {}", arc_text(net, *w.arc));
      break;
    case RoutedProperty::empty_transmission:
      m = fmt::format("node {} sends a transmission without packets", w.node);
      break;
    case RoutedProperty::packet_in_collective:
      m = fmt::format("node {} sends packet {} which the collective does not have", w.node, pk);
      break;
    case RoutedProperty::causality:
      m = fmt::format("node {} sends packet {} which it does not hold at the start of the round",
                      w.node, pk);
      break;
    case RoutedProperty::non_combining:
      m = fmt::format("arc {} carries packets {} in one transmission; the model does not combine",
                      arc_text(net, *w.arc), pk);
      break;
    case RoutedProperty::arc_exclusivity:
      m = w.reverse ? fmt::format("arc {} and its reverse are used in one round (half duplex): "
                                  "packets {}", arc_text(net, *w.arc), pk)
                    : fmt::format("arc {} is used by two transmissions: packets {}",
                                  arc_text(net, *w.arc), pk);
      break;
    case RoutedProperty::port_limit:
      m = fmt::format("node {} {} more transmissions than its ports allow", w.node,
                      w.detail == 0 ? "sends" : "receives");
      break;
    case RoutedProperty::simplex:
      m = fmt::format("node {} both sends and receives in one round (simplex)", w.node);
      break;
    case RoutedProperty::one_way_channel:
      m = fmt::format("arc {} is used while its reverse arc is used in this or an earlier round "
                      "(simplex channels: a link carries one direction only): packet {}",
                      arc_text(net, *w.arc), pk);
      break;
    case RoutedProperty::completeness:
      m = fmt::format("node {} ends without packet {}", w.node, pk);
      break;
    case RoutedProperty::lower_bound:
      m = fmt::format("{} rounds, fewer than the lower bound {}", w.round, w.detail);
      break;
  }
  w.message = at + m;
}

Violation to_violation(const RoutedWitness& w, std::int64_t nodes) {
  Violation v;
  v.property = to_string(w.property);
  v.p = nodes;
  v.rank = w.node;
  v.round = w.round;
  v.message = w.message;
  return v;
}

}  // namespace collverify::network
