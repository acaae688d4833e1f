#include "reference/embedding/embed.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "model/error.hpp"

namespace collverify::embedding {
namespace {

using network::Direction;
using network::Network;
using network::NetworkKind;

// Dimension-order routing on a mesh or torus: coordinate 0 first.
std::vector<Direction> grid_route(const Network& net, std::int64_t from, std::int64_t to) {
  const std::vector<std::int64_t> a = net.coordinates(from);
  const std::vector<std::int64_t> b = net.coordinates(to);
  const bool wrap = net.kind() == NetworkKind::torus;
  std::vector<Direction> hops;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::int64_t side = net.spec().params[i];
    std::int64_t up = b[i] - a[i];  // steps in "+i" without wrapping
    if (wrap) {
      up = ((up % side) + side) % side;
      if (side - up < up) up = -(side - up);  // the shorter way, ties "+"
    }
    const auto dir = static_cast<Direction>(2 * i + (up < 0 ? 1 : 0));
    for (std::int64_t k = 0; k < (up < 0 ? -up : up); ++k) hops.push_back(dir);
  }
  return hops;
}

std::vector<Direction> crossbar_route(const Network& net, std::int64_t from, std::int64_t to) {
  const std::int64_t b = net.spec().params[1];
  const std::int64_t channels = net.spec().params[2];
  const std::int64_t l = from % b, m = from / b, l2 = to % b, m2 = to / b;
  if (m == m2) return {static_cast<Direction>(l2)};
  if (channels < 1) throw InputError(fmt::format("{} has no channels between modules", Network::describe(net.spec())));
  const std::int64_t g = l < channels ? l : (l2 < channels ? l2 : l % channels);
  std::vector<Direction> hops;
  if (l != g) hops.push_back(static_cast<Direction>(g));
  hops.push_back(static_cast<Direction>(b + m2));
  if (g != l2) hops.push_back(static_cast<Direction>(l2));
  return hops;
}

}  // namespace

std::vector<Direction> route(const Network& net, std::int64_t from, std::int64_t to) {
  if (from == to || from < 0 || to < 0 || from >= net.nodes() || to >= net.nodes()) {
    throw InputError(fmt::format("no route from node {} to node {} in {}", from, to,
                                 Network::describe(net.spec())));
  }
  switch (net.kind()) {
    case NetworkKind::mesh:
    case NetworkKind::torus:
      return grid_route(net, from, to);
    case NetworkKind::hierarchical_crossbar:
      return crossbar_route(net, from, to);
    case NetworkKind::fully_connected:
      return {static_cast<Direction>(to)};
    case NetworkKind::hypercube: {
      std::vector<Direction> hops;
      for (Direction j = 0; (from ^ to) >> j != 0; ++j)
        if ((((from ^ to) >> j) & 1) != 0) hops.push_back(j);
      return hops;
    }
  }
  CV_ASSERT(false, "every network kind has a routing");
  return {};
}

namespace {

void check_placement(const Schedule& s, const Network& net, std::span<const std::int64_t> placement) {
  if (static_cast<std::int64_t>(placement.size()) != s.p) {
    throw InputError(fmt::format("the placement names {} PUs, the schedule has p = {}",
                                 placement.size(), s.p));
  }
  std::vector<bool> used(static_cast<std::size_t>(net.nodes()), false);
  for (std::size_t i = 0; i < placement.size(); ++i) {
    const std::int64_t v = placement[i];
    if (v < 0 || v >= net.nodes())
      throw InputError(fmt::format("PU {} is placed on node {}, not a node of {}", i, v,
                                   Network::describe(net.spec())));
    if (used[static_cast<std::size_t>(v)])
      throw InputError(fmt::format("PU {} is placed on node {}, which holds another PU", i, v));
    used[static_cast<std::size_t>(v)] = true;
  }
}

std::int64_t root_of(const Schedule& s) {
  for (const Holding& h : s.initial)
    if (h.block == 0) return h.rank;
  throw InputError("the schedule has no PU holding block 0 at the start (no broadcast root)");
}

}  // namespace

network::RoutedSchedule embed(const Schedule& s, const Network& net,
                              std::span<const std::int64_t> placement, Switching switching) {
  check_placement(s, net, placement);
  network::RoutedSchedule out;
  out.network = net.spec();
  out.model = CommModel{CommModel::kAllPorts, Duplex::full, switching, false};
  out.collective = network::Collective::bcast;
  out.root = placement[static_cast<std::size_t>(root_of(s))];
  out.pieces = s.n;
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    // The routes of step t, then the rounds they make.
    struct Routed {
      std::int64_t from;
      std::vector<Direction> hops;
      network::Packet packet;
    };
    std::vector<Routed> step;
    std::size_t longest = 0;
    for (const Transfer& x : s.rounds[t]) {
      if (x.block == kNothing || x.stored_as == kNothing) {
        throw InputError(fmt::format("step {}: the transfer {} -> {} sends or expects nothing; only "
                                     "complete transfers can be routed", t, x.from, x.to));
      }
      const std::int64_t a = placement[static_cast<std::size_t>(x.from)];
      const std::int64_t b = placement[static_cast<std::size_t>(x.to)];
      step.push_back({a, route(net, a, b), {out.root, x.block}});
      longest = std::max(longest, step.back().hops.size());
    }
    if (switching == Switching::wormhole) {
      network::Round round;
      for (const Routed& r : step) round.push_back({r.from, r.hops, {r.packet}});
      out.rounds.push_back(std::move(round));
      continue;
    }
    for (std::size_t j = 0; j < std::max<std::size_t>(1, longest); ++j) {
      network::Round round;
      for (Routed& r : step) {
        if (j >= r.hops.size()) continue;
        round.push_back({r.from, {r.hops[j]}, {r.packet}});
        r.from = *net.target(r.from, r.hops[j]);
      }
      out.rounds.push_back(std::move(round));
    }
  }
  return out;
}

network::RoutedSchedule split_congested_rounds(const Network& net, const network::RoutedSchedule& s) {
  network::RoutedSchedule out = s;
  out.rounds.clear();
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    std::vector<network::Round> subs;
    std::vector<std::vector<std::int64_t>> used;  // arc ids per sub-round, sorted
    for (const network::Transmission& x : s.rounds[t]) {
      std::vector<std::int64_t> arcs;
      std::int64_t at = x.from;
      for (const Direction d : x.hops) {
        const std::optional<std::int64_t> next = net.target(at, d);
        if (!next) {
          throw InputError(fmt::format("round {}: node {} has no arc in direction {} in {}", t, at,
                                       net.direction_name(d), Network::describe(net.spec())));
        }
        arcs.push_back(net.arc_id(at, d));
        at = *next;
      }
      std::sort(arcs.begin(), arcs.end());
      std::size_t k = 0;
      for (; k < subs.size(); ++k) {
        const auto& u = used[k];
        const bool clash = std::any_of(arcs.begin(), arcs.end(), [&](std::int64_t a) {
          return std::binary_search(u.begin(), u.end(), a);
        });
        if (!clash) break;
      }
      if (k == subs.size()) {
        subs.emplace_back();
        used.emplace_back();
      }
      subs[k].push_back(x);
      used[k].insert(used[k].end(), arcs.begin(), arcs.end());
      std::sort(used[k].begin(), used[k].end());
    }
    if (subs.empty()) subs.emplace_back();
    for (auto& r : subs) out.rounds.push_back(std::move(r));
  }
  return out;
}

}  // namespace collverify::embedding
