#include "reference/torus/mesh_tadt.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <cstddef>
#include <limits>
#include <tuple>

#include <fmt/format.h>

#include "model/error.hpp"
#include "model/network/network.hpp"

namespace collverify::torus {

namespace net = network;

namespace {

constexpr int kMeshStrategies = 8;

std::string mesh_shape_of(std::span<const std::int64_t> sides) {
  std::string shape;
  for (std::int64_t s : sides) {
    if (!shape.empty()) shape += 'x';
    shape += std::to_string(s);
  }
  return shape;
}

using Key = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>;

// `bent`: 0 when the root lies on the line of the arc (every other coordinate equal to v's), so
// the packet goes on straight; 1 otherwise.
Key key_of(int strategy, std::int64_t holders, std::int64_t distance, std::int64_t root, std::int64_t bent) {
  switch (strategy) {
    case 0: return {holders, -distance, root, 0};
    case 1: return {-distance, holders, root, 0};
    case 2: return {holders - distance, root, 0, 0};
    case 3: return {holders, root, 0, 0};
    case 4: return {holders - 2 * distance, root, 0, 0};
    case 5: return {holders, distance, root, 0};
    case 6: return {-distance, bent, holders, root};
    default: return {bent, -distance, holders, root};
  }
}

// The simulation's state: holdings as bitsets, the holders of each packet, the trees.
struct MeshState {
  const net::Network& mesh;
  std::int64_t n;
  std::size_t words;
  std::vector<std::uint64_t> have;      // node-major, `words` per node
  std::vector<std::int64_t> holders;    // per packet, before the round
  std::vector<std::int64_t> held;       // per node: packets held
  std::vector<std::vector<std::int64_t>> coords;

