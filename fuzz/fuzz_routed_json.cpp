// Fuzz target: the routed-schedule JSON reader (`verify routed --schedule-file`,
// generators/external/routed_json.hpp, collverify-routed/1 in docs/FORMATS.md). Oracle:
// InputError, or a schedule the reader promises is well named (every `from` a node of the named
// network, every hop an arc where the route is); an accepted schedule is written back and read
// again to the same rounds. Networks above 4096 nodes are skipped after parsing (the round trip
// would only measure the allocator).
#include <cstddef>
#include <cstdint>

#include "fuzz_common.hpp"
#include "generators/external/routed_json.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collverify;
  network::RoutedSchedule s;
  try {
    s = parse_routed_json(fuzz::text_of(data, size), "fuzz");
  } catch (const InputError&) {
    return 0;
  }
  if (network::Network::memory_estimate(s.network) > (std::int64_t{1} << 24)) return 0;
  const network::Network net = network::Network::from_spec(s.network);
  if (net.nodes() > 4096) return 0;
  for (const network::Round& round : s.rounds) {
    for (const network::Transmission& x : round) {
      FUZZ_CHECK(x.from >= 0 && x.from < net.nodes(), "every sender is a node");
      std::int64_t at = x.from;
      for (const network::Direction h : x.hops) {
        const auto next = net.target(at, h);
        FUZZ_CHECK(next.has_value(), "every hop is an arc where the route is");
        at = *next;
      }
    }
  }
  const network::RoutedSchedule again = parse_routed_json(routed_to_json(net, s), "fuzz round trip");
  FUZZ_CHECK(again.rounds.size() == s.rounds.size(), "round trip keeps the rounds");
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    FUZZ_CHECK(again.rounds[t].size() == s.rounds[t].size(), "round trip keeps each round");
    for (std::size_t i = 0; i < s.rounds[t].size(); ++i) {
      const auto& a = again.rounds[t][i];
      const auto& b = s.rounds[t][i];
      FUZZ_CHECK(a.from == b.from && a.hops == b.hops && a.packets == b.packets,
                 "round trip keeps each transmission");
    }
  }
  return 0;
}
