// The diagonal frame (reference/torus/hamilton_frame.hpp, issue 23): a Hamiltonian decomposition of
// C_n x C_c judged by the independent cycle checker for every n, c in 3..36 and every g dividing
// both, h = 1..g-1, where the construction claims one; the lemma's count (g * ord(h, g - h) = n c)
// against a slow twin that colours the links and counts components with a union-find; when no
// square is exchanged both colours only step right or up (the monotonicity the 3D proof uses);
// mutant: the exchanges dropped (the pure diagonal colouring of 24 x 4, g = 4, h = 1), which the
// checker rejects (cycle_length).
#include "reference/torus/hamilton_frame.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>

#include "checkers/network/cycle_check.hpp"
#include "model/network/network.hpp"

namespace collverify::torus {
namespace {

namespace net = network;

// Slow twin: colour every link by the rule, count each colour's components with a union-find.
std::array<std::int64_t, 2> components(std::int64_t n, std::int64_t c, std::int64_t g, std::int64_t h) {
  std::array<std::int64_t, 2> out{};
  for (int q = 0; q < 2; ++q) {
    std::vector<std::int64_t> parent(static_cast<std::size_t>(n * c));
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](std::int64_t x) {
      while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)];
      return x;
    };
    std::int64_t count = n * c;
    for (std::int64_t z = 0; z < c; ++z) {
      for (std::int64_t p = 0; p < n; ++p) {
        const bool low = (p + z) % g < h;
        const std::int64_t to = low == (q == 1) ? (p + 1) % n + n * z : p + n * ((z + 1) % c);
        const std::int64_t a = find(p + n * z);
        const std::int64_t b = find(to);
        if (a != b) {
          parent[static_cast<std::size_t>(a)] = b;
          --count;
        }
      }
    }
    out[static_cast<std::size_t>(q)] = count;
  }
  return out;
}

std::int64_t order(std::int64_t n, std::int64_t c, std::int64_t x, std::int64_t y) {
  return std::lcm(n / std::gcd(n, x), c / std::gcd(c, y));
}

TEST(DiagonalFrame, EveryFrameUpTo36IsJudgedByTheChecker) {
  std::int64_t claimed = 0;
  std::int64_t exchanged = 0;
  for (std::int64_t n = 3; n <= 36; ++n) {
    for (std::int64_t c = 3; c <= 36; ++c) {
      for (std::int64_t g = 2; g <= std::min(n, c); ++g) {
        if (n % g != 0 || c % g != 0) continue;
        for (std::int64_t h = 1; h < g; ++h) {
          const std::string name = std::to_string(n) + "x" + std::to_string(c) + " g=" +
                                   std::to_string(g) + " h=" + std::to_string(h);
          const auto comp = components(n, c, g, h);
          // The lemma: g steps move by (h, g-h) (colour D) and (g-h, h) (colour E).
          EXPECT_EQ(comp[1], n * c / (g * order(n, c, h, g - h))) << name;
          EXPECT_EQ(comp[0], n * c / (g * order(n, c, g - h, h))) << name;
          const auto f = diagonal_frame(n, c, g, h);
          if (comp[0] == 1 && comp[1] == 1) {
            ASSERT_TRUE(f) << name;
            EXPECT_EQ(f->exchanged, 0) << name;
          }
          if (!f) continue;
          ++claimed;
          if (f->exchanged > 0) ++exchanged;
          const std::vector<std::vector<std::int64_t>> cycles{f->cycles[0], f->cycles[1]};
          const auto r = net::check_link_disjoint_cycles(net::Network::torus({n, c}), cycles);
          ASSERT_FALSE(r.witness) << name << ": " << r.witness->message;
          EXPECT_EQ(r.links_used, 2 * n * c) << name;
        }
      }
    }
  }
  EXPECT_GT(claimed, 1000);
  EXPECT_GT(exchanged, 50);  // the merge-and-twist stage is exercised, not only the pure rule
}

