#include "reference/torus/wormhole_broadcast.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify::torus {

namespace net = network;

namespace {

constexpr std::int64_t kMaxNodes = std::int64_t{1} << 24;

net::RoutedSchedule wormhole_header(std::int64_t a, std::int64_t b, std::int64_t root) {
  net::RoutedSchedule s;
  s.network = {net::NetworkKind::torus, {a, b}};
  s.model = CommModel{CommModel::kAllPorts, Duplex::full, Switching::wormhole, false};
  s.collective = net::Collective::oab;
  s.root = root;
  s.pieces = 1;
  return s;
}

// ---- recursive tiling ----

struct Gauss {
  std::int64_t re = 0;
  std::int64_t im = 0;
};
Gauss times(Gauss x, Gauss y) { return {x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re}; }

// x + iy in g Z[i]?
bool divides(Gauss g, std::int64_t x, std::int64_t y) {
  const std::int64_t norm = g.re * g.re + g.im * g.im;
  return ring_mod(x * g.re + y * g.im, norm) == 0 && ring_mod(y * g.re - x * g.im, norm) == 0;
}

// A component reduced to (-m/2, m/2].
std::int64_t centred(std::int64_t v, std::int64_t m) {
  const std::int64_t r = ring_mod(v, m);
  return r > m / 2 ? r - m : r;
}

// A quarter turn of a direction: +0 -> +1 -> -0 -> -1 -> +0.
net::Direction turn(net::Direction d) {
  static constexpr std::array<net::Direction, 4> next = {2, 3, 1, 0};
  return next[static_cast<std::size_t>(d)];
}

}  // namespace

std::int64_t log5_bound(std::int64_t nodes) { return ceil_log(5, nodes); }

net::RoutedSchedule recursive_tiling(int k, std::int64_t root) {
  if (k < 1 || k > 5) {
    throw InputError(fmt::format(
        "k = {} is not in 1..5 (recursive tiling needs a 5^k x 5^k torus, at most 2^24 nodes)", k));
  }
  std::int64_t m = 1;
  for (int i = 0; i < k; ++i) m *= 5;
  if (root < 0 || root >= m * m) {
    throw InputError(fmt::format("--root {} is not a node 0..{} of the {}x{} torus", root,
                                 m * m - 1, m, m));
  }
  net::RoutedSchedule s = wormhole_header(m, m, root);
  std::vector<Gauss> g(static_cast<std::size_t>(2 * k + 1));
  g[0] = {1, 0};
  for (int j = 0; j < 2 * k; ++j) {
    g[static_cast<std::size_t>(j + 1)] = times(g[static_cast<std::size_t>(j)], j % 2 == 0 ? Gauss{1, 2} : Gauss{1, -2});
  }
  const std::int64_t rx = root % m;
  const std::int64_t ry = root / m;
  for (int r = 0; r < 2 * k; ++r) {
    const Gauss senders = g[static_cast<std::size_t>(2 * k - r)];
    const Gauss step = g[static_cast<std::size_t>(2 * k - 1 - r)];
    const std::int64_t p = centred(step.re, m);
    const std::int64_t q = centred(step.im, m);
    std::vector<net::Direction> base;
    for (std::int64_t i = 0; i < std::abs(p); ++i) base.push_back(p > 0 ? 0 : 1);
    for (std::int64_t i = 0; i < std::abs(q); ++i) base.push_back(q > 0 ? 2 : 3);
    std::array<std::vector<net::Direction>, 4> routes;
    routes[0] = base;
    for (std::size_t e = 1; e < 4; ++e) {
      routes[e] = routes[e - 1];
      for (auto& d : routes[e]) d = turn(d);
    }
    net::Round round;
    for (std::int64_t y = 0; y < m; ++y) {
      for (std::int64_t x = 0; x < m; ++x) {
        if (!divides(senders, x, y)) continue;
        const std::int64_t from = ring_mod(x + rx, m) + m * ring_mod(y + ry, m);
        for (const auto& route : routes) round.push_back({from, route, {{root, 0}}});
      }
    }
    std::stable_sort(round.begin(), round.end(),
              [](const net::Transmission& u, const net::Transmission& v) { return u.from < v.from; });
    s.rounds.push_back(std::move(round));
  }
  return s;
}

}  // namespace collverify::torus
