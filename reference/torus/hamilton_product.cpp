#include "reference/torus/hamilton_product.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "model/error.hpp"
#include "reference/torus/hamilton_cycles.hpp"
#include "reference/torus/hamilton_frame.hpp"

namespace collverify::torus {

namespace {

constexpr int kOffsets = 4;  // starts of H1 tried per vertical dimension and role
constexpr int kPicks = 4;    // merge trees tried per merging frame (merge_rows' pick)

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

// One Hamiltonian cycle K of the frame, as 3D nodes, with each node's position on it.
// With a merging frame K is several cycles: seq lists them one after another, cycle x in
// seq[first[x], first[x] + length[x]); label gives each node's cycle (all 0 for one cycle).
struct FrameCycle {
  std::vector<std::int64_t> seq;
  std::vector<std::int64_t> pos;
  std::vector<std::int64_t> label;
  std::vector<std::int64_t> first;
  std::vector<std::int64_t> length;
  std::int64_t count() const { return static_cast<std::int64_t>(first.size()); }
};

// A vertical link of K at column u (a layer-0 node), row k: its position on K (the t with
// {seq[t], seq[t+1]} = the link) and the way K runs through it (+1 up, -1 down); nullopt when
// the link is not on K.
struct FrameOnCycle {
  std::int64_t at = 0;
  int way = 0;
  std::int64_t label = 0;  // which of K's cycles
};
std::optional<FrameOnCycle> frame_vertical_on(const FrameCycle& K, std::int64_t lower, std::int64_t upper) {
  const std::int64_t x = K.label[static_cast<std::size_t>(lower)];
  if (K.label[static_cast<std::size_t>(upper)] != x) return std::nullopt;
  const std::int64_t f = K.first[static_cast<std::size_t>(x)];
  const std::int64_t N = K.length[static_cast<std::size_t>(x)];
  const std::int64_t a = K.pos[static_cast<std::size_t>(lower)] - f;
  const std::int64_t b = K.pos[static_cast<std::size_t>(upper)] - f;
  if ((a + 1) % N == b) return FrameOnCycle{a + f, +1, x};
  if ((b + 1) % N == a) return FrameOnCycle{b + f, -1, x};
  return std::nullopt;
}

// Union-find over the cycles of one K (the merging frame; a single cycle never merges).
struct Merges {
  std::vector<std::int64_t> parent;
  std::int64_t components = 0;
  explicit Merges(std::int64_t count) : components(count) {
    for (std::int64_t x = 0; x < count; ++x) parent.push_back(x);
  }
  std::int64_t find(std::int64_t x) {
    while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)];
    return x;
  }
  void join(std::int64_t x, std::int64_t y) {
    parent[static_cast<std::size_t>(find(x))] = find(y);
    --components;
  }
};


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
std::optional<Layers> layer_cycles(const Torus3& t, int v, bool swap, std::int64_t offset,
                                   bool reversed) {
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
  for (std::int64_t x = 0; x < n; ++x) {
    const std::int64_t at = reversed ? ((offset - x) % n + n) % n : (x + offset) % n;
    L.h1.push_back(to3(first[static_cast<std::size_t>(at)]));
  }
  for (std::int64_t x : second) L.h2.push_back(to3(x));
  return L;
}

// K1, K2: a Hamiltonian decomposition of the frame C_n x C_c, frame node p + n z = H1[p] in layer
// z: the closed form (g = 0) or the diagonal frame with parameters g, h.
std::optional<std::array<FrameCycle, 2>> frame_cycles(const Torus3& t, const Layers& L, std::int64_t g,
                                                 std::int64_t h, bool merging) {
  const auto n = static_cast<std::int64_t>(L.h1.size());
  const std::int64_t c = t.side[static_cast<std::size_t>(L.v)];
  std::array<std::vector<std::vector<std::int64_t>>, 2> frame;
  if (g == 0) {
    const HamiltonCycles f = hamilton_cycles(std::vector<std::int64_t>{n, c});
    if (!f.found) return std::nullopt;
    frame = {{{f.cycles[0]}, {f.cycles[1]}}};
  } else if (merging) {
    frame = diagonal_frame_cycles(n, c, g, h);
  } else {
    auto f = diagonal_frame(n, c, g, h);
    if (!f) return std::nullopt;
    frame = {{{std::move(f->cycles[0])}, {std::move(f->cycles[1])}}};
  }
  std::array<FrameCycle, 2> K;
  for (std::size_t q = 0; q < 2; ++q) {
    K[q].pos.assign(static_cast<std::size_t>(t.nodes), -1);
    K[q].label.assign(static_cast<std::size_t>(t.nodes), -1);
    for (const auto& cycle : frame[q]) {
      K[q].first.push_back(static_cast<std::int64_t>(K[q].seq.size()));
      K[q].length.push_back(static_cast<std::int64_t>(cycle.size()));
      for (std::int64_t x : cycle) {
        const std::int64_t node = L.h1[static_cast<std::size_t>(x % n)] + (x / n) * t.stride[static_cast<std::size_t>(L.v)];
        K[q].pos[static_cast<std::size_t>(node)] = static_cast<std::int64_t>(K[q].seq.size());
        K[q].label[static_cast<std::size_t>(node)] = K[q].count() - 1;
        K[q].seq.push_back(node);
      }
    }
  }
  return K;
}

