#include "reference/hypercube/esbt.hpp"

#include <fmt/format.h>

#include <bit>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"

namespace collverify::hypercube {
namespace {

std::int64_t rotate_right(std::int64_t x, int i, int d) {
  if (d == 0 || i == 0) return x;
  const std::int64_t mask = (std::int64_t{1} << d) - 1;
  return ((x >> i) | (x << (d - i))) & mask;
}

std::int64_t rotate_left(std::int64_t x, int i, int d) { return rotate_right(x, (d - i) % d, d); }

int highest_bit(std::int64_t y) { return 63 - std::countl_zero(static_cast<std::uint64_t>(y)); }

// Frame dimension of the edge into frame node y (y != 0), and the step offset from the root's
// send at which it is used: the root edge 0, binomial hops their dimension, last hops d.
struct FrameHop {
  int dim = 0;
  int offset = 0;
};
FrameHop frame_hop(std::int64_t y, int d) {
  if (y == 1) return {0, 0};
  if ((y & 1) == 0) return {0, d};
  const int m = highest_bit(y & ~std::int64_t{1});
  return {m, m};
}

}  // namespace

std::int64_t esbt_parent(int d, int i, std::int64_t x) {
  CV_ASSERT(d >= 1 && i >= 0 && i < d && x >= 1 && x < (std::int64_t{1} << d),
            "esbt_parent: node or tree out of range");
  const std::int64_t y = rotate_right(x, i, d);
  const FrameHop h = frame_hop(y, d);
  return rotate_left(y ^ (std::int64_t{1} << h.dim), i, d);
}

network::RoutedSchedule esbt_broadcast(int d, std::int64_t s) {
  if (d < 0 || d > 20) throw InputError(fmt::format("--d {} is not in 0..20", d));
  if (s < 1) throw InputError(fmt::format("--s {} is not a packet count (s >= 1)", s));
  const std::int64_t N = std::int64_t{1} << d;
  const std::string what = fmt::format("ESBT broadcast d = {}, s = {}", d, s);
  require_memory(checked_add(checked_mul(checked_mul(N, s, what), 96, what), 1 << 20, what), what);
  network::RoutedSchedule out;
  out.network = network::NetworkSpec{network::NetworkKind::hypercube, {d}};
  out.model = CommModel{1, Duplex::full, Switching::store_and_forward, false};
  out.collective = network::Collective::bcast;
  out.root = 0;
  out.pieces = s;
  if (d == 0) return out;
  // Every node x and tree i: the edge into x, its real dimension, and the step offset.
  const std::int64_t rounds = d == 1 ? s : s + d;
  out.rounds.resize(static_cast<std::size_t>(rounds));
  for (int i = 0; i < d; ++i) {
    for (std::int64_t x = 1; x < N; ++x) {
      const std::int64_t y = rotate_right(x, i, d);
      const FrameHop h = frame_hop(y, d);
      const int dim = (h.dim + i) % d;
      const std::int64_t from = x ^ (std::int64_t{1} << dim);
      for (std::int64_t j = i; j < s; j += d) {
        const std::int64_t t = j + h.offset;
        out.rounds[static_cast<std::size_t>(t)].push_back(
            network::Transmission{from, {dim}, {network::Packet{0, j}}});
      }
    }
  }
  return out;
}

}  // namespace collverify::hypercube
