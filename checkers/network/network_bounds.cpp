#include "checkers/network/network_bounds.hpp"

#include <algorithm>

#include "model/error.hpp"

namespace collverify::network {

namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return b <= 0 ? 0 : (a + b - 1) / b; }

// Smallest t with (1 + s)^t >= n.
std::int64_t doubling_rounds(std::int64_t n, std::int64_t s) {
  if (s <= 0) return 0;
  std::int64_t t = 0;
  std::int64_t reach = 1;  // stops before overflow: reach < n < 2^62 and s < 2^30 before *=
  while (reach < n) {
    reach = reach > n / (1 + s) ? n : reach * (1 + s);
    ++t;
  }
  return t;
}

std::int64_t ports(const RoutedHeader& h, std::int64_t degree) {
  return h.model.ports == CommModel::kAllPorts ? degree : std::min<std::int64_t>(h.model.ports, degree);
}

// sum over ordered pairs of hop distances, or -1 when too costly to compute.
std::int64_t total_distance(const Network& net) {
  const std::int64_t n = net.nodes();
  std::int64_t sum = 0;
  if (net.has_translations()) {
    for (const std::int64_t x : net.distances_from(0)) sum += x;
    return sum * n;
  }
  if (n > 4096) return -1;
  for (std::int64_t u = 0; u < n; ++u) {
    for (const std::int64_t x : net.distances_from(u)) sum += x;
  }
  return sum;
}

}  // namespace

RoutedBound hypercube_bound(Collective c, int d) {
  CV_ASSERT(d >= 0 && d < 31, "hypercube bound for d in 0..30");
  const std::int64_t n = std::int64_t{1} << d;
  if (d == 0) return {0, 0};
  switch (c) {
    case Collective::oab:
    case Collective::bcast:
    case Collective::reduce: return {d, n - 1};
    case Collective::aab: return {ceil_div(n - 1, d), n * (n - 1)};
    case Collective::oas: return {ceil_div(n - 1, d), d * (n / 2)};
    case Collective::aas: return {n / 2, n * d * (n / 2)};
  }
  return {};
}

std::int64_t routed_lower_bound(const Network& net, const RoutedHeader& h) {
  const std::int64_t n = net.nodes();
  if (n <= 1) return 0;
  // One worm with intermediate reception can pass every node (a Hamiltonian path) and needs no
  // port of the nodes it passes: nothing beyond one round is implied.
  if (h.model.intermediate_reception) return 1;
  const bool sf = h.model.switching == Switching::store_and_forward;
  // Arcs that can carry a transmission in one round: all in full duplex, one per link otherwise
  // (half duplex: one direction a round; simplex: a node does not send and receive in a round;
  // simplex channels: one direction ever).
  const std::int64_t per_round = h.model.duplex == Duplex::full ? net.arcs() : net.arcs() / 2;
  const bool counts = !h.model.combining;  // one packet per transmission
  std::int64_t max_send = 0;
  for (std::int64_t v = 0; v < n; ++v) max_send = std::max(max_send, ports(h, net.out_degree(v)));
  std::int64_t bound = 0;
  const auto recv_bound = [&](std::int64_t v, std::int64_t packets) {
    if (counts) bound = std::max(bound, ceil_div(packets, ports(h, net.in_degree(v))));
  };
  switch (h.collective) {
    case Collective::oab:
    case Collective::bcast:
      if (sf) bound = std::max(bound, net.eccentricity(h.root));
      bound = std::max(bound, doubling_rounds(n, max_send));
      for (std::int64_t v = 0; v < n; ++v) {
        if (v != h.root) recv_bound(v, h.pieces);
      }
      break;
    case Collective::aab:
      if (sf) bound = std::max(bound, net.eccentricity(0));
      bound = std::max(bound, doubling_rounds(n, max_send));
      for (std::int64_t v = 0; v < n; ++v) recv_bound(v, (n - 1) * h.pieces);
      // Every one of the N (N - 1) pieces deliveries takes an arc of some round.
      // n <= 2^31 keeps n (n - 1) in range; a product over 2^62 with the pieces is left out.
      if (counts && per_round > 0 && n <= (std::int64_t{1} << 31) &&
          h.pieces <= (std::int64_t{1} << 62) / (n * (n - 1))) {
        bound = std::max(bound, ceil_div(n * (n - 1) * h.pieces, per_round));
      }
      break;
    case Collective::oas:
      if (sf) bound = std::max(bound, net.eccentricity(h.root));
      if (counts) bound = std::max(bound, ceil_div(n - 1, ports(h, net.out_degree(h.root))));
      break;
    case Collective::aas: {
      if (sf) bound = std::max(bound, net.eccentricity(0));
      for (std::int64_t v = 0; v < n; ++v) {
        recv_bound(v, n - 1);
        if (counts) bound = std::max(bound, ceil_div(n - 1, ports(h, net.out_degree(v))));
      }
      const std::int64_t total = counts ? total_distance(net) : -1;
      if (total >= 0) bound = std::max(bound, ceil_div(total, per_round));
      break;
    }
    case Collective::reduce:
      if (sf) bound = std::max(bound, net.eccentricity(h.root));
      if (counts) recv_bound(h.root, (n - 1) * h.pieces);
      break;
  }
  return std::max<std::int64_t>(bound, 0);
}

}  // namespace collverify::network