// Units on one K (Lemma 2'): the positions on K of the vertical links of a twist (two) or of a
// split-and-rejoin pair (four). Two units do not cross when all links of one lie in one gap
// between consecutive links of the other.
using Unit = std::vector<std::int64_t>;
bool units_cross(const Unit& x, const Unit& y) {
  Unit sorted = y;
  std::sort(sorted.begin(), sorted.end());
  const auto gap = [&](std::int64_t p) {
    const auto below = std::lower_bound(sorted.begin(), sorted.end(), p) - sorted.begin();
    return below % static_cast<std::int64_t>(sorted.size());  // gap 0 wraps round
  };
  return std::any_of(x.begin(), x.end(), [&](std::int64_t p) { return gap(p) != gap(x[0]); });
}

// One candidate square of row k on K_q: its two vertical links on K_q (nullopt when not both).
struct SquareCandidate {
  std::int64_t e = 0;
  int q = 0;
  FrameOnCycle a, b;
};
std::optional<SquareCandidate> candidate(const Torus3& t, const Layers& L, const std::array<FrameCycle, 2>& K,
                                   std::int64_t k, std::int64_t e, int q) {
  const std::int64_t c = t.side[static_cast<std::size_t>(L.v)];
  const std::int64_t lift = t.stride[static_cast<std::size_t>(L.v)];
  const auto n = static_cast<std::int64_t>(L.h2.size());
  const std::int64_t u = L.h2[static_cast<std::size_t>(e)];
  const std::int64_t w = L.h2[static_cast<std::size_t>((e + 1) % n)];
  const auto a = frame_vertical_on(K[static_cast<std::size_t>(q)], u + k * lift, u + ((k + 1) % c) * lift);
  const auto b = frame_vertical_on(K[static_cast<std::size_t>(q)], w + k * lift, w + ((k + 1) % c) * lift);
  if (!a || !b) return std::nullopt;
  return SquareCandidate{e, q, *a, *b};
}

// Row k's twist with the shortest chord (fewest links of its K between the two vertical links,
// either way round) that crosses no unit taken; nullopt when none.
std::optional<SquareCandidate> best_twist(const Torus3& t, const Layers& L, const std::array<FrameCycle, 2>& K,
                                    std::int64_t k, std::int64_t previous,
                                    const std::array<std::vector<Unit>, 2>& units) {
  std::optional<SquareCandidate> best;
  std::int64_t best_length = t.nodes + 1;
  for (std::int64_t e = 0; e < static_cast<std::int64_t>(L.h2.size()); ++e) {
    if (e == previous) continue;
    for (int q = 0; q < 2; ++q) {
      const auto x = candidate(t, L, K, k, e, q);
      if (!x || x->a.way != x->b.way) continue;
      const Unit unit{x->a.at, x->b.at};
      const auto& mine = units[static_cast<std::size_t>(q)];
      if (std::any_of(mine.begin(), mine.end(), [&](const Unit& o) { return units_cross(unit, o); })) continue;
      const std::int64_t span = std::max(x->a.at, x->b.at) - std::min(x->a.at, x->b.at);
      const std::int64_t length = std::min(span, t.nodes - span);
      if (length < best_length) {
        best_length = length;
        best = x;
      }
    }
  }
  return best;
}

