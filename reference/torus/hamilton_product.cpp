#include "reference/torus/hamilton_product.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "model/error.hpp"
#include "reference/torus/hamilton_cycles.hpp"
#include "reference/torus/hamilton_exchange.hpp"
#include "reference/torus/hamilton_frame.hpp"

namespace collverify::torus {

namespace {

constexpr int kOffsets = 4;  // starts of H1 tried per vertical dimension and role

struct Torus3 {
  std::array<std::int64_t, 3> side{};
  std::array<std::int64_t, 3> stride{};
  std::int64_t nodes = 1;
  explicit Torus3(std::span<const std::int64_t> s) {
    for (std::size_t d = 0; d < 3; ++d) {
      side[d] = s[d];
      stride[d] = nodes;
      nodes *= s[d];
    }
  }
  std::int64_t step(std::int64_t v, int d, int sign) const {
    const auto i = static_cast<std::size_t>(d);
    const std::int64_t c = (v / stride[i]) % side[i];
    return v + (((c + sign + side[i]) % side[i]) - c) * stride[i];
  }
  // The link v -- v + e_d has id 3 v + d.
  std::int64_t link(std::int64_t u, std::int64_t w) const {
    for (int d = 0; d < 3; ++d) {
      if (step(u, d, +1) == w) return 3 * u + d;
      if (step(w, d, +1) == u) return 3 * w + d;
    }
    CV_ASSERT(false, "hamilton_product_3d: two nodes that are not neighbours");
    return -1;
  }
};

using exchange::crosses;
using exchange::Cycle;
using exchange::OnCycle;
using exchange::vertical_on;

// The colour-q cycle through node 0 (first step to the smaller neighbour); shorter than N when
// the colour is not one cycle (the caller then reports no decomposition).
std::vector<std::int64_t> trace(const Torus3& t, const std::vector<std::int8_t>& colour, int q) {
  auto next = [&](std::int64_t v, std::int64_t not_this) {
    std::array<std::int64_t, 2> out{-1, -1};
    int found = 0;
    for (int d = 0; d < 3; ++d) {
      const std::int64_t up = t.step(v, d, +1);
      const std::int64_t down = t.step(v, d, -1);
      if (colour[static_cast<std::size_t>(3 * v + d)] == q && found < 2) out[static_cast<std::size_t>(found++)] = up;
      if (colour[static_cast<std::size_t>(3 * down + d)] == q && found < 2) out[static_cast<std::size_t>(found++)] = down;
    }
    CV_ASSERT(found == 2, "hamilton_product_3d: a colour lost its 2-regularity");
    if (not_this < 0) return std::min(out[0], out[1]);
    return out[0] == not_this ? out[1] : out[0];
  };
  std::vector<std::int64_t> cycle{0};
  std::int64_t prev = -1;
  std::int64_t v = 0;
  while (static_cast<std::int64_t>(cycle.size()) <= t.nodes) {
    const std::int64_t w = next(v, prev);
    if (w == 0) break;
    cycle.push_back(w);
    prev = v;
    v = w;
  }
  return cycle;
}

struct Layers {
  int v = 2;
  int i = 0;
  int j = 1;
  std::vector<std::int64_t> h1;  // layer-0 nodes
  std::vector<std::int64_t> h2;
};

// H1, H2 of the layer C_si x C_sj in closed form, as 3D nodes of layer 0; `swap` exchanges the
// two cycles, `offset` starts H1 at its node of that index (the frame's column 0).
std::optional<Layers> layer_cycles(const Torus3& t, int v, bool swap, std::int64_t offset) {
  Layers L;
  L.v = v;
  L.i = v == 0 ? 1 : 0;
  L.j = v == 2 ? 1 : 2;
  const auto si = t.side[static_cast<std::size_t>(L.i)];
  const auto sj = t.side[static_cast<std::size_t>(L.j)];
  const HamiltonCycles h = hamilton_cycles(std::vector<std::int64_t>{si, sj});
  if (!h.found) return std::nullopt;
  auto to3 = [&](std::int64_t node2) {
    return (node2 % si) * t.stride[static_cast<std::size_t>(L.i)] +
           (node2 / si) * t.stride[static_cast<std::size_t>(L.j)];
  };
  const auto& first = h.cycles[swap ? 1 : 0];
  const auto& second = h.cycles[swap ? 0 : 1];
  const auto n = static_cast<std::int64_t>(first.size());
  for (std::int64_t x = 0; x < n; ++x) L.h1.push_back(to3(first[static_cast<std::size_t>((x + offset) % n)]));
  for (std::int64_t x : second) L.h2.push_back(to3(x));
  return L;
}

// K1, K2: a Hamiltonian decomposition of the frame C_n x C_c, frame node p + n z = H1[p] in layer
// z: the closed form (g = 0) or the diagonal frame with parameters g, h.
std::optional<std::array<Cycle, 2>> frame_cycles(const Torus3& t, const Layers& L, std::int64_t g,
                                                 std::int64_t h) {
  const auto n = static_cast<std::int64_t>(L.h1.size());
  const std::int64_t c = t.side[static_cast<std::size_t>(L.v)];
  std::array<std::vector<std::int64_t>, 2> frame;
  if (g == 0) {
    const HamiltonCycles f = hamilton_cycles(std::vector<std::int64_t>{n, c});
    if (!f.found) return std::nullopt;
    frame = {f.cycles[0], f.cycles[1]};
  } else {
    auto f = diagonal_frame(n, c, g, h);
    if (!f) return std::nullopt;
    frame = std::move(f->cycles);
  }
  std::array<Cycle, 2> K;
  for (std::size_t q = 0; q < 2; ++q) {
    K[q].pos.assign(static_cast<std::size_t>(t.nodes), -1);
    for (std::int64_t x : frame[q]) {
      const std::int64_t node = L.h1[static_cast<std::size_t>(x % n)] + (x / n) * t.stride[static_cast<std::size_t>(L.v)];
      K[q].pos[static_cast<std::size_t>(node)] = static_cast<std::int64_t>(K[q].seq.size());
      K[q].seq.push_back(node);
    }
  }
  return K;
}

// The greedy choice of one square per row 0..c-2 (see the header); nullopt when a row has none.
// Among the admissible squares of a row it takes the shortest chord (fewest links of its K
// between the two vertical links, either way round), which leaves the most room to later rows.
std::optional<std::vector<ProductSquare>> choose_squares(const Torus3& t, const Layers& L,
                                                         const std::array<Cycle, 2>& K) {
  const std::int64_t c = t.side[static_cast<std::size_t>(L.v)];
  const std::int64_t lift = t.stride[static_cast<std::size_t>(L.v)];
  const auto n = static_cast<std::int64_t>(L.h2.size());
  std::array<std::vector<std::pair<std::int64_t, std::int64_t>>, 2> chords;
  std::vector<ProductSquare> out;
  std::int64_t previous = -1;  // index in H2 of the edge used by the row before
  for (std::int64_t k = 0; k + 1 < c; ++k) {
    std::int64_t best_length = t.nodes + 1;
    std::int64_t best_e = -1;
    int best_q = 0;
    std::pair<std::int64_t, std::int64_t> best_chord;
    for (std::int64_t e = 0; e < n; ++e) {
      if (e == previous) continue;
      const std::int64_t u = L.h2[static_cast<std::size_t>(e)];
      const std::int64_t w = L.h2[static_cast<std::size_t>((e + 1) % n)];
      for (int q = 0; q < 2; ++q) {
        const auto& cyc = K[static_cast<std::size_t>(q)];
        const auto a = vertical_on(cyc, u + k * lift, u + (k + 1) * lift);
        const auto b = vertical_on(cyc, w + k * lift, w + (k + 1) * lift);
        if (!a || !b || a->way != b->way) continue;
        const std::pair<std::int64_t, std::int64_t> chord{std::min(a->at, b->at), std::max(a->at, b->at)};
        const auto& mine = chords[static_cast<std::size_t>(q)];
        if (std::any_of(mine.begin(), mine.end(), [&](const auto& o) { return crosses(chord, o); })) continue;
        const std::int64_t span = chord.second - chord.first;
        const std::int64_t length = std::min(span, t.nodes - span);
        if (length < best_length) {
          best_length = length;
          best_e = e;
          best_q = q;
          best_chord = chord;
        }
      }
    }
    if (best_e < 0) return std::nullopt;
    chords[static_cast<std::size_t>(best_q)].push_back(best_chord);
    out.push_back({L.v, L.h2[static_cast<std::size_t>(best_e)],
                   L.h2[static_cast<std::size_t>((best_e + 1) % n)], k, best_q});
    previous = best_e;
  }
  return out;
}

// Colours of every link (3 v + d): K1 = 0, K2 = 1, Y = 2, then the squares exchanged.
std::vector<std::int8_t> colour_links(const Torus3& t, const Layers& L, const std::array<Cycle, 2>& K,
                                      const std::vector<ProductSquare>& squares) {
  std::vector<std::int8_t> colour(static_cast<std::size_t>(3 * t.nodes), -1);
  auto set = [&](std::int64_t a, std::int64_t b, int q) {
    colour[static_cast<std::size_t>(t.link(a, b))] = static_cast<std::int8_t>(q);
  };
  for (std::size_t q = 0; q < 2; ++q) {
    const auto& s = K[q].seq;
    for (std::size_t x = 0; x < s.size(); ++x) set(s[x], s[(x + 1) % s.size()], static_cast<int>(q));
  }
  const std::int64_t lift = t.stride[static_cast<std::size_t>(L.v)];
  const auto n = L.h2.size();
  for (std::int64_t z = 0; z < t.side[static_cast<std::size_t>(L.v)]; ++z) {
    for (std::size_t x = 0; x < n; ++x) set(L.h2[x] + z * lift, L.h2[(x + 1) % n] + z * lift, 2);
  }
  CV_ASSERT(std::count(colour.begin(), colour.end(), -1) == 0,
            "hamilton_product_3d: K1, K2 and the H2 layers do not cover every link");
  for (const ProductSquare& s : squares) {
    const std::int64_t lo = s.row * lift;
    const std::int64_t hi = (s.row + 1) * lift;
    set(s.u + lo, s.u + hi, 2);
    set(s.w + lo, s.w + hi, 2);
    set(s.u + lo, s.w + lo, s.k_cycle);
    set(s.u + hi, s.w + hi, s.k_cycle);
  }
  return colour;
}

// The variants tried, in order (see the header): the closed-form frame (vertical dimension 2, 1, 0;
// H1 and H2 as given, then exchanged; H1 started at its nodes 0..3), then the diagonal frames
// (vertical dimension 2, 1, 0; g dividing n and c, g >= 4, ascending; h = 1..g-1; H1 and H2 as
// given, then exchanged). g = 2 is left out: its classes put the two ends of every H2 link in different colours.
std::vector<ProductDecomposition> frame_variants(const Torus3& t) {
  std::vector<ProductDecomposition> out;
  for (int attempt = 0; attempt < 3 * 2 * kOffsets; ++attempt) {
    ProductDecomposition p;
    p.vertical = 2 - attempt / (2 * kOffsets);
    p.swap = (attempt / kOffsets) % 2 == 1;
    p.offset = attempt % kOffsets;
    out.push_back(p);
  }
  for (int v = 2; v >= 0; --v) {
    const std::int64_t c = t.side[static_cast<std::size_t>(v)];
    const std::int64_t n = t.nodes / c;
    for (std::int64_t g = 4; g <= std::min(n, c); ++g) {
      if (n % g != 0 || c % g != 0) continue;
      for (std::int64_t h = 1; h < g; ++h) {
        for (bool swap : {false, true}) {
          ProductDecomposition p;
          p.vertical = v;
          p.swap = swap;
          p.frame_g = g;
          p.frame_h = h;
          out.push_back(p);
        }
      }
    }
  }
  return out;
}

}  // namespace

std::optional<ProductDecomposition> hamilton_product_3d(std::span<const std::int64_t> sides) {
  CV_ASSERT(sides.size() == 3, "hamilton_product_3d takes three sides");
  const Torus3 t(sides);
  for (const ProductDecomposition& variant : frame_variants(t)) {
    const auto L = layer_cycles(t, variant.vertical, variant.swap, variant.offset);
    if (!L) continue;
    const auto K = frame_cycles(t, *L, variant.frame_g, variant.frame_h);
    if (!K) continue;
    auto squares = choose_squares(t, *L, *K);
    if (!squares) continue;
    ProductDecomposition out = variant;
    out.squares = std::move(*squares);
    out.cycles = product_cycles(sides, out);
    return out;
  }
  return std::nullopt;
}

std::vector<std::vector<std::int64_t>> product_cycles(std::span<const std::int64_t> sides,
                                                      const ProductDecomposition& plan) {
  CV_ASSERT(sides.size() == 3, "product_cycles takes three sides");
  const Torus3 t(sides);
  const auto L = layer_cycles(t, plan.vertical, plan.swap, plan.offset);
  CV_ASSERT(L.has_value(), "product_cycles: no layer cycles");
  const auto K = frame_cycles(t, *L, plan.frame_g, plan.frame_h);
  CV_ASSERT(K.has_value(), "product_cycles: no frame cycles");
  const std::vector<std::int8_t> colour = colour_links(t, *L, *K, plan.squares);
  std::vector<std::vector<std::int64_t>> out;
  for (int q = 0; q < 3; ++q) out.push_back(trace(t, colour, q));
  return out;
}

}  // namespace collverify::torus
