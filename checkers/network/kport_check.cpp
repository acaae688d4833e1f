#include "checkers/network/kport_check.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify::network {

TadtVerdict check_generic_tadt_kport(const Network& net, const LevelTree& generic, std::int64_t ports) {
  CV_ASSERT(ports >= 1, "k >= 1 ports");
  TadtVerdict base = check_generic_tadt(net, generic);
  if (base) return base;
  std::map<std::int64_t, std::vector<const LevelArc*>> by_level;
  for (const LevelArc& a : generic.arcs) by_level[a.level].push_back(&a);
  for (const auto& [level, arcs] : by_level) {
    if (static_cast<std::int64_t>(arcs.size()) <= ports) continue;
    TadtViolation v;
    v.property = "ports_exceeded";
    v.tree = 0;
    v.level = level;
    v.node = arcs.front()->from;
    v.direction = arcs.front()->direction;
    v.message = fmt::format(
        "generic tree: level {} has {} arcs, more than the {} ports: every node sends and receives {} "
        "packets in round {}",
        level, arcs.size(), ports, arcs.size(), level);
    return v;
  }
  return std::nullopt;
}

std::int64_t aab_kport_bound(const Network& net, std::int64_t ports) {
  CV_ASSERT(ports >= 1, "k >= 1 ports");
  const std::int64_t n = net.nodes();
  if (n <= 1) return 0;
  std::int64_t bound = 0;
  for (std::int64_t v = 0; v < n; ++v) {
    const std::int64_t k = std::min(ports, net.in_degree(v));
    if (k == 0) throw InputError(fmt::format("node {} of {} has no incoming link", v, Network::describe(net.spec())));
    bound = std::max(bound, (n - 1 + k - 1) / k);
  }
  return std::max(bound, net.eccentricity(0));
}

RoutedHeader kport_header(std::int64_t ports) {
  RoutedHeader h = tadt_header();
  h.model.ports = static_cast<int>(ports);
  return h;
}

RoutedResult simulate_generic_tadt_kport(const Network& net, const LevelTree& generic, std::int64_t ports,
                                         RoutedCheckOptions options) {
  CV_ASSERT(ports >= 1, "k >= 1 ports");
  RoutedChecker checker(net, kport_header(ports), options);
  stream_translations(net, generic, checker);
  return checker.finish();
}

}  // namespace collverify::network
