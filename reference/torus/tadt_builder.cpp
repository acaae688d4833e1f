#include "reference/torus/tadt_builder.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <functional>
#include <limits>
#include <queue>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/torus/tadt.hpp"

namespace collverify::torus {

namespace net = network;

namespace {

constexpr int kStrategies = 9;

std::string shape_of(std::span<const std::int64_t> sides) {
  std::string shape;
  for (std::int64_t s : sides) {
    if (!shape.empty()) shape += 'x';
    shape += std::to_string(s);
  }
  return shape;
}

// A fixed mix of (node, strategy) for the seeded tie-breaks (splitmix64's finaliser).
std::int64_t tie_hash(std::int64_t node, int strategy) {
  auto x = static_cast<std::uint64_t>(node) * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(strategy);
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  x ^= x >> 31;
  return static_cast<std::int64_t>(x >> 2);
}

// The priority of node v under `strategy`: smaller is taken first.
struct Priority {
  std::int64_t primary = 0;
  std::int64_t tie = 0;
  friend auto operator<=>(const Priority&, const Priority&) = default;
};

Priority priority(std::span<const std::int64_t> sides, std::int64_t product, std::int64_t node, int strategy) {
  std::int64_t distance = 0;
  std::int64_t scaled = 0;
  std::int64_t widest = 0;
  std::int64_t rest = node;
  for (std::int64_t s : sides) {
    const std::int64_t c = rest % s;
    rest /= s;
    const std::int64_t ring = std::min(c, s - c);
    distance += ring;
    scaled += ring * (product / s);
    widest = std::max(widest, ring * (product / s));
  }
  const int base = strategy < 3 ? strategy : (strategy - 3) % 3;
  Priority p;
  if (base == 0) p.primary = distance;
  if (base == 1) p.primary = scaled;
  if (base == 2) p.primary = widest * static_cast<std::int64_t>(sides.size() + 1) + scaled;
  p.tie = strategy < 3 ? node : tie_hash(node, strategy);
  return p;
}

struct Candidate {
  Priority key;
  std::int64_t head = 0;
  std::int64_t tail = 0;
  friend auto operator<=>(const Candidate&, const Candidate&) = default;
};
using CandidateHeap = std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>>;

}  // namespace

int tadt_builder_strategies() { return kStrategies; }

std::string tadt_builder_gap(std::span<const std::int64_t> sides) {
  const std::string shape = shape_of(sides);
  if (sides.size() != 2 && sides.size() != 3) {
    return fmt::format("torus {}: the TADT builder takes 2 or 3 dimensions, not {}", shape, sides.size());
  }
  std::int64_t n = 1;
  for (std::int64_t s : sides) {
    if (s < 2) {
      return fmt::format("torus {}: side {} is below 2 (a side of 1 has no link; the builder takes sides >= 2)",
                         shape, s);
    }
    if (n > std::numeric_limits<std::int32_t>::max() / s) {
      return fmt::format("torus {}: more than 2^31 nodes", shape);
    }
    n *= s;
  }
  return {};
}

namespace {

// The builder with at most `cap` arcs per level (cap >= the width: the plain builder). `rotate`
// (k-port only): the directions are offered in turn, level l starting at direction (l cap) mod
// width, rather than the fewest candidates first, so that every direction is used as often.
net::LevelTree built_tree(std::span<const std::int64_t> sides, int strategy, std::size_t cap, bool rotate = false) {
  const std::string gap = tadt_builder_gap(sides);
  if (!gap.empty()) throw InputError(gap);
  CV_ASSERT(strategy >= 0 && strategy < kStrategies, "a strategy of the builder");
  CV_ASSERT(cap >= 1, "at least one arc per level");
  const net::Network torus = net::Network::torus({sides.begin(), sides.end()});
  const std::int64_t n = torus.nodes();
  const auto width = static_cast<std::size_t>(torus.width());
  std::vector<CandidateHeap> heaps(width);
  std::vector<char> reached(static_cast<std::size_t>(n), 0);
  auto offer_from = [&](std::int64_t u) {
    for (std::size_t d = 0; d < width; ++d) {
      const std::int64_t v = *torus.target(u, static_cast<net::Direction>(d));
      if (reached[static_cast<std::size_t>(v)] == 0) heaps[d].push({priority(sides, n, v, strategy), v, u});
    }
  };
  reached[0] = 1;
  offer_from(0);
  net::LevelTree tree;
  tree.root = 0;
  tree.arcs.reserve(static_cast<std::size_t>(n - 1));
  std::vector<std::size_t> order(width);
  std::vector<std::int64_t> entered;
  for (std::int64_t level = 0; static_cast<std::int64_t>(tree.arcs.size()) < n - 1; ++level) {
    // Drop the stale tops, then let the directions with the fewest candidates choose first.
    for (auto& h : heaps) {
      while (!h.empty() && reached[static_cast<std::size_t>(h.top().head)] != 0) h.pop();
    }
    for (std::size_t d = 0; d < width; ++d) order[d] = rotate ? (d + static_cast<std::size_t>(level) * cap) % width : d;
    if (!rotate) {
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t a, std::size_t b) { return heaps[a].size() < heaps[b].size(); });
    }
    entered.clear();
    for (std::size_t d : order) {
      if (entered.size() == cap) break;
      auto& h = heaps[d];
      while (!h.empty() && reached[static_cast<std::size_t>(h.top().head)] != 0) h.pop();
      if (h.empty()) continue;
      const Candidate c = h.top();
      h.pop();
      reached[static_cast<std::size_t>(c.head)] = 1;  // claimed: no other direction takes it
      tree.arcs.push_back({c.tail, static_cast<net::Direction>(d), level});
      entered.push_back(c.head);
    }
    CV_ASSERT(!entered.empty(), "a connected torus always has a frontier arc while nodes are unreached");
    // The new nodes hold the packet from the next level on.
    for (std::int64_t v : entered) offer_from(v);
  }
  return tree;
}

}  // namespace

