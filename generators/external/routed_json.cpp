#include "generators/external/routed_json.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "generators/external/json_gate.hpp"
#include "model/error.hpp"

namespace collverify {

namespace {

using nlohmann::json;
using network::Collective;
using network::NetworkKind;
using network::NetworkSpec;
using network::RoutedSchedule;

constexpr int kMaxDepth = 16;
constexpr const char* kFormat = "collverify-routed/1";

std::string describe_routed(const json& v) {
  std::string text = v.dump();
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return fmt::format("{} {}", v.type_name(), text);
}

// Refuses nesting deeper than kMaxDepth before nlohmann's recursive parser sees the text.
void check_depth(const std::string& text, const std::string& src) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > kMaxDepth) {
        throw InputError(fmt::format("{}: nesting deeper than {} at byte {}; a {} document "
                                     "nests at most 6 deep", src, kMaxDepth, i, kFormat));
      }
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

class RoutedReader {
 public:
  explicit RoutedReader(const std::string& src) : src_(src) {}

  RoutedSchedule read(const json& doc) {
    if (!doc.is_object()) fail(fmt::format("the top level must be a JSON object, got {}", describe_routed(doc)));
    const std::string format = word(key(doc, "format"), "\"format\"");
    if (format != kFormat) {
      fail(fmt::format("\"format\" = \"{}\"; this reader takes \"{}\"", format, kFormat));
    }
    RoutedSchedule s;
    s.network = read_network(key(doc, "network"));
    try {
      net_.emplace(network::Network::from_spec(s.network));
    } catch (const InputError& e) {
      fail(fmt::format("\"network\": {}", e.what()));
    }
    s.model = read_model(key(doc, "model"));
    const std::string c = word(key(doc, "collective"), "\"collective\"");
    try {
      s.collective = parse_collective(c);
    } catch (const InputError& e) {
      fail(e.what());
    }
    const bool rooted = s.collective == Collective::oab || s.collective == Collective::bcast ||
                        s.collective == Collective::oas || s.collective == Collective::reduce;
    if (rooted || doc.contains("root")) s.root = node(key(doc, "root"), "\"root\"");
    if (doc.contains("pieces")) {
      s.pieces = integer(doc.at("pieces"), "\"pieces\"");
      if (s.pieces < 1) fail(fmt::format("\"pieces\" = {} is not at least 1", s.pieces));
    }
    const json& rounds = key(doc, "rounds");
    if (!rounds.is_array()) fail(fmt::format("\"rounds\" must be an array of rounds, got {}", describe_routed(rounds)));
    s.rounds.reserve(rounds.size());
    for (std::size_t t = 0; t < rounds.size(); ++t) s.rounds.push_back(read_round(rounds[t], t));
    return s;
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    throw InputError(fmt::format("{}: {}", src_, message));
  }

  const json& key(const json& obj, const char* name) const {
    const auto it = obj.find(name);
    if (it == obj.end()) fail(fmt::format("missing key \"{}\"", name));
    return *it;
  }

  std::int64_t integer(const json& v, const std::string& where) const {
    if (v.is_number_unsigned()) {
      const auto u = v.get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        fail(fmt::format("{} = {} does not fit a 64-bit signed integer", where, u));
      }
      return static_cast<std::int64_t>(u);
    }
    if (!v.is_number_integer()) fail(fmt::format("{} must be an integer, got {}", where, describe_routed(v)));
    return v.get<std::int64_t>();
  }

  std::string word(const json& v, const std::string& where) const {
    if (!v.is_string()) fail(fmt::format("{} must be a string, got {}", where, describe_routed(v)));
    return v.get<std::string>();
  }

  std::int64_t node(const json& v, const std::string& where) const {
    const std::int64_t x = integer(v, where);
    if (x < 0 || x >= net_->nodes()) {
      fail(fmt::format("{} = {} is not a node of the {} (0..{})", where, x,
                       network::Network::describe(net_->spec()), net_->nodes() - 1));
    }
    return x;
  }

