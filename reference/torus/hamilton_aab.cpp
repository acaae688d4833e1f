#include "reference/torus/hamilton_aab.hpp"

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify::torus {

namespace net = network;

namespace {

net::Direction direction_between(const net::Network& n, std::int64_t a, std::int64_t b) {
  for (net::Direction d = 0; d < n.width(); ++d) {
    const auto t = n.target(a, d);
    if (t && *t == b) return d;
  }
  throw InputError(fmt::format("cycle step {} -> {} is not a link of {}", a, b,
                               net::Network::describe(n.spec())));
}

}  // namespace

std::int64_t hamil_cycle_aab_rounds(std::int64_t nodes) { return nodes / 2; }

net::RoutedSchedule parallel_hamil_cycle_aab(const net::Network& n,
                                             std::span<const std::vector<std::int64_t>> cycles) {
  const std::int64_t N = n.nodes();
  net::RoutedSchedule s;
  s.network = n.spec();
  s.model = CommModel{CommModel::kAllPorts, Duplex::full, Switching::store_and_forward, false};
  s.collective = net::Collective::aab;
  s.pieces = static_cast<std::int64_t>(cycles.size());
  // forward[c][q]: direction from position q to q + 1; backward: from q to q - 1.
  std::vector<std::vector<net::Direction>> forward(cycles.size());
  std::vector<std::vector<net::Direction>> backward(cycles.size());
  for (std::size_t c = 0; c < cycles.size(); ++c) {
    if (static_cast<std::int64_t>(cycles[c].size()) != N) {
      throw InputError(fmt::format("cycle {} lists {} nodes, the network has {}", c,
                                   cycles[c].size(), N));
    }
    for (std::int64_t q = 0; q < N; ++q) {
      const std::int64_t v = cycles[c][static_cast<std::size_t>(q)];
      forward[c].push_back(direction_between(n, v, cycles[c][static_cast<std::size_t>((q + 1) % N)]));
      backward[c].push_back(
          direction_between(n, v, cycles[c][static_cast<std::size_t>((q - 1 + N) % N)]));
    }
  }
  const std::int64_t ahead = N / 2;          // ceil((N - 1)/2) predecessors travel forward
  const std::int64_t behind = (N - 1) / 2;   // floor((N - 1)/2) successors travel backward
  s.rounds.resize(static_cast<std::size_t>(ahead));
  for (std::int64_t t = 0; t < ahead; ++t) {
    net::Round& round = s.rounds[static_cast<std::size_t>(t)];
    for (std::size_t c = 0; c < cycles.size(); ++c) {
      const auto& cyc = cycles[c];
      const auto piece = static_cast<std::int64_t>(c);
      for (std::int64_t q = 0; q < N; ++q) {
        const std::int64_t v = cyc[static_cast<std::size_t>(q)];
        // In round t, position q forwards the piece that started t positions behind it.
        round.push_back({v, {forward[c][static_cast<std::size_t>(q)]},
                         {{cyc[static_cast<std::size_t>((q - t + N) % N)], piece}}});
        if (t < behind) {
          round.push_back({v, {backward[c][static_cast<std::size_t>(q)]},
                           {{cyc[static_cast<std::size_t>((q + t) % N)], piece}}});
        }
      }
    }
  }
  return s;
}

}  // namespace collverify::torus