net::LevelTree tadt_built_tree(std::span<const std::int64_t> sides, int strategy) {
  return built_tree(sides, strategy, std::numeric_limits<std::size_t>::max());
}

net::LevelTree tadt_built_tree_kport(std::span<const std::int64_t> sides, std::int64_t ports, int strategy) {
  CV_ASSERT(ports >= 1, "at least one port");
  CV_ASSERT(strategy >= 0 && strategy < 2 * kStrategies, "a strategy of the k-port builder");
  return built_tree(sides, strategy % kStrategies, static_cast<std::size_t>(ports), strategy >= kStrategies);
}

int tadt_builder_kport_strategies() { return 2 * kStrategies; }

net::LevelTree tadt_built_tree_kport(std::span<const std::int64_t> sides, std::int64_t ports) {
  net::LevelTree best;
  std::int64_t best_height = std::numeric_limits<std::int64_t>::max();
  for (int s = 0; s < 2 * kStrategies; ++s) {
    net::LevelTree t = tadt_built_tree_kport(sides, ports, s);
    const std::int64_t h = net::height(t);
    if (h < best_height) {
      best_height = h;
      best = std::move(t);
    }
  }
  return best;
}

net::LevelTree tadt_built_tree(std::span<const std::int64_t> sides) {
  net::LevelTree best;
  std::int64_t best_height = std::numeric_limits<std::int64_t>::max();
  for (int s = 0; s < kStrategies; ++s) {
    net::LevelTree t = tadt_built_tree(sides, s);
    const std::int64_t h = net::height(t);
    if (h < best_height) {
      best_height = h;
      best = std::move(t);
    }
  }
  return best;
}

std::string tadt_tree_gap(std::span<const std::int64_t> sides) {
  if (tadt_construction_gap(sides).empty()) return {};
  return tadt_builder_gap(sides);
}

TadtTreeChoice tadt_tree_for(std::span<const std::int64_t> sides) {
  TadtTreeChoice out;
  if (tadt_construction_gap(sides).empty()) {
    out.tree = tadt_generic_tree(sides);
    out.closed_form = true;
    out.source = sides.size() == 2 ? "four rotated snakes" : "six pyramids and the diagonal";
    return out;
  }
  out.tree = tadt_built_tree(sides);
  out.source = "builder";
  return out;
}

}  // namespace collverify::torus
