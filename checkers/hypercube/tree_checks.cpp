#include "checkers/hypercube/tree_checks.hpp"

#include <tuple>
#include <vector>

#include <fmt/format.h>

namespace collverify::hypercube_check {

namespace {

HypercubeViolation make(std::string property, std::int64_t round, std::int64_t node,
                        std::int64_t other, int dimension, std::string message) {
  return {std::move(property), round, node, other, dimension, std::move(message)};
}

int ones(std::int64_t x) {
  return __builtin_popcountll(static_cast<unsigned long long>(x));
}

// The edges one by one: links of the cube, rounds in range, each node attached once.
HypercubeVerdict check_edges(const hypercube::GenericTree& t, std::vector<std::int64_t>& at) {
  const std::int64_t nodes = std::int64_t{1} << t.d;
  for (const hypercube::TreeEdge& e : t.edges) {
    if (e.dimension < 0 || e.dimension >= t.d || e.parent < 0 || e.parent >= nodes ||
        e.child != (e.parent ^ (std::int64_t{1} << e.dimension))) {
      return make("not_a_link", e.round, e.child, e.parent, e.dimension,
                  fmt::format("edge {} -> {} is not a link of dimension {} of the {}-cube",
                              e.parent, e.child, e.dimension, t.d));
    }
    if (e.round < 0 || e.round >= t.rounds) {
      return make("round_out_of_range", e.round, e.child, e.parent, e.dimension,
                  fmt::format("edge {} -> {} in round {} outside 0..{}", e.parent, e.child, e.round,
                              t.rounds - 1));
    }
    if (e.child == 0) {
      return make("root_attached", e.round, 0, e.parent, e.dimension,
                  fmt::format("the root 0 receives from {} in round {}", e.parent, e.round));
    }
    auto& slot = at[static_cast<std::size_t>(e.child)];
    if (slot != -2) {
      return make("attached_twice", e.round, e.child, e.parent, e.dimension,
                  fmt::format("node {} is attached in round {} and again in round {} (from {}, "
                              "dimension {})",
                              e.child, slot, e.round, e.parent, e.dimension));
    }
    slot = e.round;
  }
  return std::nullopt;
}

}  // namespace

std::int64_t broadcast_round_bound(int d) {
  return d <= 0 ? 0 : ((std::int64_t{1} << d) - 1 + d - 1) / d;
}

std::int64_t total_exchange_round_bound(int d) {
  return d <= 0 ? 0 : std::int64_t{1} << (d - 1);
}

std::int64_t one_port_pipelined_broadcast_bound(int d, std::int64_t s) {
  return d <= 0 ? 0 : s + d - 1;
}

HypercubeVerdict check_aab_generic_tree(const hypercube::GenericTree& t) {
  if (t.d < 0 || t.d > 30) {
    return make("bad_dimension", -1, -1, -1, -1, fmt::format("dimension {} outside 0..30", t.d));
  }
  const std::int64_t nodes = std::int64_t{1} << t.d;
  std::vector<std::int64_t> at(static_cast<std::size_t>(nodes), -2);  // -2: not attached
  at[0] = -1;
  if (auto v = check_edges(t, at)) return v;
  // Property (*): per round, one edge per dimension. Edges may come in any order.
  std::vector<std::int64_t> used(static_cast<std::size_t>(t.rounds * t.d), -1);
  HypercubeVerdict first;
  // Earliest round first; inside a round a clash of (*) before a late parent, then the node.
  const auto rank = [](const HypercubeViolation& v) {
    return std::make_tuple(v.round, v.property == "star_dimension_clash" ? 0 : 1, v.node);
  };
  const auto keep = [&first, &rank](HypercubeViolation v) {
    if (!first || rank(v) < rank(*first)) first = std::move(v);
  };
  for (const hypercube::TreeEdge& e : t.edges) {
    auto& u = used[static_cast<std::size_t>(e.round * t.d + e.dimension)];
    if (u >= 0) {
      keep(make("star_dimension_clash", e.round, std::min(u, e.child), std::max(u, e.child),
                e.dimension,
                fmt::format("round {} uses two links of dimension {} (into {} and into {}): "
                            "their translations share arcs, property (*) fails",
                            e.round, e.dimension, u, e.child)));
    }
    u = e.child;
    const std::int64_t pa = at[static_cast<std::size_t>(e.parent)];
    if (pa == -2 || pa >= e.round) {
      keep(make(
          "parent_not_served", e.round, e.child, e.parent, e.dimension,
          fmt::format("node {} sends to {} in round {} but receives only in {}", e.parent, e.child,
                      e.round, pa == -2 ? std::string("no round") : fmt::format("round {}", pa))));
    }
  }
  if (first) return first;
  for (std::int64_t x = 1; x < nodes; ++x) {
    if (at[static_cast<std::size_t>(x)] == -2) {
      return make("not_spanned", -1, x, -1, -1, fmt::format("node {} is in no edge", x));
    }
  }
  if (t.rounds != broadcast_round_bound(t.d)) {
    return make("rounds_not_at_bound", t.rounds, -1, -1, -1,
                fmt::format("{} rounds; the bound ceil((2^{} - 1)/{}) is {}", t.rounds, t.d, t.d,
                            broadcast_round_bound(t.d)));
  }
  return std::nullopt;
}

HypercubeVerdict check_oas_tree(int d, std::span<const std::int64_t> parent) {
  const std::int64_t nodes = std::int64_t{1} << d;
  if (static_cast<std::int64_t>(parent.size()) != nodes || parent[0] != -1) {
    return make(
        "not_rooted_at_zero", -1, 0, -1, -1,
        fmt::format("{} parents for {} nodes, parent of 0 must be -1", parent.size(), nodes));
  }
  std::vector<std::int64_t> top(static_cast<std::size_t>(nodes), -1);  // the root child above x
  for (std::int64_t x = 1; x < nodes; ++x) {
    const std::int64_t p = parent[static_cast<std::size_t>(x)];
    const std::int64_t diff = p ^ x;
    if (p < 0 || p >= nodes || ones(diff) != 1 || (p & diff) != 0) {
      return make("not_a_shortest_path_link", -1, x, p, -1,
                  fmt::format("parent {} of {} is not a neighbour with one 1 bit fewer", p, x));
    }
  }
  // Parents have fewer ones, so visiting nodes by number of ones sees every parent first.
  std::vector<std::int64_t> size(static_cast<std::size_t>(d), 0);
  for (int k = 1; k <= d; ++k) {
    for (std::int64_t x = 1; x < nodes; ++x) {
      if (ones(x) != k) continue;
      const std::int64_t p = parent[static_cast<std::size_t>(x)];
      top[static_cast<std::size_t>(x)] = p == 0 ? x : top[static_cast<std::size_t>(p)];
      ++size[static_cast<std::size_t>(
          __builtin_ctzll(static_cast<unsigned long long>(top[static_cast<std::size_t>(x)])))];
    }
  }
  const std::int64_t bound = broadcast_round_bound(d);
  for (int j = 0; j < d; ++j) {
    if (size[static_cast<std::size_t>(j)] > bound) {
      return make(
          "unbalanced_subtree", -1, std::int64_t{1} << j, -1, j,
          fmt::format("the subtree of root child {} (dimension {}) has {} nodes; at most "
                      "ceil((2^{} - 1)/{}) = {} allowed",
                      std::int64_t{1} << j, j, size[static_cast<std::size_t>(j)], d, d, bound));
    }
  }
  return std::nullopt;
}

}  // namespace collverify::hypercube_check
