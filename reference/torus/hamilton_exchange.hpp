// What the constructions that join cycles by square exchanges share (hamilton_lift,
// hamilton_frame; docs/RESULTS-tori-cycles.md "3D by product"; hamilton_product keeps its own
// for frames of several cycles): a Hamiltonian cycle with each node's position on it, where a
// vertical link lies on it and which way the cycle runs through it, and whether two chords of a
// cycle cross.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace collverify::torus::exchange {

// One Hamiltonian cycle K, as nodes, with each node's position on it.
struct Cycle {
  std::vector<std::int64_t> seq;
  std::vector<std::int64_t> pos;
};

// A vertical link {lower, upper} on K: its position on K (the t with {seq[t], seq[t+1]} = the
// link) and the way K runs through it (+1 up, -1 down).
struct OnCycle {
  std::int64_t at = 0;
  int way = 0;
};

// Where the link {lower, upper} lies on K; nullopt when it is not on K.
inline std::optional<OnCycle> vertical_on(const Cycle& K, std::int64_t lower, std::int64_t upper) {
  const auto N = static_cast<std::int64_t>(K.seq.size());
  const std::int64_t a = K.pos[static_cast<std::size_t>(lower)];
  const std::int64_t b = K.pos[static_cast<std::size_t>(upper)];
  if ((a + 1) % N == b) return OnCycle{a, +1};
  if ((b + 1) % N == a) return OnCycle{b, -1};
  return std::nullopt;
}

// Whether the chords x and y (pairs of positions, first < second) of one cycle cross.
inline bool crosses(std::pair<std::int64_t, std::int64_t> x, std::pair<std::int64_t, std::int64_t> y) {
  return (x.first < y.first && y.first < x.second && x.second < y.second) ||
         (y.first < x.first && x.first < y.second && y.second < x.second);
}

// The cycle through node 0 of a 2-regular colour, given each node's two neighbours on it: the
// walk starts towards the smaller neighbour and stops back at 0, or after `nodes` + 1 nodes (the
// caller compares the length with the number of nodes: shorter means not one cycle).
template <class Neighbours>
std::vector<std::int64_t> walk_cycle(std::int64_t nodes, Neighbours neighbours) {
  std::vector<std::int64_t> cycle{0};
  std::int64_t prev = -1;
  std::int64_t v = 0;
  while (static_cast<std::int64_t>(cycle.size()) <= nodes) {
    const auto nb = neighbours(v);
    const std::int64_t w = prev < 0 ? std::min(nb[0], nb[1]) : (nb[0] == prev ? nb[1] : nb[0]);
    if (w == 0) break;
    cycle.push_back(w);
    prev = v;
    v = w;
  }
  return cycle;
}

}  // namespace collverify::torus::exchange