// A split-and-rejoin pair (Lemma 4): S in row k, run opposite ways on its K, and M in row k + 1 on
// the same K, whose two links S separates; the four links cross no unit taken. First in H2's order.
std::optional<std::pair<SquareCandidate, SquareCandidate>> first_pair(const Torus3& t, const Layers& L,
                                                          const std::array<FrameCycle, 2>& K, std::int64_t k,
                                                          std::int64_t previous,
                                                          const std::array<std::vector<Unit>, 2>& units) {
  const std::int64_t c = t.side[static_cast<std::size_t>(L.v)];
  const auto n = static_cast<std::int64_t>(L.h2.size());
  for (std::int64_t e = 0; e < n; ++e) {
    if (e == previous) continue;
    for (int q = 0; q < 2; ++q) {
      const auto S = candidate(t, L, K, k, e, q);
      if (!S || S->a.way == S->b.way) continue;
      for (std::int64_t f = 0; f < n; ++f) {
        if (f == e) continue;
        const auto M = candidate(t, L, K, (k + 1) % c, f, q);
        if (!M || !units_cross(Unit{M->a.at, M->b.at}, Unit{S->a.at, S->b.at})) continue;
        const Unit unit{S->a.at, S->b.at, M->a.at, M->b.at};
        const auto& mine = units[static_cast<std::size_t>(q)];
        if (std::any_of(mine.begin(), mine.end(), [&](const Unit& o) { return units_cross(unit, o); })) continue;
        return std::pair{*S, *M};
      }
    }
  }
  return std::nullopt;
}

// The squares of rows skip + step, ..., skip - 1 (mod c) on K (each K one cycle): row by row the
// best twist; with `pairs`, a row without one may start a split-and-rejoin pair with the next row.
// nullopt when a row has neither. `previous` is the H2 edge of the row before (-1: none).
std::optional<std::vector<ProductSquare>> twist_rows(const Torus3& t, const Layers& L,
                                                     const std::array<FrameCycle, 2>& K, std::int64_t skip,
                                                     std::int64_t step, std::int64_t previous, bool pairs) {
  const std::int64_t c = t.side[static_cast<std::size_t>(L.v)];
  const auto n = static_cast<std::int64_t>(L.h2.size());
  std::array<std::vector<Unit>, 2> units;
  std::vector<ProductSquare> out;
  const auto square = [&](const SquareCandidate& x, std::int64_t k) {
    return ProductSquare{L.v, L.h2[static_cast<std::size_t>(x.e)], L.h2[static_cast<std::size_t>((x.e + 1) % n)], k, x.q, false};
  };
  while (step < c) {
    const std::int64_t k = (skip + step) % c;
    if (const auto x = best_twist(t, L, K, k, previous, units)) {
      units[static_cast<std::size_t>(x->q)].push_back(Unit{x->a.at, x->b.at});
      out.push_back(square(*x, k));
      previous = x->e;
      ++step;
      continue;
    }
    if (!pairs || step + 1 >= c) return std::nullopt;
    const auto sm = first_pair(t, L, K, k, previous, units);
    if (!sm) return std::nullopt;
    const auto& [S, M] = *sm;
    units[static_cast<std::size_t>(S.q)].push_back(Unit{S.a.at, S.b.at, M.a.at, M.b.at});
    out.push_back(square(S, k));
    out.push_back(square(M, (k + 1) % c));
    out.back().rejoins = true;
    previous = M.e;
    step += 2;
  }
  return out;
}

std::vector<std::int8_t> colour_links(const Torus3& t, const Layers& L, const std::array<FrameCycle, 2>& K,
                                      const std::vector<ProductSquare>& squares);

