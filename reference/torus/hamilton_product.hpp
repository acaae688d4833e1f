// Three link-disjoint Hamiltonian cycles of a 3D torus C_a x C_b x C_c by construction (issue 23,
// seed 003's n-dimensional decomposition for n = 3), from the 2D closed form of the layer
// (reference/torus/hamilton_closed.hpp) and a decomposition of the frame. Proof:
// docs/RESULTS-tori-cycles.md "3D by product" and "Every side even: the diagonal frame".
//
// Pick a vertical dimension v (side c) and the layer dimensions i, j. The layer C_si x C_sj is
// decomposed in closed form into H1, H2 (Hamiltonian cycles of n = si sj nodes). H1 in every layer
// together with the vertical links is a torus C_n x C_c (frame node (p, z) = H1[p] in layer z),
// decomposed into K1, K2: by the closed form (frame_g = 0), or, where that cannot work (every side
// even: its frame runs both vertical links of every candidate square opposite ways), by the
// diagonal frame of reference/torus/hamilton_frame.hpp (frame_g = g, frame_h = h), whose colours
// run through every vertical link upwards. The third colour Y starts as c copies of H2, one per
// layer; it is made one cycle by c - 1 vertical square exchanges, one per row k = 0..c-2: for an
// H2 edge u-w, the square (u,k) (w,k) (w,k+1) (u,k+1) whose two vertical links lie on one K
// gives them to Y and takes the two H2 links into that K. For Y each exchange joins layer k to
// layer k+1 (a merge: the merge graph is a path, so Y ends as one cycle). For the K it is a twist:
// it keeps one cycle when K runs through both vertical links the same way (up or down), and a set
// of such twists keeps one cycle when no two of them cross along K (their pairs of links do not
// interleave in K's cyclic order). The squares are chosen greedily: row by row, the first H2 edge
// (in H2's order) and K (K1 first) whose links are both in that K, run the same way, cross no
// square already chosen on that K, and whose H2 edge is not the one of the row before (so no two
// squares share a link). Every choice is thus covered by the proof, whatever the frame; when no
// variant admits a square in every row, there is no answer (nullopt) and the caller falls back to
// the search. Measured coverage: docs/RESULTS-tori-cycles.md.
// Cost: O(N) for the closed forms, frames and colours, O(c * n * c) for the choice (N = n c), per
// variant tried.
// Ties: first the closed-form frame: vertical dimension 2, then 1, then 0; for each, H1 and H2 as
// the closed form gives them, then exchanged; for each, H1 started at its nodes 0..3. Then the
// diagonal frames: vertical dimension 2, 1, 0; g = 4.. dividing n and c; h = 1..g-1; H1 and H2
// as given, then exchanged. Then (issue 23, the 10x12x14 gap) the merging frames (the diagonal
// frame before its exchanges; the first rows merge each K's cycles, the pick-th kind of merge per
// row, pick 0..3, H1 and H2 as given and exchanged); then every diagonal and merging frame with
// split-and-rejoin pairs allowed (a row without a twist takes S run opposite ways and M in the
// next row whose links S separates: S splits K, M joins it again; pairs and twists pairwise do
// not cross); then those with H1 started at its nodes 0..g-1, forwards and backwards, and each
// row as the one left without a square. Proof: RESULTS-tori-cycles "The second gap closed".
// The first variant that admits a square in every row is taken; in a row the shortest
// admissible chord, then H2's order, then K1 before K2.
// Example: 3x3x3, v = 2: H1, H2 of 3x3; K1, K2 of the 9x3 frame; two squares (rows 0, 1).
// 4x4x4: no closed-form variant works; v = 2, diagonal frame g = 4, h = 1 of 16 x 4; three squares.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace collverify::torus {

struct ProductSquare {
  int vertical = 2;         // the vertical dimension v
  std::int64_t u = 0;       // the H2 edge u-w, as nodes of layer 0 (3D node with coordinate v = 0)
  std::int64_t w = 0;
  std::int64_t row = 0;     // k: the square spans layers k and k+1
  int k_cycle = 0;          // 0: K1, 1: K2
  bool rejoins = false;     // the second square M of a split-and-rejoin pair (the row before: S)
};

struct ProductDecomposition {
  int vertical = 2;
  bool swap = false;         // H1 and H2 of the layer exchanged
  std::int64_t offset = 0;   // H1 started at its node of this index
  std::int64_t frame_g = 0;  // 0: the closed-form frame; else the diagonal frame (g, h)
  std::int64_t frame_h = 0;
  bool merging = false;      // the diagonal frame without frame exchanges, its cycles merged by the squares
  std::int64_t merge_pick = 0;  // merging frame: which kind of merge each merge row takes
  bool pairs = false;        // rows without a twist may take a split-and-rejoin pair (Lemma 4)
  bool reversed = false;     // H1 run backwards (frame column p = H1[offset - p])
  std::int64_t skip = -1;    // the row with no square (the Y merge path); -1: the last, c - 1
  std::vector<ProductSquare> squares;            // row order, from row skip + 1 round to skip - 1
  std::vector<std::vector<std::int64_t>> cycles;  // K1, K2, Y: N nodes each, listed from node 0
};

// sides: three sides >= 3 (callers validate with require_cycle_sides). nullopt when no variant
// admits the greedy choice (then there is no claim at all; 6x10x14 is the smallest).
std::optional<ProductDecomposition> hamilton_product_3d(std::span<const std::int64_t> sides);

// The three colours' cycles through node 0 after exchanging `plan.squares` (for tests: a plan
// with a square dropped or added gives a colour that is not one cycle, listed as far as it goes).
std::vector<std::vector<std::int64_t>> product_cycles(std::span<const std::int64_t> sides,
                                                      const ProductDecomposition& plan);

}  // namespace collverify::torus
