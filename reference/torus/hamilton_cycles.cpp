#include "reference/torus/hamilton_cycles.hpp"

#include <random>

#include <fmt/format.h>

#include "model/error.hpp"
#include "reference/torus/hamilton_closed.hpp"
#include "reference/torus/hamilton_lift.hpp"
#include "reference/torus/hamilton_product.hpp"

namespace collverify::torus {

namespace {

constexpr int kSearchAttempts = 8;

// A colouring of the torus's links: colour[v * n + i] is the cycle of the link v -- v + e_i.
class Colouring {
 public:
  explicit Colouring(std::span<const std::int64_t> sides)
      : sides_(sides.begin(), sides.end()), n_(static_cast<int>(sides.size())) {
    nodes_ = 1;
    stride_.resize(sides_.size());
    for (std::size_t i = 0; i < sides_.size(); ++i) {
      stride_[i] = nodes_;
      nodes_ *= sides_[i];
    }
    colour_.resize(static_cast<std::size_t>(nodes_ * n_));
    for (std::int64_t v = 0; v < nodes_; ++v) {
      for (int i = 0; i < n_; ++i) colour_[index(v, i)] = i;
    }
  }
  std::int64_t nodes() const { return nodes_; }
  int dims() const { return n_; }
  std::int64_t step(std::int64_t v, int i, int sign) const {
    const std::int64_t c = (v / stride_[static_cast<std::size_t>(i)]) % sides_[static_cast<std::size_t>(i)];
    const std::int64_t s = sides_[static_cast<std::size_t>(i)];
    const std::int64_t nc = (c + sign + s) % s;
    return v + (nc - c) * stride_[static_cast<std::size_t>(i)];
  }
  int& colour(std::int64_t v, int i) { return colour_[index(v, i)]; }
  int colour(std::int64_t v, int i) const { return colour_[index(v, i)]; }

  // The two neighbours of v over links of colour k (each colour class is 2-regular).
  std::pair<std::int64_t, std::int64_t> neighbours(std::int64_t v, int k) const {
    std::int64_t out[2] = {-1, -1};
    int found = 0;
    for (int i = 0; i < n_ && found < 2; ++i) {
      if (colour(v, i) == k) out[found++] = step(v, i, +1);
      const std::int64_t u = step(v, i, -1);
      if (found < 2 && colour(u, i) == k) out[found++] = u;
    }
    CV_ASSERT(found == 2, "a colour class of the torus lost its 2-regularity");
    return {out[0], out[1]};
  }

  std::int64_t count_cycles(int k, std::vector<std::uint8_t>& seen) const {
    seen.assign(static_cast<std::size_t>(nodes_), 0);
    std::int64_t cycles = 0;
    for (std::int64_t s = 0; s < nodes_; ++s) {
      if (seen[static_cast<std::size_t>(s)] != 0) continue;
      ++cycles;
      std::int64_t prev = -1;
      std::int64_t cur = s;
      while (seen[static_cast<std::size_t>(cur)] == 0) {
        seen[static_cast<std::size_t>(cur)] = 1;
        const auto [a, b] = neighbours(cur, k);
        const std::int64_t next = a != prev ? a : b;
        prev = cur;
        cur = next;
      }
    }
    return cycles;
  }

  // Cycle k listed from node 0 towards its smaller neighbour.
  std::vector<std::int64_t> cycle_from_zero(int k) const {
    std::vector<std::int64_t> out;
    out.reserve(static_cast<std::size_t>(nodes_));
    const auto [a, b] = neighbours(0, k);
    std::int64_t prev = 0;
    std::int64_t cur = std::min(a, b);
    out.push_back(0);
    while (cur != 0) {
      out.push_back(cur);
      const auto [x, y] = neighbours(cur, k);
      const std::int64_t next = x != prev ? x : y;
      prev = cur;
      cur = next;
    }
    return out;
  }

