#include "reference/torus/hamilton_frame.hpp"

#include <algorithm>
#include <numeric>

#include "model/error.hpp"
#include "reference/torus/hamilton_exchange.hpp"

namespace collverify::torus {

namespace {

// Link ids: 2 v + 0 the right link (p,z)-(p+1,z), 2 v + 1 the up link (p,z)-(p,z+1).
struct Frame {
  std::int64_t n, c, g, h;
  std::int64_t nodes() const { return n * c; }
  std::int64_t right(std::int64_t v) const { return (v % n + 1) % n + (v / n) * n; }
  std::int64_t up(std::int64_t v) const { return (v + n) % (n * c); }
  bool in_h(std::int64_t v) const { return (v % n + v / n) % g < h; }
  // The successor of v along colour q before any exchange (D = 1 right on the low classes).
  std::int64_t next(std::int64_t v, int q) const { return (in_h(v) == (q == 1)) ? right(v) : up(v); }
};

// Each colour's cycles before any exchange: a label per node and each node's index on its cycle.
struct Cycles {
  std::vector<std::int64_t> label;
  std::vector<std::int64_t> pos;
  std::int64_t count = 0;
};

Cycles initial_cycles(const Frame& f, int q) {
  Cycles out;
  out.label.assign(static_cast<std::size_t>(f.nodes()), -1);
  out.pos.assign(static_cast<std::size_t>(f.nodes()), -1);
  for (std::int64_t s = 0; s < f.nodes(); ++s) {
    if (out.label[static_cast<std::size_t>(s)] >= 0) continue;
    std::int64_t v = s;
    std::int64_t i = 0;
    do {
      out.label[static_cast<std::size_t>(v)] = out.count;
      out.pos[static_cast<std::size_t>(v)] = i++;
      v = f.next(v, q);
    } while (v != s);
    ++out.count;
  }
  return out;
}

using exchange::crosses;

// The state of one colour while squares are exchanged: merges (union-find over its starting
// cycles) when it starts with several cycles, twists (non-crossing chords) when it starts as one.
struct ColourState {
  Cycles start;
  std::vector<std::int64_t> parent;
  std::int64_t remaining = 0;
  std::vector<std::pair<std::int64_t, std::int64_t>> chords;
  explicit ColourState(Cycles c) : start(std::move(c)), remaining(start.count) {
    parent.resize(static_cast<std::size_t>(start.count));
    std::iota(parent.begin(), parent.end(), 0);
  }
  std::int64_t find(std::int64_t x) {
    while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
    return x;
  }
  // The links leaving t0 and t1 (both forwards on this colour's starting cycles): admissible?
  bool admits(std::int64_t t0, std::int64_t t1) {
    if (start.count > 1) {
      return remaining > 1 && find(start.label[static_cast<std::size_t>(t0)]) != find(start.label[static_cast<std::size_t>(t1)]);
    }
    const auto chord = std::minmax(start.pos[static_cast<std::size_t>(t0)], start.pos[static_cast<std::size_t>(t1)]);
    return std::none_of(chords.begin(), chords.end(), [&](const auto& o) { return crosses(chord, o); });
  }
  void take(std::int64_t t0, std::int64_t t1) {
    if (start.count > 1) {
      parent[static_cast<std::size_t>(find(start.label[static_cast<std::size_t>(t0)]))] = find(start.label[static_cast<std::size_t>(t1)]);
      --remaining;
      return;
    }
    chords.push_back(std::minmax(start.pos[static_cast<std::size_t>(t0)], start.pos[static_cast<std::size_t>(t1)]));
  }
};

// The colour-q cycle through node 0 over the links of `colour` (shorter than n c when it is not
// one cycle).
std::vector<std::int64_t> trace(const Frame& f, const std::vector<std::int8_t>& colour, int q) {
  const auto at = [&](std::int64_t link) { return colour[static_cast<std::size_t>(link)] == q; };
  const auto neighbours = [&](std::int64_t v) {
    const std::int64_t left = (v % f.n + f.n - 1) % f.n + (v / f.n) * f.n;
    const std::int64_t down = (v + f.nodes() - f.n) % f.nodes();
    std::vector<std::int64_t> out;
    if (at(2 * v)) out.push_back(f.right(v));
    if (at(2 * left)) out.push_back(left);
    if (at(2 * v + 1)) out.push_back(f.up(v));
    if (at(2 * down + 1)) out.push_back(down);
    CV_ASSERT(out.size() == 2, "diagonal_frame: a colour lost its 2-regularity");
    return out;
  };
  return exchange::walk_cycle(f.nodes(), neighbours);
}

}  // namespace

std::array<std::vector<std::vector<std::int64_t>>, 2> diagonal_frame_cycles(std::int64_t n, std::int64_t c,
                                                                           std::int64_t g, std::int64_t h) {
  CV_ASSERT(n >= 3 && c >= 3 && g >= 2 && n % g == 0 && c % g == 0 && h >= 1 && h < g,
            "diagonal_frame_cycles: g must divide both sides and 1 <= h < g");
  const Frame f{n, c, g, h};
  std::array<std::vector<std::vector<std::int64_t>>, 2> out;
  for (int q = 0; q < 2; ++q) {
    std::vector<bool> seen(static_cast<std::size_t>(f.nodes()), false);
    for (std::int64_t s = 0; s < f.nodes(); ++s) {
      if (seen[static_cast<std::size_t>(s)]) continue;
      auto& cycle = out[static_cast<std::size_t>(q)].emplace_back();
      for (std::int64_t v = s; !seen[static_cast<std::size_t>(v)]; v = f.next(v, q)) {
        seen[static_cast<std::size_t>(v)] = true;
        cycle.push_back(v);
      }
    }
  }
  return out;
}

std::optional<DiagonalFrame> diagonal_frame(std::int64_t n, std::int64_t c, std::int64_t g,
                                            std::int64_t h) {
  CV_ASSERT(n >= 3 && c >= 3 && g >= 2 && n % g == 0 && c % g == 0 && h >= 1 && h < g,
            "diagonal_frame: g must divide both sides and 1 <= h < g");
  const Frame f{n, c, g, h};
  std::vector<std::int8_t> colour(static_cast<std::size_t>(2 * f.nodes()));
  for (std::int64_t v = 0; v < f.nodes(); ++v) {
    colour[static_cast<std::size_t>(2 * v)] = f.in_h(v) ? 1 : 0;
    colour[static_cast<std::size_t>(2 * v + 1)] = f.in_h(v) ? 0 : 1;
  }
  std::array<ColourState, 2> state{ColourState(initial_cycles(f, 0)), ColourState(initial_cycles(f, 1))};
  std::vector<bool> used(colour.size(), false);
  DiagonalFrame out{g, h, 0, {}};
  for (std::int64_t v = 0; v < f.nodes() && (state[0].remaining > 1 || state[1].remaining > 1); ++v) {
    const std::int64_t vs = v;  // the square with lower-left corner v, in (z, p) order
    const std::int64_t vr = f.right(vs);
    const std::int64_t vu = f.up(vs);
    const std::array<std::int64_t, 4> links{2 * vs, 2 * vu, 2 * vs + 1, 2 * vr + 1};
    const int a = colour[static_cast<std::size_t>(links[0])];
    if (colour[static_cast<std::size_t>(links[1])] != a || colour[static_cast<std::size_t>(links[2])] == a ||
        colour[static_cast<std::size_t>(links[3])] == a) {
      continue;
    }
    if (std::any_of(links.begin(), links.end(), [&](std::int64_t l) { return used[static_cast<std::size_t>(l)]; })) continue;
    auto& rows = state[static_cast<std::size_t>(a)];
    auto& ups = state[static_cast<std::size_t>(1 - a)];
    if (!rows.admits(vs, vu) || !ups.admits(vs, vr)) continue;
    rows.take(vs, vu);
    ups.take(vs, vr);
    for (std::int64_t l : links) {
      used[static_cast<std::size_t>(l)] = true;
      colour[static_cast<std::size_t>(l)] = static_cast<std::int8_t>(1 - colour[static_cast<std::size_t>(l)]);
    }
    ++out.exchanged;
  }
  for (int q = 0; q < 2; ++q) {
    out.cycles[static_cast<std::size_t>(q)] = trace(f, colour, q);
    if (static_cast<std::int64_t>(out.cycles[static_cast<std::size_t>(q)].size()) != f.nodes()) return std::nullopt;
  }
  return out;
}

}  // namespace collverify::torus