  NetworkSpec read_network(const json& v) const {
    if (!v.is_object()) fail(fmt::format("\"network\" must be an object, got {}", describe_routed(v)));
    const std::string kind = word(key(v, "kind"), "\"network\".\"kind\"");
    const auto scalar = [&](const char* name) {
      return integer(key(v, name), fmt::format("\"network\".\"{}\"", name));
    };
    if (kind == "hypercube") return {NetworkKind::hypercube, {scalar("d")}};
    if (kind == "fully_connected") return {NetworkKind::fully_connected, {scalar("p")}};
    if (kind == "hierarchical_crossbar") {
      return {NetworkKind::hierarchical_crossbar, {scalar("a"), scalar("b"), scalar("channels")}};
    }
    if (kind == "torus" || kind == "mesh") {
      const json& sides = key(v, "sides");
      if (!sides.is_array() || sides.empty() || sides.size() > 64) {
        fail(fmt::format("\"network\".\"sides\" must be an array of 1 to 64 sides, got {}",
                         describe_routed(sides)));
      }
      NetworkSpec spec{kind == "torus" ? NetworkKind::torus : NetworkKind::mesh, {}};
      for (std::size_t i = 0; i < sides.size(); ++i) {
        spec.params.push_back(integer(sides[i], fmt::format("\"network\".\"sides\"[{}]", i)));
      }
      return spec;
    }
    fail(fmt::format("\"network\".\"kind\" = \"{}\" is not one of: hypercube, torus, mesh, "
                     "fully_connected, hierarchical_crossbar", kind));
  }

  CommModel read_model(const json& v) const {
    if (!v.is_object()) fail(fmt::format("\"model\" must be an object, got {}", describe_routed(v)));
    CommModel m;
    const json& ports = key(v, "ports");
    if (ports.is_string()) {
      if (ports.get<std::string>() != "all") {
        fail(fmt::format("\"model\".\"ports\" = \"{}\" is not a number >= 1 or \"all\"",
                         ports.get<std::string>()));
      }
      m.ports = CommModel::kAllPorts;
    } else {
      const std::int64_t k = integer(ports, "\"model\".\"ports\"");
      if (k < 1 || k > std::numeric_limits<int>::max()) {
        fail(fmt::format("\"model\".\"ports\" = {} is not a number >= 1 or \"all\"", k));
      }
      m.ports = static_cast<int>(k);
    }
    const std::string duplex = word(key(v, "duplex"), "\"model\".\"duplex\"");
    if (duplex == "full") m.duplex = Duplex::full;
    else if (duplex == "half") m.duplex = Duplex::half;
    else if (duplex == "simplex") m.duplex = Duplex::simplex;
    else if (duplex == "simplex-channel") m.duplex = Duplex::simplex_channel;
    else fail(fmt::format("\"model\".\"duplex\" = \"{}\" is not one of: full, half, simplex, "
                          "simplex-channel", duplex));
    const std::string sw = word(key(v, "switching"), "\"model\".\"switching\"");
    if (sw == "sf") m.switching = Switching::store_and_forward;
    else if (sw == "wh") m.switching = Switching::wormhole;
    else fail(fmt::format("\"model\".\"switching\" = \"{}\" is not one of: sf, wh", sw));
    const json& combining = key(v, "combining");
    if (!combining.is_boolean()) {
      fail(fmt::format("\"model\".\"combining\" must be true or false, got {}", describe_routed(combining)));
    }
    m.combining = combining.get<bool>();
    // Optional (absent: false), wormhole only.
    if (v.contains("intermediate_reception")) {
      const json& ir = v.at("intermediate_reception");
      if (!ir.is_boolean()) {
        fail(fmt::format("\"model\".\"intermediate_reception\" must be true or false, got {}",
                         describe_routed(ir)));
      }
      m.intermediate_reception = ir.get<bool>();
      if (m.intermediate_reception && m.switching != Switching::wormhole) {
        fail("\"model\".\"intermediate_reception\" = true needs \"switching\": \"wh\"");
      }
    }
    return m;
  }

