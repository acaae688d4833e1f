#include "model/network/network.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>
#include <fmt/format.h>

#include "model/error.hpp"
#include "model/network/network_graph.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"

namespace collverify::network {

namespace {

// Boost's bidirectional adjacency_list keeps each edge in a list node and in an out- and an
// in-edge vector (about 100 bytes together); a vertex holds two vectors.
constexpr std::int64_t kBytesPerArc = 112;
constexpr std::int64_t kBytesPerVertex = 64;
constexpr std::int64_t kMaxDirections = std::int64_t{1} << 30;

struct Shape {
  std::int64_t nodes = 0;
  std::int64_t width = 0;  // direction labels
  std::int64_t arcs = 0;   // upper bound
};

std::int64_t param(const NetworkSpec& s, std::size_t i) { return s.params[i]; }

void require_params(const NetworkSpec& s, std::size_t n, const char* names) {
  if (s.params.size() != n) {
    throw InputError(fmt::format("{} takes {} parameter(s) ({}), got {}",
                                 Network::describe(s), n, names, s.params.size()));
  }
}

Shape shape_of(const NetworkSpec& s) {
  const std::string what = Network::describe(s);
  Shape sh;
  switch (s.kind) {
    case NetworkKind::hypercube: {
      require_params(s, 1, "d");
      const std::int64_t d = param(s, 0);
      if (d < 0 || d > 40) throw InputError(fmt::format("hypercube d = {} is not in 0..40", d));
      sh.nodes = std::int64_t{1} << d;
      sh.width = d;
      sh.arcs = checked_mul(sh.nodes, d, what);
      break;
    }
    case NetworkKind::torus:
    case NetworkKind::mesh: {
      if (s.params.empty()) throw InputError(fmt::format("{} needs at least one side", what));
      sh.nodes = 1;
      for (std::size_t i = 0; i < s.params.size(); ++i) {
        if (param(s, i) < 1) {
          throw InputError(fmt::format("{}: side {} = {} is not at least 1", what, i, param(s, i)));
        }
        sh.nodes = checked_mul(sh.nodes, param(s, i), what);
      }
      sh.width = checked_mul(2, static_cast<std::int64_t>(s.params.size()), what);
      sh.arcs = checked_mul(sh.nodes, sh.width, what);
      break;
    }
    case NetworkKind::fully_connected: {
      require_params(s, 1, "p");
      const std::int64_t p = param(s, 0);
      if (p < 1 || p > kMaxDirections) {
        throw InputError(fmt::format("fully connected p = {} is not in 1..2^30", p));
      }
      sh.nodes = p;
      sh.width = p;
      sh.arcs = checked_mul(p, p - 1, what);
      break;
    }
    case NetworkKind::hierarchical_crossbar: {
      require_params(s, 3, "a, b, channels");
      const std::int64_t a = param(s, 0), b = param(s, 1), c = param(s, 2);
      if (a < 1 || b < 1 || c < 0 || c > b) {
        throw InputError(fmt::format("{}: needs a >= 1, b >= 1 and 0 <= channels <= b", what));
      }
      sh.nodes = checked_mul(a, b, what);
      sh.width = checked_add(a, b, what);
      sh.arcs = checked_add(checked_mul(sh.nodes, b - 1, what),
                            checked_mul(checked_mul(a, c, what), a - 1, what), what);
      break;
    }
  }
  if (sh.nodes > std::numeric_limits<std::int32_t>::max()) {
    throw InputError(fmt::format("{} has {} nodes; at most 2^31 - 1 are supported", what,
                                 sh.nodes));
  }
  if (sh.width > kMaxDirections) {
    throw InputError(fmt::format("{} has {} direction labels; at most 2^30 are supported", what,
                                 sh.width));
  }
  return sh;
}

std::vector<std::int64_t> sides_of(const NetworkSpec& s) { return s.params; }

// Coordinates of `node` in a mixed radix with the first digit fastest.
std::vector<std::int64_t> digits(std::int64_t node, const std::vector<std::int64_t>& sides) {
  std::vector<std::int64_t> c(sides.size());
  for (std::size_t i = 0; i < sides.size(); ++i) {
    c[i] = node % sides[i];
    node /= sides[i];
  }
  return c;
}

std::int64_t radix_stride(const std::vector<std::int64_t>& sides, std::size_t i) {
  std::int64_t stride = 1;
  for (std::size_t k = 0; k < i; ++k) stride *= sides[k];
  return stride;
}

}  // namespace

std::string Network::describe(const NetworkSpec& s) {
  const auto join = [&s] { return fmt::format("{}", fmt::join(s.params, "x")); };
  switch (s.kind) {
    case NetworkKind::hypercube:
      return s.params.size() == 1 ? fmt::format("hypercube d = {}", s.params[0]) : "hypercube";
    case NetworkKind::torus: return "torus " + join();
    case NetworkKind::mesh: return "mesh " + join();
    case NetworkKind::fully_connected:
      return s.params.size() == 1 ? fmt::format("fully connected p = {}", s.params[0])
                                  : "fully connected";
    case NetworkKind::hierarchical_crossbar:
      return fmt::format("hierarchical crossbar ({})", fmt::join(s.params, ", "));
  }
  return "network";
}

std::int64_t Network::memory_estimate(const NetworkSpec& spec) {
  const Shape sh = shape_of(spec);
  const std::string what = describe(spec);
  std::int64_t bytes = checked_mul(sh.arcs, kBytesPerArc, what);
  bytes = checked_add(bytes, checked_mul(sh.nodes, kBytesPerVertex, what), what);
  return checked_add(bytes, checked_mul(checked_mul(sh.nodes, sh.width, what), 4, what), what);
}

Network::Network(NetworkSpec spec, std::int64_t nodes, Direction width)
    : spec_(std::move(spec)),
      nodes_(nodes),
      width_(width),
      graph_(std::make_shared<NetworkGraph>(NetworkGraph{Graph(static_cast<std::size_t>(nodes))})) {
  targets_.assign(static_cast<std::size_t>(nodes * width), -1);
}

void Network::add_arc(std::int64_t from, std::int64_t to, Direction direction) {
  boost::add_edge(static_cast<std::size_t>(from), static_cast<std::size_t>(to),
                  ArcLabel{direction}, graph_->g);
}

// The lookup table is read off the graph, so target() and the Boost algorithms see one network.
void Network::finish() {
  for (const auto e : boost::make_iterator_range(boost::edges(graph_->g))) {
    const auto u = static_cast<std::int64_t>(boost::source(e, graph_->g));
    const Direction dir = graph_->g[e].direction;
    auto& slot = targets_[static_cast<std::size_t>(u * width_ + dir)];
    CV_ASSERT(slot < 0, "one arc per (node, direction)");
    slot = static_cast<std::int32_t>(boost::target(e, graph_->g));
    ++arcs_;
  }
}

Network Network::from_spec(const NetworkSpec& spec) {
  const Shape sh = shape_of(spec);
  require_memory(memory_estimate(spec), "the network " + describe(spec));
  Network net(spec, sh.nodes, static_cast<Direction>(sh.width));
  const auto n = sh.nodes;
  switch (spec.kind) {
    case NetworkKind::hypercube:
      for (std::int64_t u = 0; u < n; ++u) {
        for (Direction j = 0; j < net.width_; ++j) net.add_arc(u, u ^ (std::int64_t{1} << j), j);
      }
      break;
    case NetworkKind::torus:
    case NetworkKind::mesh: {
      const bool wrap = spec.kind == NetworkKind::torus;
      const auto sides = sides_of(spec);
      for (std::int64_t u = 0; u < n; ++u) {
        const auto c = digits(u, sides);
        for (std::size_t i = 0; i < sides.size(); ++i) {
          const std::int64_t s = sides[i], stride = radix_stride(sides, i);
          if (s == 1) continue;
          const auto dir = static_cast<Direction>(2 * i);
          if (c[i] + 1 < s) net.add_arc(u, u + stride, dir);
          else if (wrap) net.add_arc(u, u - (s - 1) * stride, dir);
          if (c[i] > 0) net.add_arc(u, u - stride, dir + 1);
          else if (wrap) net.add_arc(u, u + (s - 1) * stride, dir + 1);
        }
      }
      break;
    }
    case NetworkKind::fully_connected:
      for (std::int64_t u = 0; u < n; ++u) {
        for (std::int64_t v = 0; v < n; ++v) {
          if (v != u) net.add_arc(u, v, static_cast<Direction>(v));
        }
      }
      break;
    case NetworkKind::hierarchical_crossbar: {
      const std::int64_t a = spec.params[0], b = spec.params[1], channels = spec.params[2];
      for (std::int64_t u = 0; u < n; ++u) {
        const std::int64_t l = u % b, m = u / b;
        for (std::int64_t l2 = 0; l2 < b; ++l2) {
          if (l2 != l) net.add_arc(u, l2 + b * m, static_cast<Direction>(l2));
        }
        if (l >= channels) continue;
        for (std::int64_t m2 = 0; m2 < a; ++m2) {
          if (m2 != m) net.add_arc(u, l + b * m2, static_cast<Direction>(b + m2));
        }
      }
      break;
    }
  }
  net.finish();
  return net;
}

Network Network::hypercube(std::int64_t d) {
  return from_spec({NetworkKind::hypercube, {d}});
}
Network Network::torus(std::vector<std::int64_t> sides) {
  return from_spec({NetworkKind::torus, std::move(sides)});
}
Network Network::mesh(std::vector<std::int64_t> sides) {
  return from_spec({NetworkKind::mesh, std::move(sides)});
}
Network Network::hierarchical_crossbar(std::int64_t a, std::int64_t b, std::int64_t channels) {
  return from_spec({NetworkKind::hierarchical_crossbar, {a, b, channels}});
}
Network Network::fully_connected(std::int64_t p) {
  return from_spec({NetworkKind::fully_connected, {p}});
}

std::int64_t Network::out_degree(std::int64_t node) const {
  return static_cast<std::int64_t>(boost::out_degree(static_cast<std::size_t>(node), graph_->g));
}
std::int64_t Network::in_degree(std::int64_t node) const {
  return static_cast<std::int64_t>(boost::in_degree(static_cast<std::size_t>(node), graph_->g));
}

Direction Network::reverse_direction(std::int64_t node, Direction direction) const {
  switch (spec_.kind) {
    case NetworkKind::hypercube: return direction;
    case NetworkKind::torus:
    case NetworkKind::mesh: return direction ^ 1;
    case NetworkKind::fully_connected: return static_cast<Direction>(node);
    case NetworkKind::hierarchical_crossbar: {
      const std::int64_t b = spec_.params[1];
      return static_cast<Direction>(direction < b ? node % b : b + node / b);
    }
  }
  return direction;
}

std::string Network::direction_name(Direction direction) const {
  switch (spec_.kind) {
    case NetworkKind::torus:
    case NetworkKind::mesh:
      return fmt::format("{}{}", direction % 2 == 0 ? '+' : '-', direction / 2);
    case NetworkKind::hierarchical_crossbar: {
      const std::int64_t b = spec_.params[1];
      return direction < b ? fmt::format("L{}", direction) : fmt::format("M{}", direction - b);
    }
    case NetworkKind::hypercube:
    case NetworkKind::fully_connected: break;
  }
  return std::to_string(direction);
}

Direction Network::parse_direction(std::string_view word) const {
  std::string_view digits_part = word;
  char sign = 0;
  const bool signed_kind = kind() == NetworkKind::torus || kind() == NetworkKind::mesh;
  if (signed_kind && !word.empty() && (word[0] == '+' || word[0] == '-')) {
    sign = word[0];
    digits_part.remove_prefix(1);
  } else if (kind() == NetworkKind::hierarchical_crossbar && !word.empty() &&
             (word[0] == 'L' || word[0] == 'M')) {
    sign = word[0];
    digits_part.remove_prefix(1);
  }
  std::int64_t v = -1;
  const char* end = digits_part.data() + digits_part.size();
  const auto [ptr, ec] = std::from_chars(digits_part.data(), end, v);
  const bool number = !digits_part.empty() && ec == std::errc() && ptr == end && v >= 0 &&
                      digits_part[0] != '+' && digits_part[0] != '-';
  std::int64_t dir = -1;
  std::string accepted;
  switch (kind()) {
    case NetworkKind::hypercube:
      accepted = fmt::format("a dimension \"0\"..\"{}\"", width_ - 1);
      if (number && sign == 0) dir = v;
      break;
    case NetworkKind::torus:
    case NetworkKind::mesh:
      accepted = fmt::format("\"+i\" or \"-i\" with i in 0..{}", width_ / 2 - 1);
      if (number && sign != 0 && v < width_ / 2) dir = 2 * v + (sign == '-' ? 1 : 0);
      break;
    case NetworkKind::fully_connected:
      accepted = fmt::format("a node \"0\"..\"{}\"", nodes_ - 1);
      if (number && sign == 0) dir = v;
      break;
    case NetworkKind::hierarchical_crossbar: {
      const std::int64_t b = spec_.params[1];
      accepted = fmt::format("\"L<l>\" with l < {} or \"M<m>\" with m < {}", b, width_ - b);
      if (number && sign == 'L' && v < b) dir = v;
      if (number && sign == 'M' && v < width_ - b) dir = b + v;
      break;
    }
  }
  if (dir < 0 || dir >= width_) {
    throw InputError(fmt::format("direction \"{}\" is not a direction of the {} (accepted: {})",
                                 word, describe(spec_), width_ == 0 ? "none" : accepted));
  }
  return static_cast<Direction>(dir);
}

std::vector<std::int64_t> Network::coordinates(std::int64_t node) const {
  switch (spec_.kind) {
    case NetworkKind::hypercube: {
      std::vector<std::int64_t> c(static_cast<std::size_t>(width_));
      for (Direction j = 0; j < width_; ++j) c[static_cast<std::size_t>(j)] = (node >> j) & 1;
      return c;
    }
    case NetworkKind::torus:
    case NetworkKind::mesh: return digits(node, spec_.params);
    case NetworkKind::hierarchical_crossbar:
      return {node % spec_.params[1], node / spec_.params[1]};
    case NetworkKind::fully_connected: break;
  }
  return {node};
}

bool Network::has_translations() const {
  return kind() == NetworkKind::hypercube || kind() == NetworkKind::torus ||
         kind() == NetworkKind::fully_connected;
}

std::int64_t Network::translate(std::int64_t node, std::int64_t by) const {
  CV_ASSERT(has_translations(), "translate() on a network without translations");
  switch (spec_.kind) {
    case NetworkKind::hypercube: return node ^ by;
    case NetworkKind::torus: {
      const auto a = digits(node, spec_.params), b = digits(by, spec_.params);
      std::int64_t out = 0;
      for (std::size_t i = spec_.params.size(); i-- > 0;) {
        out = out * spec_.params[i] + (a[i] + b[i]) % spec_.params[i];
      }
      return out;
    }
    default: return (node + by) % nodes_;
  }
}

Direction Network::translate_direction(Direction direction, std::int64_t by) const {
  CV_ASSERT(has_translations(), "translate_direction() on a network without translations");
  if (kind() == NetworkKind::fully_connected) {
    return static_cast<Direction>((direction + by) % nodes_);
  }
  return direction;
}

std::vector<std::int64_t> Network::distances_from(std::int64_t source) const {
  CV_ASSERT(source >= 0 && source < nodes_, "BFS source in range");
  std::vector<std::int64_t> dist(static_cast<std::size_t>(nodes_), -1);
  dist[static_cast<std::size_t>(source)] = 0;
  const auto index = boost::get(boost::vertex_index, graph_->g);
  const auto dmap = boost::make_iterator_property_map(dist.begin(), index);
  boost::breadth_first_search(
      graph_->g, static_cast<std::size_t>(source),
      boost::visitor(boost::make_bfs_visitor(boost::record_distances(dmap, boost::on_tree_edge()))));
  return dist;
}

std::int64_t Network::distance(std::int64_t from, std::int64_t to) const {
  CV_ASSERT(to >= 0 && to < nodes_, "node in range");
  return distances_from(from)[static_cast<std::size_t>(to)];
}

std::int64_t Network::eccentricity(std::int64_t source) const {
  const auto d = distances_from(source);
  if (std::find(d.begin(), d.end(), -1) != d.end()) return -1;
  return *std::max_element(d.begin(), d.end());
}

std::int64_t Network::diameter() const {
  if (has_translations()) return eccentricity(0);
  std::int64_t best = 0;
  for (std::int64_t u = 0; u < nodes_; ++u) {
    const std::int64_t e = eccentricity(u);
    if (e < 0) return -1;
    best = std::max(best, e);
  }
  return best;
}

bool Network::connected() const { return eccentricity(0) >= 0; }

std::string Network::spanning_tree_defect(
    std::int64_t root, std::span<const std::pair<std::int64_t, Direction>> tree) const {
  if (root < 0 || root >= nodes_) return fmt::format("root {} is not a node", root);
  if (static_cast<std::int64_t>(tree.size()) != nodes_ - 1) {
    return fmt::format("{} arcs, a spanning tree of {} nodes has {}", tree.size(), nodes_,
                       nodes_ - 1);
  }
  Graph t(static_cast<std::size_t>(nodes_));
  for (const auto& [u, dir] : tree) {
    const auto v = target(u, dir);
    if (!v) return fmt::format("arc ({}, \"{}\") is not in the network", u, direction_name(dir));
    boost::add_edge(static_cast<std::size_t>(u), static_cast<std::size_t>(*v), ArcLabel{dir}, t);
  }
  std::vector<std::int64_t> dist(static_cast<std::size_t>(nodes_), -1);
  dist[static_cast<std::size_t>(root)] = 0;
  const auto dmap = boost::make_iterator_property_map(dist.begin(), boost::get(boost::vertex_index, t));
  boost::breadth_first_search(
      t, static_cast<std::size_t>(root),
      boost::visitor(boost::make_bfs_visitor(boost::record_distances(dmap, boost::on_tree_edge()))));
  const auto miss = std::find(dist.begin(), dist.end(), -1);
  if (miss != dist.end()) {
    return fmt::format("node {} is not reached from root {}", miss - dist.begin(), root);
  }
  return {};
}

}  // namespace collverify::network
