// n link-disjoint Hamiltonian cycles of an n-dimensional torus (n >= 4) by construction (issue 23:
// "4D by product"), lifting a decomposition of the (n-1)-dimensional layer with one more ring
// C_d, the way reference/torus/hamilton_product.hpp lifts the 2D closed form. Proof:
// docs/RESULTS-tori-cycles.md "4D by product".
//
// Pick a vertical dimension v (side d); the layer is the torus of the other n - 1 sides, decomposed
// by hamilton_cycles into H_0 .. H_{n-2} (required to be a construction: "closed" or "product",
// never the search). H_r in every layer with the vertical links is a frame C_m x C_d (m = the
// layer's nodes), decomposed into K1, K2 by the closed form or a diagonal frame
// (reference/torus/hamilton_frame.hpp). Every other layer cycle H_i gives a colour Y_i that starts
// as d copies of H_i; it is made one cycle by d - 1 vertical square exchanges, one per row
// k = 0..d-2, exactly as the third colour of the 3D product: for an H_i link u-w the square
// (u,k) (w,k) (w,k+1) (u,k+1) whose two vertical links lie on one K, run the same way, gives them
// to Y_i (a merge of layers k and k+1) and the two H_i links to that K (a twist). All squares of
// all Y_i on one K must pairwise not cross along K; two squares of one row use four different
// nodes; one Y_i uses different links in consecutive rows. So no two squares share a link, each
// Y_i ends as one cycle (its merges form a path over the layers) and each K stays one cycle
// (Lemma 2 of the 3D proof, with the squares of every Y_i together).
// Choice: row by row, for Y_i in order, the shortest admissible chord, then H_i's order, K1 first.
// Cost: O(n N) for the colours and traces, O(d * n * m * q) for the choice (q chords per K).
// Ties: vertical dimension n-1 down to 0; frame cycle H_r for r = 0, 1, ...; the closed-form frame,
// then the diagonal frames g = 4.. dividing m and d, h = 1..g-1; the first variant that admits a
// square in every row for every Y_i is taken. nullopt: no claim (the caller runs the search).
// Example: 3x3x3x3, v = 3: the layer 3x3x3 by product (H_0, H_1, H_2), frame H_0 x C_3 of
// 27 x 3, Y_1 and Y_2 two squares each (rows 0 and 1).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace collverify::torus {

struct LiftSquare {
  int colour = 2;          // the Y colour (2 .. n-1): layer cycle H_{colour - 1} counted from the frame's
  std::int64_t u = 0;      // the layer link u-w, as nodes of layer 0 (coordinate v = 0)
  std::int64_t w = 0;
  std::int64_t row = 0;    // k: the square spans layers k and k+1
  int k_cycle = 0;         // 0: K1, 1: K2
};

struct LiftDecomposition {
  int vertical = 0;
  int frame_cycle = 0;      // r: the layer cycle H_r that makes the frame
  std::int64_t frame_g = 0;  // 0: the closed-form frame; else the diagonal frame (g, h)
  std::int64_t frame_h = 0;
  std::vector<LiftSquare> squares;                // row order, Y colours in order within a row
  std::vector<std::vector<std::int64_t>> cycles;  // K1, K2, Y_2 .. Y_{n-1}: N nodes each, from node 0
};

// sides: n >= 4 sides >= 3 (callers validate with require_cycle_sides). nullopt when no variant
// admits the choice or the layer has no construction.
std::optional<LiftDecomposition> hamilton_lift(std::span<const std::int64_t> sides);

// The n colours' cycles through node 0 after exchanging `plan.squares` (for tests: a plan with a
// square dropped gives a colour that is not one cycle, listed as far as it goes).
std::vector<std::vector<std::int64_t>> lift_cycles(std::span<const std::int64_t> sides,
                                                   const LiftDecomposition& plan);

}  // namespace collverify::torus