// Without exchanges every colour steps right or up at every node (or, listed the other way
// round, left or down at every node): the orientation the 3D proof's twists rely on.
TEST(DiagonalFrame, WithoutExchangesBothColoursAreMonotone) {
  for (const auto& [n, c, g, h] : {std::array<std::int64_t, 4>{16, 4, 4, 1}, {16, 8, 8, 3},
                                   {40, 10, 10, 3}, {36, 12, 12, 5}}) {
    const auto f = diagonal_frame(n, c, g, h);
    ASSERT_TRUE(f);
    ASSERT_EQ(f->exchanged, 0);
    for (const auto& cyc : f->cycles) {
      std::int64_t forward = 0;
      std::int64_t backward = 0;
      for (std::size_t i = 0; i < cyc.size(); ++i) {
        const std::int64_t v = cyc[i];
        const std::int64_t w = cyc[(i + 1) % cyc.size()];
        const std::int64_t right = (v % n + 1) % n + (v / n) * n;
        const std::int64_t up = (v + n) % (n * c);
        if (w == right || w == up) ++forward;
        const std::int64_t right_of_w = (w % n + 1) % n + (w / n) * n;
        if (v == right_of_w || v == (w + n) % (n * c)) ++backward;
      }
      EXPECT_TRUE(forward == n * c || backward == n * c) << n << "x" << c;
    }
  }
}

// 24 x 4 with g = 4, h = 1: colour E is three cycles of 32 before the exchanges; the frame
// exchanges squares until both are one cycle; the pure colouring (the exchanges dropped) is
// rejected by the checker.
TEST(DiagonalFrame, TheExchangesDroppedAreRejected) {
  const std::int64_t n = 24, c = 4, g = 4, h = 1;
  EXPECT_EQ(components(n, c, g, h), (std::array<std::int64_t, 2>{3, 1}));
  const auto f = diagonal_frame(n, c, g, h);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->exchanged, 2);
  // The pure rule's colour E, traced from node 0.
  std::vector<std::int64_t> pure{0};
  for (std::int64_t v = 0;;) {
    v = ((v % n + v / n) % g < h) ? (v + n) % (n * c) : (v % n + 1) % n + (v / n) * n;
    if (v == 0) break;
    pure.push_back(v);
  }
  ASSERT_EQ(static_cast<std::int64_t>(pure.size()), 32);
  const std::vector<std::vector<std::int64_t>> mutant{pure, f->cycles[1]};
  const auto r = net::check_link_disjoint_cycles(net::Network::torus({n, c}), mutant);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(r.witness->property, "cycle_length") << r.witness->message;
}

// The diagonal frame before exchanges, as the 3D product's merging frame takes it: each colour's
// cycles against the union-find twin's count, every node once, every step rightwards or upwards
// with the colour the class rule gives.
TEST(DiagonalFrame, ItsCyclesBeforeExchangesMatchTheCountAndStepForwards) {
  std::int64_t several = 0;
  for (std::int64_t n = 4; n <= 24; ++n) {
    for (std::int64_t c = 4; c <= 16; ++c) {
      for (std::int64_t g = 2; g <= std::min(n, c); ++g) {
        if (n % g != 0 || c % g != 0) continue;
        for (std::int64_t h = 1; h < g; ++h) {
          const auto cycles = diagonal_frame_cycles(n, c, g, h);
          const auto count = components(n, c, g, h);
          for (int q = 0; q < 2; ++q) {
            const auto& mine = cycles[static_cast<std::size_t>(q)];
            ASSERT_EQ(static_cast<std::int64_t>(mine.size()), count[static_cast<std::size_t>(q)]);
            if (mine.size() > 1) ++several;
            std::vector<int> seen(static_cast<std::size_t>(n * c), 0);
            for (const auto& cycle : mine) {
              for (std::size_t x = 0; x < cycle.size(); ++x) {
                const std::int64_t v = cycle[x];
                const std::int64_t w = cycle[(x + 1) % cycle.size()];
                ++seen[static_cast<std::size_t>(v)];
                const bool low = (v % n + v / n) % g < h;
                const std::int64_t right = (v % n + 1) % n + (v / n) * n;
                const std::int64_t up = (v + n) % (n * c);
                EXPECT_EQ(w, low == (q == 1) ? right : up) << n << "x" << c << " g " << g << " h " << h;
              }
            }
            EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int k) { return k == 1; }));
          }
        }
      }
    }
  }
  EXPECT_GT(several, 100);
}

}  // namespace
}  // namespace collverify::torus