  network::Round read_round(const json& v, std::size_t t) const {
    const std::string where = fmt::format("rounds[{}]", t);
    if (!v.is_array()) fail(fmt::format("{} must be an array of transmissions, got {}", where, describe_routed(v)));
    network::Round round;
    round.reserve(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) {
      round.push_back(read_transmission(v[i], fmt::format("{}[{}]", where, i)));
    }
    return round;
  }

  network::Transmission read_transmission(const json& v, const std::string& where) const {
    if (!v.is_object()) fail(fmt::format("{} must be an object, got {}", where, describe_routed(v)));
    network::Transmission x;
    x.from = node(key(v, "from"), where + ".from");
    const json& hops = key(v, "hops");
    if (!hops.is_array()) fail(fmt::format("{}.hops must be an array of directions, got {}", where, describe_routed(hops)));
    std::int64_t at = x.from;
    for (std::size_t k = 0; k < hops.size(); ++k) {
      const std::string hw = fmt::format("{}.hops[{}]", where, k);
      const std::string name = word(hops[k], hw);
      network::Direction dir = 0;
      try {
        dir = net_->parse_direction(name);
      } catch (const InputError& e) {
        fail(fmt::format("{}: {}", hw, e.what()));
      }
      const auto next = net_->target(at, dir);
      if (!next) {
        fail(fmt::format("{} = \"{}\": the route leaves the {} at node {} (no such arc there)", hw,
                         name, network::Network::describe(net_->spec()), at));
      }
      x.hops.push_back(dir);
      at = *next;
    }
    const json& packets = key(v, "packets");
    if (!packets.is_array()) {
      fail(fmt::format("{}.packets must be an array of [origin, piece], got {}", where, describe_routed(packets)));
    }
    for (std::size_t k = 0; k < packets.size(); ++k) {
      const std::string pw = fmt::format("{}.packets[{}]", where, k);
      const json& p = packets[k];
      if (!p.is_array() || p.size() != 2) fail(fmt::format("{} must be [origin, piece], got {}", pw, describe_routed(p)));
      network::Packet packet;
      packet.origin = node(p[0], pw + "[0] (origin)");
      packet.piece = integer(p[1], pw + "[1] (piece)");
      if (packet.piece < 0) fail(fmt::format("{}[1] (piece) = {} is negative", pw, packet.piece));
      x.packets.push_back(packet);
    }
    return x;
  }

  const std::string& src_;
  std::optional<network::Network> net_;
};

const char* duplex_word(Duplex d) {
  switch (d) {
    case Duplex::full: return "full";
    case Duplex::half: return "half";
    case Duplex::simplex: return "simplex";
    case Duplex::simplex_channel: return "simplex-channel";
  }
  return "full";
}

std::string network_json(const NetworkSpec& s) {
  switch (s.kind) {
    case NetworkKind::hypercube: return fmt::format("{{\"kind\":\"hypercube\",\"d\":{}}}", s.params.at(0));
    case NetworkKind::torus: return fmt::format("{{\"kind\":\"torus\",\"sides\":[{}]}}", fmt::join(s.params, ","));
    case NetworkKind::mesh: return fmt::format("{{\"kind\":\"mesh\",\"sides\":[{}]}}", fmt::join(s.params, ","));
    case NetworkKind::fully_connected:
      return fmt::format("{{\"kind\":\"fully_connected\",\"p\":{}}}", s.params.at(0));
    case NetworkKind::hierarchical_crossbar:
      return fmt::format("{{\"kind\":\"hierarchical_crossbar\",\"a\":{},\"b\":{},\"channels\":{}}}",
                         s.params.at(0), s.params.at(1), s.params.at(2));
  }
  return "{}";
}

}  // namespace

