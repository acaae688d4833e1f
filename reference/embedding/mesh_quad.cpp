#include "reference/embedding/mesh_quad.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <utility>

#include "model/error.hpp"

namespace collverify::embedding {
namespace {

// Node of offset (k, j) in a column snake: column k of the cell, j-th node of that column from the
// column's start; `down_first` = column 0 runs towards smaller c1.
std::pair<std::int64_t, std::int64_t> column_snake(std::int64_t k, std::int64_t j, std::int64_t r2,
                                                   bool down_first) {
  const bool down = (k % 2 == 0) == down_first;
  return {k, down ? r2 - 1 - j : j};
}

void require_shape(const GroupTree& t) {
  const bool four = t.groups() == 4 && t.down[0] == 1 && t.right[0] == 3 && t.down[1] == 2 &&
                    t.right[1] == -1 && t.down[2] == -1 && t.right[2] == -1 && t.down[3] == -1 &&
                    t.right[3] == -1;
  const bool one = t.groups() == 1;
  if (!four && !one) throw std::logic_error("quad_placement: the tree of groups is not 0 -> 1 -> 2, 0 => 3");
}

}  // namespace

bool quad_applies(const MeshShape& m) { return m.n() <= 2; }

std::vector<std::int64_t> quad_placement(const MeshShape& m, const GroupTree& tree, QuadMutant mutant) {
  validate_mesh_shape(m);
  if (!quad_applies(m)) {
    throw InputError(fmt::format("the quad construction needs n = a / r1 <= 2 cells a side, not n = {}", m.n()));
  }
  require_shape(tree);
  const std::int64_t r1 = m.r1, r2 = m.r2, r = r1 * r2;
  if (tree.r != r || tree.groups() != m.n() * m.n()) {
    throw std::logic_error("quad_placement: the tree does not match the mesh's cells");
  }
  const bool odd_r1 = r1 % 2 == 1;
  // (cell origin c0, cell origin c1, column 0 runs down first, columns go to smaller c0)
  struct Cell {
    std::int64_t x0, y0;
    bool down_first, leftwards;
  };
  Cell cells[4] = {{0, 0, mutant != QuadMutant::root_snake_reversed, false},
                   {r1, 0, !odd_r1, false},
                   {r1, r2, false, true},
                   {0, r2, false, false}};
  if (mutant == QuadMutant::down_groups_swapped) std::swap(cells[1], cells[2]);
  std::vector<std::int64_t> out;
  out.reserve(static_cast<std::size_t>(tree.groups() * r));
  for (std::int64_t g = 0; g < tree.groups(); ++g) {
    const Cell& c = cells[g];
    for (std::int64_t q = 0; q < r; ++q) {
      const auto [k, j] = column_snake(q / r2, q % r2, r2, c.down_first);
      const std::int64_t c0 = c.x0 + (c.leftwards ? r1 - 1 - k : k);
      const std::int64_t c1 = c.y0 + j;
      out.push_back(c0 + m.a * c1);
    }
  }
  return out;
}

}  // namespace collverify::embedding
