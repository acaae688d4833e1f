#include "reference/torus/tadt.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <deque>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify::torus {

namespace net = network;

namespace {

// Torus coordinate c (any integer) reduced to 0..z-1.
std::int64_t wrap(std::int64_t c, std::int64_t z) { return ((c % z) + z) % z; }

std::int64_t node_2d(std::int64_t x, std::int64_t y, std::int64_t z) {
  return wrap(x, z) + z * wrap(y, z);
}

// Direction of axis a (0, 1, 2) and sign s (+1, -1): 2a for "+a", 2a + 1 for "-a".
net::Direction direction_of(int axis, int sign) {
  return static_cast<net::Direction>(2 * axis + (sign > 0 ? 0 : 1));
}

// The quarter turn r(x, y) = (-y, x) on directions: +0 -> +1 -> -0 -> -1 -> +0.
net::Direction quarter_turn(net::Direction d) {
  static constexpr std::array<net::Direction, 4> kImage{2, 3, 1, 0};  // +0, -0, +1, -1
  return kImage[static_cast<std::size_t>(d)];
}

using Point3 = std::array<std::int64_t, 3>;

// g_{s,j}(v) = s * c^j(v), c(x, y, w) = (w, x, y): coordinate i of v goes to coordinate i + j.
Point3 image(const Point3& v, int sign, int j) {
  Point3 out{};
  for (int i = 0; i < 3; ++i) out[static_cast<std::size_t>((i + j) % 3)] = sign * v[static_cast<std::size_t>(i)];
  return out;
}

net::Direction image_direction(net::Direction d, int sign, int j) {
  const int axis = static_cast<int>(d / 2);
  const int s = d % 2 == 0 ? 1 : -1;
  return direction_of((axis + j) % 3, s * sign);
}

}  // namespace

std::int64_t tadt_lower_bound(std::int64_t nodes, std::int64_t ports) {
  if (nodes <= 1) return 0;
  CV_ASSERT(ports >= 1, "a network of more than one node has ports");
  return (nodes - 1 + ports - 1) / ports;
}

net::LevelTree snake_tree_2d(std::int64_t z) {
  if (z < 1 || z % 2 == 0 || z > 46'340) {
    throw InputError(fmt::format("the four-snake TADT needs an odd side z in 1..46339, not {}", z));
  }
  const std::int64_t m = (z - 1) / 2;
  // The snake of quarter R0 = {1..m} x {0..m}: (from, direction) per level.
  struct Step {
    std::int64_t fx, fy;
    net::Direction d;
  };
  std::vector<Step> snake;
  snake.reserve(static_cast<std::size_t>(m * (m + 1)));
  std::int64_t x = 0;
  std::int64_t y = 0;
  for (std::int64_t row = 0; row <= m; ++row) {
    const bool rightward = row % 2 == 0;
    for (std::int64_t i = 0; i < m; ++i) {
      net::Direction d = 0;
      if (row == 0 && i == 0) {
        d = 0;  // from the root to (1, 0)
      } else if (i == 0) {
        d = 2;  // up to the next row
      } else {
        d = rightward ? 0 : 1;
      }
      snake.push_back({x, y, d});
      if (d == 0) ++x;
      if (d == 1) --x;
      if (d == 2) ++y;
    }
  }
  net::LevelTree tree;
  tree.root = 0;
  tree.arcs.reserve(4 * snake.size());
  for (std::size_t level = 0; level < snake.size(); ++level) {
    std::int64_t px = snake[level].fx;
    std::int64_t py = snake[level].fy;
    net::Direction d = snake[level].d;
    for (int k = 0; k < 4; ++k) {
      tree.arcs.push_back({node_2d(px, py, z), d, static_cast<std::int64_t>(level)});
      const std::int64_t nx = -py;  // the quarter turn
      py = px;
      px = nx;
      d = quarter_turn(d);
    }
  }
  return tree;
}