 private:
  std::size_t index(std::int64_t v, int i) const { return static_cast<std::size_t>(v * n_ + i); }
  std::vector<std::int64_t> sides_;
  std::vector<std::int64_t> stride_;
  int n_;
  std::int64_t nodes_ = 0;
  std::vector<int> colour_;
};

// One attempt from the parallel classes with `seed`; gives up after `budget` squares or after
// `stall` squares in a row that changed nothing (a configuration with no useful square left).
bool attempt(Colouring& c, std::uint64_t seed, std::int64_t budget, std::int64_t stall,
             HamiltonCycles& out) {
  const int n = c.dims();
  const std::int64_t N = c.nodes();
  std::vector<std::uint8_t> seen;
  std::vector<std::int64_t> cycles(static_cast<std::size_t>(n));
  std::int64_t total = 0;
  for (int k = 0; k < n; ++k) {
    cycles[static_cast<std::size_t>(k)] = c.count_cycles(k, seen);
    total += cycles[static_cast<std::size_t>(k)];
  }
  std::mt19937_64 rng(seed);
  std::int64_t idle = 0;
  for (std::int64_t tried = 0; total > n && tried < budget && idle < stall; ++tried) {
    ++out.moves;
    ++idle;
    const auto v = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(N));
    const auto i = static_cast<int>(rng() % static_cast<std::uint64_t>(n));
    auto j = static_cast<int>(rng() % static_cast<std::uint64_t>(n - 1));
    if (j >= i) ++j;
    const std::int64_t vi = c.step(v, i, +1);
    const std::int64_t vj = c.step(v, j, +1);
    const int ci = c.colour(v, i);
    const int cj = c.colour(v, j);
    if (ci == cj || c.colour(vj, i) != ci || c.colour(vi, j) != cj) continue;
    c.colour(v, i) = c.colour(vj, i) = cj;
    c.colour(v, j) = c.colour(vi, j) = ci;
    const std::int64_t a = c.count_cycles(ci, seen);
    const std::int64_t b = c.count_cycles(cj, seen);
    const std::int64_t before = cycles[static_cast<std::size_t>(ci)] + cycles[static_cast<std::size_t>(cj)];
    if (a + b <= before) {
      total += a + b - before;
      cycles[static_cast<std::size_t>(ci)] = a;
      cycles[static_cast<std::size_t>(cj)] = b;
      ++out.swaps;
      idle = 0;
    } else {
      c.colour(v, i) = c.colour(vj, i) = ci;
      c.colour(v, j) = c.colour(vi, j) = cj;
    }
  }
  return total == n;
}

bool search(std::span<const std::int64_t> sides, Colouring& c, const HamiltonOptions& options,
            HamiltonCycles& out) {
  const std::int64_t N = c.nodes();
  const std::int64_t budget = options.max_moves > 0 ? options.max_moves : 400 * N + 100000;
  const std::int64_t stall = 50 * N * c.dims() + 2000;
  for (int a = 0; a < kSearchAttempts; ++a) {
    ++out.attempts;
    c = Colouring(sides);
    if (attempt(c, options.seed + static_cast<std::uint64_t>(a), budget, stall, out)) return true;
  }
  return false;
}

}  // namespace

void require_cycle_sides(std::span<const std::int64_t> sides) {
  if (sides.size() < 2) {
    throw InputError(fmt::format(
        "--sides with {} side(s): link-disjoint Hamiltonian cycles need a torus of at least 2 "
        "dimensions",
        sides.size()));
  }
  std::int64_t nodes = 1;
  for (std::int64_t s : sides) {
    if (s < 3) {
      throw InputError(fmt::format(
          "--sides: side {} is below 3 (a side of 1 has no link, a side of 2 two parallel links; "
          "the Hamiltonian-cycle algorithm needs every side >= 3)",
          s));
    }
    if (s > (std::int64_t{1} << 24) || nodes > (std::int64_t{1} << 24) / s) {
      throw InputError(fmt::format(
          "--sides: {} nodes and more is above 2^24, the largest torus whose cycles we construct",
          nodes * std::min<std::int64_t>(s, std::int64_t{1} << 24)));
    }
    nodes *= s;
  }
}

namespace {

std::int64_t c_nodes(std::span<const std::int64_t> sides) {
  std::int64_t n = 1;
  for (std::int64_t x : sides) n *= x;
  return n;
}

// The cycles of a construction by product (3D, hamilton_product) or lift (n >= 4). Proven
// whenever the construction returns them; should a colour not be one cycle, say so (no cycles,
// not found) instead of passing.
HamiltonCycles take_product(std::span<const std::int64_t> sides,
                            std::vector<std::vector<std::int64_t>> cycles) {
  HamiltonCycles out;
  out.sides.assign(sides.begin(), sides.end());
  out.method = "product";
  out.found = true;
  for (auto& cycle : cycles) {
    if (static_cast<std::int64_t>(cycle.size()) != c_nodes(sides)) out.found = false;
    out.cycles.push_back(std::move(cycle));
  }
  if (!out.found) out.cycles.clear();
  return out;
}

}  // namespace

HamiltonCycles hamilton_cycles(std::span<const std::int64_t> sides, HamiltonOptions options) {
  require_cycle_sides(sides);
  HamiltonCycles out;
  out.sides.assign(sides.begin(), sides.end());
  if (sides.size() == 2 && !options.force_search) {
    const ClosedPlan plan = closed_plan(sides[0], sides[1]);
    const std::vector<std::uint8_t> colouring = plan_colouring(plan);
    out.method = "closed";
    out.found = true;
    for (int k = 0; k < 2; ++k) {
      out.cycles.push_back(colour_cycle(sides[0], sides[1], colouring, k));
      // A proven construction; should a colour ever not be one cycle, say so instead of passing.
      if (static_cast<std::int64_t>(out.cycles.back().size()) != sides[0] * sides[1]) out.found = false;
    }
    if (!out.found) out.cycles.clear();
    return out;
  }
  if (sides.size() == 3 && !options.force_search) {
    if (auto p = hamilton_product_3d(sides)) return take_product(sides, std::move(p->cycles));
  }
  if (sides.size() >= 4 && !options.force_search) {
    if (auto p = hamilton_lift(sides)) return take_product(sides, std::move(p->cycles));
  }
  Colouring c(sides);
  out.method = "search";
  out.found = search(sides, c, options, out);
  if (out.found) {
    for (int k = 0; k < c.dims(); ++k) out.cycles.push_back(c.cycle_from_zero(k));
  }
  return out;
}

}  // namespace collverify::torus
