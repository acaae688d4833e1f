// The diagonal frame: a Hamiltonian decomposition of the 2D torus C_n x C_c in which both colours
// run through every link they own "forwards" (rightwards or upwards), used by the 3D product
// (reference/torus/hamilton_product.hpp) where the closed form's frame cannot serve: on tori whose
// sides are all even (issue 23). Proof: docs/RESULTS-tori-cycles.md "Every side even: the
// diagonal frame".
//
// Frame node (p, z), p in Z_n, z in Z_c, numbered p + n z. Pick g >= 2 dividing n and c and
// 1 <= h <= g - 1; the class of a node is s = (p + z) mod g. The right link (p,z)-(p+1,z) is
// colour D (1) when s < h and colour E (0) otherwise, the up link (p,z)-(p,z+1) the other one.
// Every node then has one outgoing and one incoming link of each colour, each step along a colour
// raises s by 1, so g steps of D move every node by (h, g - h) and g steps of E by (g - h, h):
// D is one cycle iff g * ord(h, g - h) = n c in Z_n x Z_c, E iff g * ord(g - h, h) = n c.
// When a colour has several cycles, frame unit squares are exchanged (the two right links of one
// colour, the two up links of the other): for a colour of several cycles only squares whose two
// links lie on different cycles of it (a merge), for a colour that is one cycle from the start
// only squares whose chord crosses none taken before on it (a twist that keeps one cycle: it
// runs through both links the same way, forwards). Squares in the order (z, p), first fit; no
// two share a link. nullopt when both colours are not single cycles at the end.
// Cost: O(n c) plus O(q) per square tried for the q chords taken (q is small: one per merge).
// Ties: the first square in (z, p) order that qualifies.
// Example: n = 16, c = 4, g = 4, h = 1: both colours are one cycle, no square is exchanged.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace collverify::torus {

struct DiagonalFrame {
  std::int64_t g = 0;
  std::int64_t h = 0;
  std::int64_t exchanged = 0;  // frame unit squares exchanged to make both colours one cycle
  // E (0), D (1): the n c frame nodes in cycle order from node 0.
  std::array<std::vector<std::int64_t>, 2> cycles;
};

// n, c >= 3; g must divide both (CV_ASSERT). nullopt when the rule above does not end with two
// Hamiltonian cycles (there is then no claim).
std::optional<DiagonalFrame> diagonal_frame(std::int64_t n, std::int64_t c, std::int64_t g,
                                            std::int64_t h);

// The diagonal frame before any exchange: E (0) and D (1) as their cycles (Lemma 3 counts them),
// each listed forwards (every step rightwards or upwards) from its smallest node. The 3D product
// merges several cycles of one colour with its own squares (issue 23, "merging frame").
// Example: n = 24, c = 4, g = 4, h = 1: D one cycle of 96 nodes, E three of 32.
std::array<std::vector<std::vector<std::int64_t>>, 2> diagonal_frame_cycles(std::int64_t n, std::int64_t c,
                                                                           std::int64_t g, std::int64_t h);

}  // namespace collverify::torus