net::LevelTree pyramid_tree_3d(std::int64_t z) {
  if (z < 1 || z % 2 == 0 || z > 1'289) {
    throw InputError(fmt::format("the six-pyramid TADT needs an odd side z in 1..1289, not {}", z));
  }
  const std::int64_t m = (z - 1) / 2;
  const std::int64_t n = z * z * z;
  auto index = [&](const Point3& v) {
    return wrap(v[0], z) + z * (wrap(v[1], z) + z * wrap(v[2], z));
  };
  auto centred = [&](std::int64_t c) { return wrap(c + m, z) - m; };  // -m..m
  auto diagonal = [](const Point3& v) { return v[0] == v[1] && v[1] == v[2]; };
  // In the pyramid: off the diagonal and the largest of its orbit.
  auto in_pyramid = [&](const Point3& v) {
    if (diagonal(v)) return false;
    for (int s : {1, -1}) {
      for (int j = 0; j < 3; ++j) {
        if (image(v, s, j) > v) return false;
      }
    }
    return true;
  };
  // The growth order: breadth first from 0 inside the pyramid.
  struct Step {
    Point3 from;
    net::Direction d;
  };
  std::vector<Step> snake;
  std::vector<char> seen(static_cast<std::size_t>(n), 0);
  std::deque<Point3> queue{Point3{0, 0, 0}};
  seen[0] = 1;
  while (!queue.empty()) {
    const Point3 w = queue.front();
    queue.pop_front();
    for (net::Direction d = 0; d < 6; ++d) {
      Point3 u = w;
      u[static_cast<std::size_t>(d / 2)] += d % 2 == 0 ? 1 : -1;
      for (auto& c : u) c = centred(c);
      const std::int64_t ui = index(u);
      if (seen[static_cast<std::size_t>(ui)] != 0 || !in_pyramid(u)) continue;
      seen[static_cast<std::size_t>(ui)] = 1;
      snake.push_back({w, d});
      queue.push_back(u);
    }
  }
  const std::int64_t pyramid = 4 * m * (m + 1) * (2 * m + 1) / 6;
  CV_ASSERT(static_cast<std::int64_t>(snake.size()) == pyramid,
            "the pyramid plus the root is connected and holds 4 (1^2 + ... + m^2) nodes");
  net::LevelTree tree;
  tree.root = 0;
  tree.arcs.reserve(static_cast<std::size_t>(n - 1));
  for (std::size_t level = 0; level < snake.size(); ++level) {
    for (int s : {1, -1}) {
      for (int j = 0; j < 3; ++j) {
        tree.arcs.push_back({index(image(snake[level].from, s, j)),
                             image_direction(snake[level].d, s, j),
                             static_cast<std::int64_t>(level)});
      }
    }
  }
  // The diagonal, 6 nodes per level after the pyramids, one per direction.
  std::int64_t i = 0;
  for (std::int64_t t = 1; t <= m; ++t) {
    for (std::int64_t sign : {1, -1}) {
      const net::Direction d = static_cast<net::Direction>(i % 6);
      Point3 from{sign * t, sign * t, sign * t};
      from[static_cast<std::size_t>(d / 2)] -= d % 2 == 0 ? 1 : -1;
      tree.arcs.push_back({index(from), d, pyramid + i / 6});
      ++i;
    }
  }
  return tree;
}

std::string tadt_construction_gap(std::span<const std::int64_t> sides) {
  std::string shape;
  for (std::int64_t s : sides) {
    if (!shape.empty()) shape += 'x';
    shape += std::to_string(s);
  }
  for (std::int64_t s : sides) {
    if (s < 1) return fmt::format("torus {}: side {} is not a side (at least 1)", shape, s);
  }
  if (sides.size() != 2 && sides.size() != 3) {
    return fmt::format("torus {}: no TADT construction for {} dimensions (the seed gives 2D and 3D); "
                       "use synth tadt",
                       shape, sides.size());
  }
  const bool equal = std::all_of(sides.begin(), sides.end(), [&](std::int64_t s) { return s == sides[0]; });
  if (!equal) {
    return fmt::format("torus {}: no construction for unequal sides (the seed's snakes and pyramids "
                       "are for z x z and z x z x z); use synth tadt",
                       shape);
  }
  if (sides[0] % 2 == 0) {
    return fmt::format("torus {}: no construction for an even side (the seed's snakes and pyramids need z odd); use "
                       "synth tadt",
                       shape);
  }
  return {};
}

net::LevelTree tadt_generic_tree(std::span<const std::int64_t> sides) {
  const std::string gap = tadt_construction_gap(sides);
  if (!gap.empty()) throw InputError(gap);
  return sides.size() == 2 ? snake_tree_2d(sides[0]) : pyramid_tree_3d(sides[0]);
}

}  // namespace collverify::torus