network::Collective parse_collective(const std::string& w) {
  for (const Collective c : {Collective::oab, Collective::aab, Collective::oas, Collective::aas,
                             Collective::bcast, Collective::reduce}) {
    if (w == collective_word(c)) return c;
  }
  throw InputError(fmt::format("\"collective\" = \"{}\" is not one of: oab, aab, oas, aas, bcast, reduce", w));
}

const char* collective_word(Collective c) {
  switch (c) {
    case Collective::oab: return "oab";
    case Collective::aab: return "aab";
    case Collective::oas: return "oas";
    case Collective::aas: return "aas";
    case Collective::bcast: return "bcast";
    case Collective::reduce: return "reduce";
  }
  return "oab";
}

network::RoutedSchedule parse_routed_json(const std::string& text, const std::string& source_name) {
  check_depth(text, source_name);
  // The gate (json_gate.hpp) names the source for a number out of range (1e400 was exit 2 from
  // the CLI's safety net, without the file) and refuses a key given twice.
  const json doc = parse_gated_json(text, source_name, kMaxDepth);
  return RoutedReader(source_name).read(doc);
}

// Through the input gate: a FIFO hung here and /dev/zero filled the memory (issue 26). The DOM
// and the schedule built from it take about 32 bytes per byte of text; at most 4 GiB is read.
network::RoutedSchedule read_routed_json(const std::filesystem::path& file) {
  const std::string text =
      read_gated_file(file, "schedule file", {kMaxDepth, std::int64_t{1} << 32, 32});
  return parse_routed_json(text, file.string());
}

RoutedJsonWriter::RoutedJsonWriter(std::ostream& out, const network::Network& net,
                                   const network::RoutedSchedule& h, std::string_view lead)
    : out_(out), net_(net) {
  out_ << '{';
  if (!lead.empty()) out_ << lead << ",\n";
  out_ << fmt::format(
      "\"format\":\"{}\",\n\"network\":{},\n\"model\":{{\"ports\":{},\"duplex\":\"{}\","
      "\"switching\":\"{}\",\"combining\":{}{}}},\n\"collective\":\"{}\",\"root\":{},\"pieces\":{},\n"
      "\"rounds\":[",
      kFormat, network_json(net.spec()),
      h.model.ports == CommModel::kAllPorts ? std::string("\"all\"") : std::to_string(h.model.ports),
      duplex_word(h.model.duplex),
      h.model.switching == Switching::store_and_forward ? "sf" : "wh",
      h.model.combining ? "true" : "false",
      h.model.intermediate_reception ? ",\"intermediate_reception\":true" : "",
      collective_word(h.collective), h.root, h.pieces);
}

void RoutedJsonWriter::begin_round(std::int64_t /*round*/) {
  out_ << (first_round_ ? "\n[" : ",\n[");
  first_round_ = false;
  first_send_ = true;
}

void RoutedJsonWriter::send(std::int64_t from, std::span<const network::Direction> hops,
                            std::span<const network::Packet> packets) {
  out_ << (first_send_ ? "" : ",") << "{\"from\":" << from << ",\"hops\":[";
  first_send_ = false;
  for (std::size_t k = 0; k < hops.size(); ++k) {
    out_ << (k == 0 ? "\"" : ",\"") << net_.direction_name(hops[k]) << '"';
  }
  out_ << "],\"packets\":[";
  for (std::size_t k = 0; k < packets.size(); ++k) {
    out_ << (k == 0 ? "[" : ",[") << packets[k].origin << ',' << packets[k].piece << ']';
  }
  out_ << "]}";
}

void RoutedJsonWriter::end_round() { out_ << ']'; }

void RoutedJsonWriter::finish() { out_ << (first_round_ ? "]}" : "\n]}"); }

std::string routed_to_json(const network::Network& net, const network::RoutedSchedule& s,
                           std::string_view lead) {
  std::ostringstream out;
  RoutedJsonWriter w(out, net, s, lead);
  network::replay(s, w);
  w.finish();
  return out.str();
}

}  // namespace collverify