  bool holds(std::int64_t v, std::int64_t t) const {
    return ((have[static_cast<std::size_t>(v) * words + static_cast<std::size_t>(t) / 64] >> (t % 64)) & 1U) != 0;
  }
  // 1 unless a and b differ in dimension `dim` only.
  std::int64_t bent(std::int64_t a, std::int64_t b, std::size_t dim) const {
    for (std::size_t i = 0; i < coords[0].size(); ++i) {
      if (i != dim && coords[static_cast<std::size_t>(a)][i] != coords[static_cast<std::size_t>(b)][i]) return 1;
    }
    return 0;
  }
  std::int64_t distance(std::int64_t a, std::int64_t b) const {
    std::int64_t d = 0;
    for (std::size_t i = 0; i < coords[0].size(); ++i) {
      d += std::abs(coords[static_cast<std::size_t>(a)][i] - coords[static_cast<std::size_t>(b)][i]);
    }
    return d;
  }
};

struct Pick {
  std::int64_t node = 0;  // receiver
  std::int64_t from = 0;
  net::Direction direction = 0;  // of the arc from -> node
  std::int64_t packet = 0;
};

// Node v's choices in one round (at most one packet per incoming arc, pairwise distinct).
void choose(const MeshState& s, std::int64_t v, int strategy, std::vector<Pick>& picks) {
  struct In {
    std::int64_t from;
    net::Direction direction;
    std::int64_t candidates;
  };
  std::array<In, 6> in{};
  std::size_t count = 0;
  const std::size_t w = s.words;
  const std::uint64_t* mine = &s.have[static_cast<std::size_t>(v) * w];
  for (net::Direction d = 0; d < s.mesh.width(); ++d) {
    const auto u = s.mesh.target(v, d);
    if (!u) continue;
    const std::uint64_t* theirs = &s.have[static_cast<std::size_t>(*u) * w];
    std::int64_t c = 0;
    for (std::size_t i = 0; i < w; ++i) c += std::popcount(theirs[i] & ~mine[i]);
    in[count++] = In{*u, static_cast<net::Direction>(d ^ 1), c};
  }
  std::stable_sort(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(count),
                   [](const In& a, const In& b) { return a.candidates < b.candidates; });
  std::array<std::int64_t, 6> taken{};
  std::size_t ntaken = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const std::uint64_t* theirs = &s.have[static_cast<std::size_t>(in[k].from) * w];
    std::int64_t best = -1;
    Key best_key{};
    for (std::size_t i = 0; i < w; ++i) {
      for (std::uint64_t bits = theirs[i] & ~mine[i]; bits != 0; bits &= bits - 1) {
        const auto t = static_cast<std::int64_t>(i * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
        if (std::find(taken.begin(), taken.begin() + static_cast<std::ptrdiff_t>(ntaken), t) !=
            taken.begin() + static_cast<std::ptrdiff_t>(ntaken)) {
          continue;
        }
        const Key key = key_of(strategy, s.holders[static_cast<std::size_t>(t)], s.distance(t, v), t,
                               s.bent(t, v, static_cast<std::size_t>(in[k].direction / 2)));
        if (best < 0 || key < best_key) {
          best = t;
          best_key = key;
        }
      }
    }
    if (best < 0) continue;
    taken[ntaken++] = best;
    picks.push_back({v, in[k].from, in[k].direction, best});
  }
}

}  // namespace

int mesh_tadt_strategies() { return kMeshStrategies; }

std::string mesh_tadt_gap(std::span<const std::int64_t> sides) {
  const std::string shape = mesh_shape_of(sides);
  if (sides.size() != 2 && sides.size() != 3) {
    return fmt::format("mesh {}: the mesh TADT builder takes 2 or 3 dimensions, not {}", shape, sides.size());
  }
  std::int64_t n = 1;
  for (std::int64_t s : sides) {
    if (s < 1) return fmt::format("mesh {}: side {} is below 1", shape, s);
    if (s > kMeshTadtMaxNodes || n * s > kMeshTadtMaxNodes) {
      return fmt::format("mesh {}: more than {} nodes (the N trees take N (N - 1) arcs)", shape,
                         kMeshTadtMaxNodes);
    }
    n *= s;
  }
  if (n < 2) return fmt::format("mesh {}: a single node has nothing to broadcast", shape);
  return {};
}

std::int64_t mesh_aab_bound(std::span<const std::int64_t> sides) {
  std::int64_t n = 1;
  std::int64_t corner = 0;
  std::int64_t diameter = 0;
  for (std::int64_t s : sides) {
    n *= s;
    if (s >= 2) ++corner;
    diameter += s - 1;
  }
  if (n <= 1) return 0;
  return std::max((n - 1 + corner - 1) / corner, diameter);
}

std::int64_t trees_height(std::span<const net::LevelTree> trees) {
  std::int64_t h = 0;
  for (const net::LevelTree& t : trees) h = std::max(h, net::height(t));
  return h;
}

std::vector<net::LevelTree> mesh_tadt_trees(std::span<const std::int64_t> sides, int strategy) {
  const std::string gap = mesh_tadt_gap(sides);
  if (!gap.empty()) throw InputError(gap);
  CV_ASSERT(strategy >= 0 && strategy < kMeshStrategies, "a strategy of the mesh builder");
  const net::Network mesh = net::Network::mesh({sides.begin(), sides.end()});
  const std::int64_t n = mesh.nodes();
  MeshState s{mesh, n, static_cast<std::size_t>((n + 63) / 64), {}, {}, {}, {}};
  s.have.assign(static_cast<std::size_t>(n) * s.words, 0);
  s.holders.assign(static_cast<std::size_t>(n), 1);
  s.held.assign(static_cast<std::size_t>(n), 1);
  std::vector<net::LevelTree> trees(static_cast<std::size_t>(n));
  for (std::int64_t v = 0; v < n; ++v) {
    s.have[static_cast<std::size_t>(v) * s.words + static_cast<std::size_t>(v) / 64] |= std::uint64_t{1} << (v % 64);
    s.coords.push_back(mesh.coordinates(v));
    trees[static_cast<std::size_t>(v)].root = v;
    trees[static_cast<std::size_t>(v)].arcs.reserve(static_cast<std::size_t>(n - 1));
  }
  std::int64_t complete = 0;
  std::vector<Pick> picks;
  for (std::int64_t level = 0; complete < n; ++level) {
    picks.clear();
    for (std::int64_t v = 0; v < n; ++v) {
      if (s.held[static_cast<std::size_t>(v)] < n) choose(s, v, strategy, picks);
    }
    CV_ASSERT(!picks.empty(), "a connected mesh always carries something new while a packet is missing");
    for (const Pick& p : picks) {
      s.have[static_cast<std::size_t>(p.node) * s.words + static_cast<std::size_t>(p.packet) / 64] |=
          std::uint64_t{1} << (p.packet % 64);
      ++s.holders[static_cast<std::size_t>(p.packet)];
      if (++s.held[static_cast<std::size_t>(p.node)] == n) ++complete;
      trees[static_cast<std::size_t>(p.packet)].arcs.push_back({p.from, p.direction, level});
    }
  }
  return trees;
}

std::vector<net::LevelTree> mesh_tadt_trees(std::span<const std::int64_t> sides) {
  std::vector<net::LevelTree> best;
  std::int64_t best_height = std::numeric_limits<std::int64_t>::max();
  for (int k = 0; k < kMeshStrategies; ++k) {
    std::vector<net::LevelTree> t = mesh_tadt_trees(sides, k);
    const std::int64_t h = trees_height(t);
    if (h < best_height) {
      best_height = h;
      best = std::move(t);
    }
    if (best_height <= mesh_aab_bound(sides)) break;  // nothing lower exists
  }
  return best;
}

}  // namespace collverify::torus
