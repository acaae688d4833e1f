#include "reference/embedding/mesh_placement.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/network/network.hpp"
#include "reference/embedding/embed.hpp"
#include "reference/embedding/mesh_quad.hpp"
#include "reference/fractional/broadcast.hpp"

namespace collverify::embedding {
namespace {

bool power_of_two(std::int64_t v) { return v >= 1 && (v & (v - 1)) == 0; }

}  // namespace

const char* to_string(CellOrder o) {
  switch (o) {
    case CellOrder::hilbert:
      return "hilbert";
    case CellOrder::morton:
      return "morton";
    case CellOrder::quad:
      return "quad";
    case CellOrder::automatic:
      return "automatic";
  }
  return "?";
}
const char* to_string(InCell o) { return o == InCell::snake ? "snake" : "row-major"; }

void validate_mesh_shape(const MeshShape& m) {
  if (m.a < 1) throw InputError(fmt::format("mesh side a = {} is not a side (a >= 1)", m.a));
  if (m.b < 1) throw InputError(fmt::format("mesh side b = {} is not a side (b >= 1)", m.b));
  if (m.r1 < 1 || m.a % m.r1 != 0) {
    throw InputError(fmt::format("r1 = {} does not divide the mesh side a = {}", m.r1, m.a));
  }
  if (m.r2 < 1 || m.b % m.r2 != 0) {
    throw InputError(fmt::format("r2 = {} does not divide the mesh side b = {}", m.r2, m.b));
  }
  if (m.a / m.r1 != m.b / m.r2 || !power_of_two(m.a / m.r1)) {
    throw InputError(fmt::format("a / r1 = {} / {} and b / r2 = {} / {} are not the same power of two",
                                 m.a, m.r1, m.b, m.r2));
  }
}

MeshShape mesh_shape(std::int64_t a, std::int64_t b, std::int64_t r) {
  if (a < 1) throw InputError(fmt::format("mesh side a = {} is not a side (a >= 1)", a));
  if (b < 1) throw InputError(fmt::format("mesh side b = {} is not a side (b >= 1)", b));
  if (r < 1) throw InputError(fmt::format("--r {} is not a group size (r >= 1)", r));
  // r1 divides r and a; try every divisor (r is small next to a * b).
  for (std::int64_t r1 = 1; r1 <= r && r1 <= a; ++r1) {
    if (r % r1 != 0 || a % r1 != 0) continue;
    const std::int64_t r2 = r / r1;
    if (b % r2 != 0) continue;
    if (a / r1 == b / r2 && power_of_two(a / r1)) return MeshShape{a, b, r1, r2};
  }
  throw InputError(fmt::format(
      "the {} x {} mesh has no split r = {} = r1 * r2 with a / r1 = b / r2 a power of two", a, b, r));
}

std::pair<std::int64_t, std::int64_t> cell_at(CellOrder order, std::int64_t n, std::int64_t t) {
  CV_ASSERT(power_of_two(n) && t >= 0 && t < n * n, "cell_at: t outside the n x n cells");
  CV_ASSERT(order == CellOrder::hilbert || order == CellOrder::morton, "cell_at: a curve order");
  std::int64_t x = 0;
  std::int64_t y = 0;
  if (order == CellOrder::morton) {
    // Leaf t of the H-tree: from the top, each pair of bits picks the half in coordinate 0, then
    // in coordinate 1.
    for (std::int64_t half = n / 2; half >= 1; half /= 2) {
      const std::int64_t level_bits = (t / (half * half)) % 4;  // the two bits of this level
      x += ((level_bits >> 1) & 1) * half;
      y += (level_bits & 1) * half;
    }
    return {x, y};
  }
  // Hilbert: built from the smallest block outwards. At block size `side` the next two bits of t
  // give the quadrant of the block twice as large, visited (0,0), (0,1), (1,1), (1,0); the curve
  // through the side x side block (from (0,0) to (side-1,0)) is transposed in the first quadrant
  // and reflected in the anti-diagonal in the last, so that each quadrant is entered next to where
  // the previous one was left (the test checks that consecutive cells are neighbours).
  std::int64_t rest = t;
  for (std::int64_t side = 1; side < n; side *= 2) {
    const std::int64_t q = rest % 4;
    rest /= 4;
    const std::int64_t qx = (q == 2 || q == 3) ? 1 : 0;
    const std::int64_t qy = (q == 1 || q == 2) ? 1 : 0;
    if (q == 0) {
      std::swap(x, y);
    } else if (q == 3) {
      const std::int64_t nx = side - 1 - y;
      const std::int64_t ny = side - 1 - x;
      x = nx;
      y = ny;
    }
    x += qx * side;
    y += qy * side;
  }
  return {x, y};
}

std::vector<std::int64_t> node_sequence(const MeshShape& m, CellOrder order, InCell in_cell) {
  validate_mesh_shape(m);
  const std::int64_t n = m.n();
  std::vector<std::int64_t> out;
  out.reserve(static_cast<std::size_t>(m.a * m.b));
  for (std::int64_t t = 0; t < n * n; ++t) {
    const auto [cx, cy] = cell_at(order, n, t);
    for (std::int64_t q = 0; q < m.r1 * m.r2; ++q) {
      const std::int64_t j = q / m.r1;
      std::int64_t i = q % m.r1;
      if (in_cell == InCell::snake && j % 2 == 1) i = m.r1 - 1 - i;
      const std::int64_t c0 = cx * m.r1 + i;
      const std::int64_t c1 = cy * m.r2 + j;
      out.push_back(c0 + m.a * c1);
    }
  }
  return out;
}

MeshEmbedding embed_fractional_mesh(std::int64_t a, std::int64_t b, std::int64_t r, std::int64_t s,
                                    Switching switching, CellOrder order, InCell in_cell) {
  MeshEmbedding out;
  if (a < 1) throw InputError(fmt::format("mesh side a = {} is not a side (a >= 1)", a));
  if (b < 1) throw InputError(fmt::format("mesh side b = {} is not a side (b >= 1)", b));
  // The memory refusal first (it also bounds a b and r before the split search walks r).
  fractional::validate_broadcast(fractional::BroadcastOptions{
      fractional::Layout::fractional, checked_mul(a, b, "the mesh a x b"), r, s, false});
  out.shape = mesh_shape(a, b, r);
  const network::Network net = network::Network::mesh({a, b});
  const std::int64_t n = out.shape.n();
  out.tree = full_fractional_groups(n * n, r);
  const std::vector<std::int64_t> steps = group_first_steps(out.tree);
  for (std::size_t k = 0; k < steps.size(); ++k)
    out.depth = std::max(out.depth, steps[k] + out.tree.size[k] - 1);
  out.order = order == CellOrder::automatic ? (quad_applies(out.shape) ? CellOrder::quad : CellOrder::hilbert)
                                            : order;
  out.placement = out.order == CellOrder::quad ? quad_placement(out.shape, out.tree)
                                               : node_sequence(out.shape, out.order, in_cell);
  const fractional::BroadcastResult br = fractional::run_lock_step(to_placements(out.tree), r, s);
  if (br.deadlock) throw std::logic_error("the lock step deadlocked on the mesh tree: " + *br.deadlock);
  out.schedule = br.schedule;
  out.routed = embed(out.schedule, net, out.placement, switching);
  return out;
}

std::int64_t every_s_packets(const GroupTree& t) {
  std::int64_t last = 0;
  for (const std::int64_t f : group_first_steps(t)) last = std::max(last, f);
  return last + 3 * (t.r + 1);
}

}  // namespace collverify::embedding