// The merging frame's first rows: one merge square per row (its two vertical links on two
// cycles of one K not yet joined, Lemma 1; the first in H2's order, K1 first) until each K is one
// cycle; nullopt when a row has none first. Returns the merge squares and each K after them,
// traced as one Hamiltonian cycle of T (a spanning tree of merges leaves exactly one).
struct Merged {
  std::vector<ProductSquare> squares;
  std::array<FrameCycle, 2> K;
};
std::optional<Merged> merge_rows(const Torus3& t, const Layers& L, const std::array<FrameCycle, 2>& K,
                                 std::int64_t skip, std::int64_t pick) {
  const std::int64_t c = t.side[static_cast<std::size_t>(L.v)];
  const std::int64_t lift = t.stride[static_cast<std::size_t>(L.v)];
  const auto n = static_cast<std::int64_t>(L.h2.size());
  std::array<Merges, 2> joined{Merges(K[0].count()), Merges(K[1].count())};
  Merged out;
  std::int64_t previous = -1;
  for (std::int64_t step = 1; joined[0].components + joined[1].components > 2; ++step) {
    if (step >= c) return std::nullopt;
    const std::int64_t k = (skip + step) % c;
    // The first candidate of each kind (colour, the two parts joined), kinds in H2's order.
    std::vector<std::array<std::int64_t, 4>> kinds;  // e, q, part of u, part of w
    for (std::int64_t e = 0; e < n; ++e) {
      if (e == previous) continue;
      const std::int64_t u = L.h2[static_cast<std::size_t>(e)];
      const std::int64_t w = L.h2[static_cast<std::size_t>((e + 1) % n)];
      for (int q = 0; q < 2; ++q) {
        const auto a = frame_vertical_on(K[static_cast<std::size_t>(q)], u + k * lift, u + ((k + 1) % c) * lift);
        const auto b = frame_vertical_on(K[static_cast<std::size_t>(q)], w + k * lift, w + ((k + 1) % c) * lift);
        auto& m = joined[static_cast<std::size_t>(q)];
        if (!a || !b || m.find(a->label) == m.find(b->label)) continue;
        const std::pair<std::int64_t, std::int64_t> x = std::minmax(m.find(a->label), m.find(b->label));
        if (std::none_of(kinds.begin(), kinds.end(), [&](const auto& o) { return o[1] == q && o[2] == x.first && o[3] == x.second; })) {
          kinds.push_back({e, q, x.first, x.second});
        }
      }
    }
    if (kinds.empty()) return std::nullopt;
    const auto& chosen = kinds[static_cast<std::size_t>(pick % static_cast<std::int64_t>(kinds.size()))];
    joined[static_cast<std::size_t>(chosen[1])].join(chosen[2], chosen[3]);
    out.squares.push_back({L.v, L.h2[static_cast<std::size_t>(chosen[0])], L.h2[static_cast<std::size_t>((chosen[0] + 1) % n)], k, static_cast<int>(chosen[1]), false});
    previous = chosen[0];
  }
  const std::vector<std::int8_t> colour = colour_links(t, L, K, out.squares);
  for (std::size_t q = 0; q < 2; ++q) {
    FrameCycle& one = out.K[q];
    one.seq = trace(t, colour, static_cast<int>(q));
    CV_ASSERT(static_cast<std::int64_t>(one.seq.size()) == t.nodes, "hamilton_product_3d: a spanning tree of merges left several cycles");
    one.pos.assign(static_cast<std::size_t>(t.nodes), -1);
    for (std::size_t x = 0; x < one.seq.size(); ++x) one.pos[static_cast<std::size_t>(one.seq[x])] = static_cast<std::int64_t>(x);
    one.label.assign(static_cast<std::size_t>(t.nodes), 0);
    one.first = {0};
    one.length = {t.nodes};
  }
  return out;
}

// One square per row skip + 1, ..., skip - 1 (mod c): with a merging frame first the merges
// (merge_rows), then twists on the merged cycles; otherwise twists only (see the header).
std::optional<std::vector<ProductSquare>> choose_squares(const Torus3& t, const Layers& L,
                                                         const std::array<FrameCycle, 2>& K,
                                                         std::int64_t skip, std::int64_t pick, bool pairs) {
  if (K[0].count() == 1 && K[1].count() == 1) return twist_rows(t, L, K, skip, 1, -1, pairs);
  auto merged = merge_rows(t, L, K, skip, pick);
  if (!merged) return std::nullopt;
  const auto n = static_cast<std::int64_t>(L.h2.size());
  std::int64_t previous = -1;
  if (!merged->squares.empty()) {
    const auto it = std::find(L.h2.begin(), L.h2.end(), merged->squares.back().u);
    previous = it - L.h2.begin();
    CV_ASSERT(L.h2[static_cast<std::size_t>((previous + 1) % n)] == merged->squares.back().w, "merge_rows: an edge off H2");
  }
  const auto step = static_cast<std::int64_t>(merged->squares.size()) + 1;
  auto twists = twist_rows(t, L, merged->K, skip, step, previous, pairs);
  if (!twists) return std::nullopt;
  merged->squares.insert(merged->squares.end(), twists->begin(), twists->end());
  return merged->squares;
}

