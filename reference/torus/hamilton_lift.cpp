#include "reference/torus/hamilton_lift.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "model/error.hpp"
#include "reference/torus/hamilton_cycles.hpp"
#include "reference/torus/hamilton_exchange.hpp"
#include "reference/torus/hamilton_frame.hpp"

namespace collverify::torus {

namespace {

struct TorusN {
  std::vector<std::int64_t> side;
  std::vector<std::int64_t> stride;
  std::int64_t nodes = 1;
  explicit TorusN(std::span<const std::int64_t> s) : side(s.begin(), s.end()) {
    for (std::int64_t x : side) {
      stride.push_back(nodes);
      nodes *= x;
    }
  }
  int dims() const { return static_cast<int>(side.size()); }
  std::int64_t step(std::int64_t v, int d, int sign) const {
    const auto i = static_cast<std::size_t>(d);
    const std::int64_t c = (v / stride[i]) % side[i];
    return v + (((c + sign + side[i]) % side[i]) - c) * stride[i];
  }
  // The link v -- v + e_d has id dims v + d.
  std::int64_t link(std::int64_t u, std::int64_t w) const {
    for (int d = 0; d < dims(); ++d) {
      if (step(u, d, +1) == w) return dims() * u + d;
      if (step(w, d, +1) == u) return dims() * w + d;
    }
    CV_ASSERT(false, "hamilton_lift: two nodes that are not neighbours");
    return -1;
  }
};

using exchange::crosses;
using exchange::Cycle;
using exchange::OnCycle;
using exchange::vertical_on;

// The layer's cycles (the layer torus of every side but v) as nodes of layer 0; nullopt unless a
// construction made them.
std::optional<std::vector<std::vector<std::int64_t>>> layer_cycles(const TorusN& t, int v) {
  std::vector<std::int64_t> layer_sides;
  std::vector<std::int64_t> layer_strides;
  for (int d = 0; d < t.dims(); ++d) {
    if (d == v) continue;
    layer_sides.push_back(t.side[static_cast<std::size_t>(d)]);
    layer_strides.push_back(t.stride[static_cast<std::size_t>(d)]);
  }
  const HamiltonCycles h = hamilton_cycles(layer_sides);
  if (!h.found || h.method == "search") return std::nullopt;
  std::vector<std::vector<std::int64_t>> out;
  for (const auto& cyc : h.cycles) {
    std::vector<std::int64_t> full;
    for (std::int64_t x : cyc) {
      std::int64_t node = 0;
      for (std::size_t d = 0; d < layer_sides.size(); ++d) {
        node += (x % layer_sides[d]) * layer_strides[d];
        x /= layer_sides[d];
      }
      full.push_back(node);
    }
    out.push_back(std::move(full));
  }
  return out;
}

// K1, K2 of the frame H_r x C_d (frame node p + m z = H_r[p] in layer z).
std::optional<std::array<Cycle, 2>> frame_cycles(const TorusN& t, int v, const std::vector<std::int64_t>& h0,
                                                 std::int64_t g, std::int64_t h) {
  const auto m = static_cast<std::int64_t>(h0.size());
  const std::int64_t d = t.side[static_cast<std::size_t>(v)];
  std::array<std::vector<std::int64_t>, 2> frame;
  if (g == 0) {
    const HamiltonCycles f = hamilton_cycles(std::vector<std::int64_t>{m, d});
    if (!f.found) return std::nullopt;
    frame = {f.cycles[0], f.cycles[1]};
  } else {
    auto f = diagonal_frame(m, d, g, h);
    if (!f) return std::nullopt;
    frame = std::move(f->cycles);
  }
  std::array<Cycle, 2> K;
  for (std::size_t q = 0; q < 2; ++q) {
    K[q].pos.assign(static_cast<std::size_t>(t.nodes), -1);
    for (std::int64_t x : frame[q]) {
      const std::int64_t node = h0[static_cast<std::size_t>(x % m)] + (x / m) * t.stride[static_cast<std::size_t>(v)];
      K[q].pos[static_cast<std::size_t>(node)] = static_cast<std::int64_t>(K[q].seq.size());
      K[q].seq.push_back(node);
    }
  }
  return K;
}

// The layer cycles with H_r first (the frame's), then the others in their order.
std::vector<std::vector<std::int64_t>> rotated(const std::vector<std::vector<std::int64_t>>& layer, int r) {
  std::vector<std::vector<std::int64_t>> out{layer[static_cast<std::size_t>(r)]};
  for (std::size_t i = 0; i < layer.size(); ++i) {
    if (static_cast<int>(i) != r) out.push_back(layer[i]);
  }
  return out;
}

struct SquarePick {
  std::int64_t length = -1;
  std::int64_t e = -1;
  int q = 0;
  std::pair<std::int64_t, std::int64_t> chord;
};

// The shortest admissible square for Y_i (layer cycle i >= 1) in row k, or length -1.
SquarePick best_square(const TorusN& t, int v, const std::vector<std::int64_t>& cyc, std::int64_t k,
                 std::int64_t previous, const std::vector<std::int64_t>& busy, const std::array<Cycle, 2>& K,
                 const std::array<std::vector<std::pair<std::int64_t, std::int64_t>>, 2>& chords) {
  const std::int64_t lift = t.stride[static_cast<std::size_t>(v)];
  const auto m = static_cast<std::int64_t>(cyc.size());
  SquarePick best;
  for (std::int64_t e = 0; e < m; ++e) {
    if (e == previous) continue;
    const std::int64_t u = cyc[static_cast<std::size_t>(e)];
    const std::int64_t w = cyc[static_cast<std::size_t>((e + 1) % m)];
    if (std::find(busy.begin(), busy.end(), u) != busy.end() || std::find(busy.begin(), busy.end(), w) != busy.end()) continue;
    for (int q = 0; q < 2; ++q) {
      const auto& kc = K[static_cast<std::size_t>(q)];
      const auto a = vertical_on(kc, u + k * lift, u + (k + 1) * lift);
      const auto b = vertical_on(kc, w + k * lift, w + (k + 1) * lift);
      if (!a || !b || a->way != b->way) continue;
      const std::pair<std::int64_t, std::int64_t> chord{std::min(a->at, b->at), std::max(a->at, b->at)};
      const auto& mine = chords[static_cast<std::size_t>(q)];
      if (std::any_of(mine.begin(), mine.end(), [&](const auto& o) { return crosses(chord, o); })) continue;
      const std::int64_t span = chord.second - chord.first;
      const std::int64_t length = std::min(span, t.nodes - span);
      if (best.length < 0 || length < best.length) best = {length, e, q, chord};
    }
  }
  return best;
}

// One square per row 0..d-2 for every Y_i (see the header); nullopt when some row has none.
std::optional<std::vector<LiftSquare>> choose_squares(const TorusN& t, int v,
                                                      const std::vector<std::vector<std::int64_t>>& layer,
                                                      const std::array<Cycle, 2>& K) {
  const std::int64_t d = t.side[static_cast<std::size_t>(v)];
  std::array<std::vector<std::pair<std::int64_t, std::int64_t>>, 2> chords;
  std::vector<std::int64_t> previous(layer.size(), -1);
  std::vector<LiftSquare> out;
  for (std::int64_t k = 0; k + 1 < d; ++k) {
    std::vector<std::int64_t> busy;  // nodes whose vertical link in row k a square already took
    for (std::size_t i = 1; i < layer.size(); ++i) {
      const SquarePick p = best_square(t, v, layer[i], k, previous[i], busy, K, chords);
      if (p.length < 0) return std::nullopt;
      const auto m = static_cast<std::int64_t>(layer[i].size());
      const std::int64_t u = layer[i][static_cast<std::size_t>(p.e)];
      const std::int64_t w = layer[i][static_cast<std::size_t>((p.e + 1) % m)];
      chords[static_cast<std::size_t>(p.q)].push_back(p.chord);
      busy.push_back(u);
      busy.push_back(w);
      previous[i] = p.e;
      out.push_back({static_cast<int>(i) + 1, u, w, k, p.q});
    }
  }
  return out;
}

// Colours of every link: K1 = 0, K2 = 1, Y_i = i + 1 (H_i in every layer), then the squares.
std::vector<std::int8_t> colour_links(const TorusN& t, int v, const std::vector<std::vector<std::int64_t>>& layer,
                                      const std::array<Cycle, 2>& K, const std::vector<LiftSquare>& squares) {
  std::vector<std::int8_t> colour(static_cast<std::size_t>(t.dims() * t.nodes), -1);
  auto set = [&](std::int64_t a, std::int64_t b, int q) {
    colour[static_cast<std::size_t>(t.link(a, b))] = static_cast<std::int8_t>(q);
  };
  for (std::size_t q = 0; q < 2; ++q) {
    const auto& s = K[q].seq;
    for (std::size_t x = 0; x < s.size(); ++x) set(s[x], s[(x + 1) % s.size()], static_cast<int>(q));
  }
  const std::int64_t lift = t.stride[static_cast<std::size_t>(v)];
  for (std::size_t i = 1; i < layer.size(); ++i) {
    const auto m = layer[i].size();
    for (std::int64_t z = 0; z < t.side[static_cast<std::size_t>(v)]; ++z) {
      for (std::size_t x = 0; x < m; ++x) set(layer[i][x] + z * lift, layer[i][(x + 1) % m] + z * lift, static_cast<int>(i) + 1);
    }
  }
  CV_ASSERT(std::count(colour.begin(), colour.end(), -1) == 0,
            "hamilton_lift: K1, K2 and the layer cycles do not cover every link");
  for (const LiftSquare& s : squares) {
    const std::int64_t lo = s.row * lift;
    const std::int64_t hi = (s.row + 1) * lift;
    set(s.u + lo, s.u + hi, s.colour);
    set(s.w + lo, s.w + hi, s.colour);
    set(s.u + lo, s.w + lo, s.k_cycle);
    set(s.u + hi, s.w + hi, s.k_cycle);
  }
  return colour;
}

// The colour-q cycle through node 0 (first step to the smaller neighbour); shorter than N when
// the colour is not one cycle.
std::vector<std::int64_t> trace(const TorusN& t, const std::vector<std::int8_t>& colour, int q) {
  auto neighbours = [&](std::int64_t v) {
    std::vector<std::int64_t> out;
    for (int d = 0; d < t.dims(); ++d) {
      const std::int64_t down = t.step(v, d, -1);
      if (colour[static_cast<std::size_t>(t.dims() * v + d)] == q) out.push_back(t.step(v, d, +1));
      if (colour[static_cast<std::size_t>(t.dims() * down + d)] == q) out.push_back(down);
    }
    CV_ASSERT(out.size() == 2, "hamilton_lift: a colour lost its 2-regularity");
    return out;
  };
  return exchange::walk_cycle(t.nodes, neighbours);
}

// The frames tried for a frame of m x d nodes: (0, 0) the closed form, then (g, h) diagonal.
std::vector<std::pair<std::int64_t, std::int64_t>> frames(std::int64_t m, std::int64_t d) {
  std::vector<std::pair<std::int64_t, std::int64_t>> out{{0, 0}};
  for (std::int64_t g = 4; g <= std::min(m, d); ++g) {
    if (m % g != 0 || d % g != 0) continue;
    for (std::int64_t h = 1; h < g; ++h) out.emplace_back(g, h);
  }
  return out;
}

}  // namespace

std::optional<LiftDecomposition> hamilton_lift(std::span<const std::int64_t> sides) {
  CV_ASSERT(sides.size() >= 4, "hamilton_lift takes four or more sides");
  const TorusN t(sides);
  for (int v = t.dims() - 1; v >= 0; --v) {
    const auto layer = layer_cycles(t, v);
    if (!layer) continue;
    const std::int64_t m = t.nodes / t.side[static_cast<std::size_t>(v)];
    for (int r = 0; r < static_cast<int>(layer->size()); ++r) {
      const auto cycles = rotated(*layer, r);
      for (const auto& [g, h] : frames(m, t.side[static_cast<std::size_t>(v)])) {
        const auto K = frame_cycles(t, v, cycles[0], g, h);
        if (!K) continue;
        auto squares = choose_squares(t, v, cycles, *K);
        if (!squares) continue;
        LiftDecomposition out{v, r, g, h, std::move(*squares), {}};
        out.cycles = lift_cycles(sides, out);
        return out;
      }
    }
  }
  return std::nullopt;
}

std::vector<std::vector<std::int64_t>> lift_cycles(std::span<const std::int64_t> sides,
                                                   const LiftDecomposition& plan) {
  const TorusN t(sides);
  const auto layer = layer_cycles(t, plan.vertical);
  CV_ASSERT(layer.has_value(), "lift_cycles: no layer construction");
  const auto cycles = rotated(*layer, plan.frame_cycle);
  const auto K = frame_cycles(t, plan.vertical, cycles[0], plan.frame_g, plan.frame_h);
  CV_ASSERT(K.has_value(), "lift_cycles: no frame cycles");
  const std::vector<std::int8_t> colour = colour_links(t, plan.vertical, cycles, *K, plan.squares);
  std::vector<std::vector<std::int64_t>> out;
  for (int q = 0; q < t.dims(); ++q) out.push_back(trace(t, colour, q));
  return out;
}

}  // namespace collverify::torus
