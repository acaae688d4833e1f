// Routed schedules as JSON: the collverify-routed/1 contract (docs/DESIGN.md "Networks, routed
// schedules and contention"; documented for users in docs/FORMATS.md), which
// `schedule <family> ... --format json` prints and `verify routed --schedule-file F` reads:
//   {"format": "collverify-routed/1",
//    "network": {"kind": "hypercube", "d": 3},
//    "model": {"ports": "all", "duplex": "full", "switching": "sf", "combining": false},
//    "collective": "oab", "root": 0, "pieces": 1,
//    "rounds": [[{"from": 0, "hops": ["0"], "packets": [[0, 0]]}], ...]}
//
// Reading checks what the schedule must satisfy to be stored and named: the format word, the
// network (kind hypercube | torus | mesh | fully_connected | hierarchical_crossbar and its
// parameters, refused up front when it would not fit in memory), the model words (ports a
// number >= 1 or "all", duplex full | half | simplex, switching sf | wh, combining a boolean),
// the collective (oab | aab | oas | aas | bcast | reduce), root (required for oab, bcast, oas
// and reduce; a node), pieces (optional, default 1, >= 1), and per transmission: `from` a node,
// every hop a direction of the network that exists where the route is (a route that leaves the
// network, e.g. over a mesh border, is refused), packets [origin, piece] with origin a node and
// piece >= 0. Whether the schedule is right (causality, contention, ports, completeness, one hop
// per store-and-forward round, pieces in range) is the checker's question. Keys other than these
// are ignored. Nesting deeper than 16 is refused before parsing. Every refusal is an InputError
// naming the source, the place (rounds[t][i].hops[k]) and the value.
//
// Cost: the document is held in memory while it is read (the text decides the size); writing
// streams (RoutedJsonWriter is a RoutedSink), one round per line.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>

#include "model/network/network.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify {

network::RoutedSchedule parse_routed_json(const std::string& text, const std::string& source_name);
network::RoutedSchedule read_routed_json(const std::filesystem::path& file);

// The words of the format, both ways (InputError naming the word and the accepted ones).
network::Collective parse_collective(const std::string& word);
const char* collective_word(network::Collective c);

// Writes the document above: the header of `header` (its rounds are ignored) and then every
// round streamed into it, one per line, directions named by `net`. finish() closes the document
// (no trailing newline).
class RoutedJsonWriter final : public network::RoutedSink {
 public:
  // `lead`: members written ahead of "format" (a command's envelope), e.g. `"a":1`; none if empty.
  RoutedJsonWriter(std::ostream& out, const network::Network& net,
                   const network::RoutedSchedule& header, std::string_view lead = {});
  void begin_round(std::int64_t round) override;
  void send(std::int64_t from, std::span<const network::Direction> hops,
            std::span<const network::Packet> packets) override;
  void end_round() override;
  void finish();

 private:
  std::ostream& out_;
  const network::Network& net_;
  bool first_round_ = true;
  bool first_send_ = true;
};

// The whole schedule as one string; parse_routed_json reads it back to the same schedule.
std::string routed_to_json(const network::Network& net, const network::RoutedSchedule& s,
                           std::string_view lead = {});

}  // namespace collverify