// Colours of every link (3 v + d): K1 = 0, K2 = 1, Y = 2, then the squares exchanged.
std::vector<std::int8_t> colour_links(const Torus3& t, const Layers& L, const std::array<FrameCycle, 2>& K,
                                      const std::vector<ProductSquare>& squares) {
  std::vector<std::int8_t> colour(static_cast<std::size_t>(3 * t.nodes), -1);
  auto set = [&](std::int64_t a, std::int64_t b, int q) {
    colour[static_cast<std::size_t>(t.link(a, b))] = static_cast<std::int8_t>(q);
  };
  for (std::size_t q = 0; q < 2; ++q) {
    for (std::int64_t x = 0; x < K[q].count(); ++x) {
      const std::int64_t f = K[q].first[static_cast<std::size_t>(x)];
      const std::int64_t len = K[q].length[static_cast<std::size_t>(x)];
      for (std::int64_t y = 0; y < len; ++y) {
        set(K[q].seq[static_cast<std::size_t>(f + y)], K[q].seq[static_cast<std::size_t>(f + (y + 1) % len)], static_cast<int>(q));
      }
    }
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
    const std::int64_t hi = ((s.row + 1) % t.side[static_cast<std::size_t>(L.v)]) * lift;
    set(s.u + lo, s.u + hi, 2);
    set(s.w + lo, s.w + hi, 2);
    set(s.u + lo, s.w + lo, s.k_cycle);
    set(s.u + hi, s.w + hi, s.k_cycle);
  }
  return colour;
}

// After the variants above (so every torus they cover keeps its answer): the merging frames, the
// diagonal frame without frame exchanges whose several cycles per colour the product squares
// merge (vertical dimension 2, 1, 0; g >= 4 dividing n and c; h = 1..g-1; H1 and H2 as given,
// then exchanged).
void append_merging_variants(const Torus3& t, std::vector<ProductDecomposition>& out) {
  for (int v = 2; v >= 0; --v) {
    const std::int64_t c = t.side[static_cast<std::size_t>(v)];
    const std::int64_t n = t.nodes / c;
    for (std::int64_t g = 4; g <= std::min(n, c); ++g) {
      if (n % g != 0 || c % g != 0) continue;
      for (std::int64_t h = 1; h < g; ++h) {
        for (int shape = 0; shape < 2 * kPicks; ++shape) {
          ProductDecomposition p;
          p.vertical = v;
          p.frame_g = g;
          p.frame_h = h;
          p.swap = shape % 2 == 1;
          p.merging = true;
          p.merge_pick = shape / 2;
          out.push_back(p);
        }
      }
    }
  }
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
  append_merging_variants(t, out);
  // Last, every diagonal and merging frame again with split-and-rejoin pairs allowed.
  const std::size_t before = out.size();
  for (std::size_t x = 0; x < before; ++x) {
    if (out[x].frame_g == 0) continue;
    ProductDecomposition p = out[x];
    p.pairs = true;
    out.push_back(p);
  }
  // Then with H1 started at its nodes 1..g-1 and run backwards, and every row as the one left
  // without a square (a renumbering of the layers; the proof is unchanged).
  const std::size_t with_pairs = out.size();
  for (std::size_t x = before; x < with_pairs; ++x) {
    const std::int64_t c = t.side[static_cast<std::size_t>(out[x].vertical)];
    for (std::int64_t shape = 0; shape < 2 * out[x].frame_g; ++shape) {
      for (std::int64_t skip = 0; skip < c; ++skip) {
        ProductDecomposition p = out[x];
        p.offset = shape / 2;
        p.reversed = shape % 2 == 1;
        p.skip = skip;
        if (shape == 0 && skip == c - 1) continue;  // tried just above
        out.push_back(p);
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
    const auto L = layer_cycles(t, variant.vertical, variant.swap, variant.offset, variant.reversed);
    if (!L) continue;
    const auto K = frame_cycles(t, *L, variant.frame_g, variant.frame_h, variant.merging);
    if (!K) continue;
    const std::int64_t c = t.side[static_cast<std::size_t>(variant.vertical)];
    auto squares = choose_squares(t, *L, *K, variant.skip < 0 ? c - 1 : variant.skip,
                                  variant.merge_pick, variant.pairs);
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
  const auto L = layer_cycles(t, plan.vertical, plan.swap, plan.offset, plan.reversed);
  CV_ASSERT(L.has_value(), "product_cycles: no layer cycles");
  const auto K = frame_cycles(t, *L, plan.frame_g, plan.frame_h, plan.merging);
  CV_ASSERT(K.has_value(), "product_cycles: no frame cycles");
  const std::vector<std::int8_t> colour = colour_links(t, *L, *K, plan.squares);
  std::vector<std::vector<std::int64_t>> out;
  for (int q = 0; q < 3; ++q) out.push_back(trace(t, colour, q));
  return out;
}

}  // namespace collverify::torus
