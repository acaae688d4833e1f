// Shared pieces of the four hypercube algorithms (seed 004, Bertsekas et al. via the lecture):
// the slide-5 lower bounds, the size limits (refused up front with an estimate), and the sink
// that collects a streamed routed schedule into a RoutedSchedule (the materialised form of
// every algorithm is its stream collected, so there is one implementation per algorithm).
// Nodes are d-bit labels; direction j flips bit j (model/network/routed_schedule.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "model/network/routed_schedule.hpp"

namespace collverify::hypercube {

// The largest d any producer accepts: 2^d nodes must index a vector and 4^d packets an int64.
inline constexpr int kMaxDimension = 30;

// Slide 5, all-port full-duplex store-and-forward hypercube of dimension d (d = 0: one node,
// nothing to do, every bound 0).
std::int64_t oab_round_bound(int d);  // d (the diameter)
std::int64_t aab_round_bound(int d);  // ceil((2^d - 1) / d)
std::int64_t oas_round_bound(int d);  // ceil((2^d - 1) / d)
std::int64_t aas_round_bound(int d);  // 2^(d-1): d 2^(2d-1) transmissions, d 2^d arcs a round
std::int64_t oab_transmission_bound(int d);  // 2^d - 1
std::int64_t aab_transmission_bound(int d);  // 2^d (2^d - 1)
std::int64_t oas_transmission_bound(int d);  // sum_k k C(d, k) = d 2^(d-1)
std::int64_t aas_transmission_bound(int d);  // 2^d * d 2^(d-1); d <= 29 (int64)
double aas_transmissions_estimate(int d);    // the same as a double, any d

// InputError unless 0 <= d <= kMaxDimension; `what` names the algorithm in the message.
void require_dimension(int d, const std::string& what);

// InputError, with the estimate, when streaming `deliveries` packet-hops would take more than
// about an hour (at 10^8 a second) — the producers stream, so time and not memory is the limit.
void require_stream_size(double deliveries, const std::string& what);

// InputError, with the estimate, when materialising `transmissions` single-packet transmissions
// would exceed the machine's memory (model/memory.hpp).
void require_materialise(double transmissions, const std::string& what);

inline network::NetworkSpec hypercube_spec(int d) {
  return {network::NetworkKind::hypercube, {d}};
}

// Collects a stream into `out.rounds` (the rest of `out` is left as the caller set it).
class CollectingSink final : public network::RoutedSink {
 public:
  explicit CollectingSink(network::RoutedSchedule& out) : out_(out) {}
  void begin_round(std::int64_t round) override;
  void send(std::int64_t from, std::span<const network::Direction> hops,
            std::span<const network::Packet> packets) override;
  void end_round() override {}

 private:
  network::RoutedSchedule& out_;
};

inline int popcount(std::int64_t x) {
  return __builtin_popcountll(static_cast<unsigned long long>(x));
}

}  // namespace collverify::hypercube
