#include "reference/torus/hamilton_closed.hpp"

#include <algorithm>

#include "model/error.hpp"

namespace collverify::torus {

ClosedPlan closed_plan(std::int64_t a, std::int64_t b) {
  CV_ASSERT(a >= 3 && b >= 3, "closed_plan needs both sides >= 3");
  ClosedPlan p;
  p.a = a;
  p.b = b;
  p.long_dim = a >= b ? 0 : 1;
  p.long_side = std::max(a, b);
  p.short_side = std::min(a, b);
  const std::int64_t L = p.long_side;
  const std::int64_t S = p.short_side;
  std::int64_t staircase_rows = S - 1;  // rows 0 .. S-2
  if ((L - S) % 2 == 0) {
    p.pattern = 'A';
    p.pairs = (L - S) / 2;
  } else if (S % 2 == 1) {
    p.pattern = 'B';
    p.pairs = (L - S - 1) / 2;
    staircase_rows = S;  // rows 0 .. S-1, the last one wrapping to row 0
  } else {
    p.pattern = 'C';
    p.pairs = (L - S + 1) / 2;
  }
  for (std::int64_t i = 0; i < p.pairs; ++i) {
    p.squares.push_back({2 * i, 0});
    p.squares.push_back({2 * i + 1, 1});
  }
  for (std::int64_t j = 0; j < staircase_rows; ++j) p.squares.push_back({2 * p.pairs + j, j});
  CV_ASSERT(static_cast<std::int64_t>(p.squares.size()) == (p.pattern == 'C' ? L : L - 1),
            "closed_plan: one square per gap (every gap in C, all but gap L-1 otherwise)");
  return p;
}

std::vector<std::uint8_t> plan_colouring(const ClosedPlan& plan) {
  const std::int64_t a = plan.a;
  const std::int64_t N = plan.a * plan.b;
  std::vector<std::uint8_t> colour(static_cast<std::size_t>(2 * N));
  for (std::int64_t v = 0; v < N; ++v) {
    colour[static_cast<std::size_t>(2 * v)] = 0;
    colour[static_cast<std::size_t>(2 * v + 1)] = 1;
  }
  const int ld = plan.long_dim;
  const int sd = 1 - ld;
  // Frame (u along the long side, w along the short side) to node x + a y.
  const auto node = [&](std::int64_t u, std::int64_t w) {
    u %= plan.long_side;
    w %= plan.short_side;
    return ld == 0 ? u + a * w : w + a * u;
  };
  const auto flip = [&](std::int64_t v, int d, int from) {
    auto& c = colour[static_cast<std::size_t>(2 * v + d)];
    CV_ASSERT(c == from, "two exchange squares share a link");
    c = static_cast<std::uint8_t>(1 - from);
  };
  for (const ExchangeSquare& s : plan.squares) {
    flip(node(s.gap, s.row), ld, ld);
    flip(node(s.gap, s.row + 1), ld, ld);
    flip(node(s.gap, s.row), sd, sd);
    flip(node(s.gap + 1, s.row), sd, sd);
  }
  return colour;
}

std::vector<std::int64_t> colour_cycle(std::int64_t a, std::int64_t b,
                                       const std::vector<std::uint8_t>& colouring, int colour) {
  const std::int64_t N = a * b;
  CV_ASSERT(static_cast<std::int64_t>(colouring.size()) == 2 * N, "colouring of the wrong size");
  const auto at = [&](std::int64_t v, int d) { return colouring[static_cast<std::size_t>(2 * v + d)]; };
  // The two neighbours of v over links of `colour`.
  const auto neighbours = [&](std::int64_t v) {
    const std::int64_t x = v % a;
    const std::int64_t y = v / a;
    const std::int64_t cand[4] = {(x + 1) % a + a * y, (x + a - 1) % a + a * y,
                                  x + a * ((y + 1) % b), x + a * ((y + b - 1) % b)};
    const bool in[4] = {at(v, 0) == colour, at(cand[1], 0) == colour, at(v, 1) == colour,
                        at(cand[3], 1) == colour};
    std::int64_t out[2] = {-1, -1};
    int found = 0;
    for (int q = 0; q < 4; ++q) {
      if (!in[q]) continue;
      CV_ASSERT(found < 2, "a colour class of the torus is not 2-regular");
      out[found++] = cand[q];
    }
    CV_ASSERT(found == 2, "a colour class of the torus is not 2-regular");
    return std::pair<std::int64_t, std::int64_t>{out[0], out[1]};
  };
  std::vector<std::int64_t> cycle;
  cycle.reserve(static_cast<std::size_t>(N));
  cycle.push_back(0);
  const auto [p, q] = neighbours(0);
  std::int64_t prev = 0;
  std::int64_t cur = std::min(p, q);
  while (cur != 0 && static_cast<std::int64_t>(cycle.size()) <= N) {
    cycle.push_back(cur);
    const auto [s, t] = neighbours(cur);
    const std::int64_t next = s != prev ? s : t;
    prev = cur;
    cur = next;
  }
  return cycle;
}

}  // namespace collverify::torus
