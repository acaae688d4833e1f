#include "reference/hypercube/hypercube_common.hpp"

#include <fmt/format.h>

#include "model/error.hpp"
#include "model/memory.hpp"

namespace collverify::hypercube {

namespace {
std::int64_t pow2(int d) {
  return std::int64_t{1} << d;
}
}  // namespace

std::int64_t oab_round_bound(int d) {
  return d;
}
std::int64_t aab_round_bound(int d) {
  return d == 0 ? 0 : (pow2(d) - 1 + d - 1) / d;
}
std::int64_t oas_round_bound(int d) {
  return aab_round_bound(d);
}
std::int64_t aas_round_bound(int d) {
  return d == 0 ? 0 : pow2(d - 1);
}
std::int64_t oab_transmission_bound(int d) {
  return pow2(d) - 1;
}
std::int64_t aab_transmission_bound(int d) {
  return pow2(d) * (pow2(d) - 1);
}
std::int64_t oas_transmission_bound(int d) {
  return d == 0 ? 0 : d * pow2(d - 1);
}
std::int64_t aas_transmission_bound(int d) {
  return pow2(d) * oas_transmission_bound(d);
}
double aas_transmissions_estimate(int d) {
  return static_cast<double>(pow2(d)) * static_cast<double>(oas_transmission_bound(d));
}

void require_dimension(int d, const std::string& what) {
  if (d < 0 || d > kMaxDimension) {
    throw InputError(fmt::format("{}: dimension d = {} is out of range; accepted 0..{}", what, d,
                                 kMaxDimension));
  }
}

void require_stream_size(double deliveries, const std::string& what) {
  constexpr double kPerSecond = 1e8;
  constexpr double kLimit = 549755813888.0;  // 2^39: about 1.5 hours at 10^8 a second
  if (deliveries > kLimit) {
    throw InputError(fmt::format(
        "{}: {:.3g} packet deliveries would take about {:.1f} hours to "
        "stream (at 10^8 a second); the limit is {:.3g}",
        what, deliveries, static_cast<double>(deliveries) / kPerSecond / 3600.0, kLimit));
  }
}

void require_materialise(double transmissions, const std::string& what) {
  // A Transmission with one hop and one packet: the struct, two heap blocks and their headers.
  constexpr double kBytesPerTransmission = 112;
  if (transmissions > 1e12) {
    throw InputError(
        fmt::format("{}: {:.3g} transmissions (about {:.3g} GiB) cannot be "
                    "materialised; stream them",
                    what, transmissions, transmissions * kBytesPerTransmission / (1 << 30)));
  }
  require_memory(static_cast<std::int64_t>(transmissions * kBytesPerTransmission),
                 fmt::format("{} ({:.0f} transmissions materialised)", what, transmissions));
}

void CollectingSink::begin_round(std::int64_t round) {
  CV_ASSERT(round == static_cast<std::int64_t>(out_.rounds.size()), "rounds arrive in order");
  out_.rounds.emplace_back();
}

void CollectingSink::send(std::int64_t from, std::span<const network::Direction> hops,
                          std::span<const network::Packet> packets) {
  out_.rounds.back().push_back(
      network::Transmission{from, {hops.begin(), hops.end()}, {packets.begin(), packets.end()}});
}

}  // namespace collverify::hypercube
