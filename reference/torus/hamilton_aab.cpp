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

// Collects a stream into a RoutedSchedule.
class Collect final : public net::RoutedSink {
 public:
  explicit Collect(net::RoutedSchedule& s) : s_(s) {}
  void begin_round(std::int64_t) override { s_.rounds.emplace_back(); }
  void send(std::int64_t from, std::span<const net::Direction> hops,
            std::span<const net::Packet> packets) override {
    s_.rounds.back().push_back({from, {hops.begin(), hops.end()}, {packets.begin(), packets.end()}});
  }
  void end_round() override {}

 private:
  net::RoutedSchedule& s_;
};

}  // namespace

std::int64_t hamil_cycle_aab_rounds(std::int64_t nodes) { return nodes / 2; }

net::RoutedSchedule parallel_hamil_cycle_aab_header(const net::Network& n, std::int64_t cycles) {
  net::RoutedSchedule s;
  s.network = n.spec();
  s.model = CommModel{CommModel::kAllPorts, Duplex::full, Switching::store_and_forward, false};
  s.collective = net::Collective::aab;
  s.pieces = cycles;
  return s;
}

void stream_parallel_hamil_cycle_aab(const net::Network& n,
                                     std::span<const std::vector<std::int64_t>> cycles,
                                     net::RoutedSink& sink) {
  const std::int64_t N = n.nodes();
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
  const std::int64_t ahead = N / 2;         // ceil((N - 1)/2) predecessors travel forward
  const std::int64_t behind = (N - 1) / 2;  // floor((N - 1)/2) successors travel backward
  for (std::int64_t t = 0; t < ahead; ++t) {
    sink.begin_round(t);
    for (std::size_t c = 0; c < cycles.size(); ++c) {
      const auto& cyc = cycles[c];
      const auto piece = static_cast<std::int64_t>(c);
      for (std::int64_t q = 0; q < N; ++q) {
        const std::int64_t v = cyc[static_cast<std::size_t>(q)];
        // In round t, position q forwards the piece that started t positions behind it (and,
        // backwards, the one that started t positions ahead).
        const net::Packet fwd{cyc[static_cast<std::size_t>((q - t + N) % N)], piece};
        sink.send(v, {&forward[c][static_cast<std::size_t>(q)], 1}, {&fwd, 1});
        if (t < behind) {
          const net::Packet bwd{cyc[static_cast<std::size_t>((q + t) % N)], piece};
          sink.send(v, {&backward[c][static_cast<std::size_t>(q)], 1}, {&bwd, 1});
        }
      }
    }
    sink.end_round();
  }
}

net::RoutedSchedule parallel_hamil_cycle_aab(const net::Network& n,
                                             std::span<const std::vector<std::int64_t>> cycles) {
  net::RoutedSchedule s = parallel_hamil_cycle_aab_header(n, static_cast<std::int64_t>(cycles.size()));
  Collect collect(s);
  stream_parallel_hamil_cycle_aab(n, cycles, collect);
  return s;
}

}  // namespace collverify::torus
