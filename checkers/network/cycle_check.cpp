#include "checkers/network/cycle_check.hpp"

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify::network {

namespace {

// The link id of a -- b: the smaller arc id of its two arcs, or -1 when no arc joins them.
// Several parallel links between a and b (a torus side of 2) are not told apart; cycle sides are
// >= 3 where that cannot happen.
std::int64_t link_between(const Network& net, std::int64_t a, std::int64_t b) {
  for (Direction d = 0; d < net.width(); ++d) {
    const auto t = net.target(a, d);
    if (t && *t == b) {
      const Direction back = net.reverse_direction(a, d);
      return std::min(net.arc_id(a, d), net.arc_id(b, back));
    }
  }
  return -1;
}

CycleWitness make(const Network& net, std::string property, std::int64_t cycle,
                  std::int64_t position, std::int64_t node, std::string what) {
  CycleWitness w;
  w.property = std::move(property);
  w.cycle = cycle;
  w.position = position;
  w.node = node;
  w.message = fmt::format("{}: cycle {} position {}{}: {}", w.property, cycle, position,
                          node >= 0 && node < net.nodes() ? ", " + node_name(net, node) : "", what);
  return w;
}

}  // namespace

std::string node_name(const Network& net, std::int64_t node) {
  std::string c;
  for (std::int64_t x : net.coordinates(node)) c += fmt::format("{}{}", c.empty() ? "" : ",", x);
  return fmt::format("node {} ({})", node, c);
}

std::string cycle_refusal(const Network& net, std::int64_t k) {
  for (std::int64_t v = 0; v < net.nodes(); ++v) {
    const std::int64_t deg = net.out_degree(v);
    if (deg % 2 != 0 || deg < 2 * k) {
      return fmt::format(
          "{} has {} links{}: {} link-disjoint Hamiltonian cycles need {} links at every node and "
          "a Hamiltonian decomposition needs every degree even (seed 003: the Hamiltonian-cycle "
          "AAB does not apply to {})",
          node_name(net, v), deg, deg % 2 != 0 ? " (odd)" : "", k, 2 * k,
          Network::describe(net.spec()));
    }
  }
  return {};
}

CycleCheckResult check_link_disjoint_cycles(const Network& net,
                                            std::span<const std::vector<std::int64_t>> cycles) {
  const std::string refusal = cycle_refusal(net, static_cast<std::int64_t>(cycles.size()));
  if (!refusal.empty()) throw InputError(refusal);
  CycleCheckResult r;
  r.cycles = static_cast<std::int64_t>(cycles.size());
  const std::int64_t N = net.nodes();
  // owner[link] = (cycle, position) of the first cycle that used it.
  std::vector<std::pair<std::int64_t, std::int64_t>> owner(
      static_cast<std::size_t>(N * net.width()), {-1, -1});
  std::vector<std::int64_t> seen_at(static_cast<std::size_t>(N), -1);
  for (std::size_t c = 0; c < cycles.size(); ++c) {
    const auto& cyc = cycles[c];
    const auto ci = static_cast<std::int64_t>(c);
    if (static_cast<std::int64_t>(cyc.size()) != N) {
      r.witness = make(net, "cycle_length", ci, -1, -1,
                       fmt::format("{} nodes listed, a Hamiltonian cycle of {} lists {}",
                                   cyc.size(), Network::describe(net.spec()), N));
      return r;
    }
    std::fill(seen_at.begin(), seen_at.end(), -1);
    for (std::int64_t q = 0; q < N; ++q) {
      const std::int64_t v = cyc[static_cast<std::size_t>(q)];
      if (v < 0 || v >= N) {
        r.witness = make(net, "node_in_network", ci, q, v,
                         fmt::format("node {} is not in 0..{}", v, N - 1));
        return r;
      }
      if (seen_at[static_cast<std::size_t>(v)] >= 0) {
        CycleWitness w = make(net, "repeated_node", ci, q, v,
                              fmt::format("visited again (first at position {})",
                                          seen_at[static_cast<std::size_t>(v)]));
        w.other_position = seen_at[static_cast<std::size_t>(v)];
        r.witness = w;
        return r;
      }
      seen_at[static_cast<std::size_t>(v)] = q;
    }
    for (std::int64_t q = 0; q < N; ++q) {
      const std::int64_t v = cyc[static_cast<std::size_t>(q)];
      const std::int64_t w = cyc[static_cast<std::size_t>((q + 1) % N)];
      const std::int64_t link = link_between(net, v, w);
      if (link < 0) {
        CycleWitness x = make(net, "not_a_link", ci, q, v,
                              fmt::format("the step to {} is not a link", node_name(net, w)));
        x.next = w;
        r.witness = x;
        return r;
      }
      auto& o = owner[static_cast<std::size_t>(link)];
      if (o.first >= 0) {
        CycleWitness x = make(
            net, "shared_link", ci, q, v,
            fmt::format("the link to {} is already used by cycle {} at position {}",
                        node_name(net, w), o.first, o.second));
        x.next = w;
        x.other_cycle = o.first;
        x.other_position = o.second;
        r.witness = x;
        return r;
      }
      o = {ci, q};
      ++r.links_used;
    }
  }
  return r;
}

}  // namespace collverify::network
