// Johnsson and Ho's pipelined broadcast on the d-cube by d edge-disjoint spanning binomial trees
// (ESBT), the hypercube algorithm seed 002 compares against (§1, refs [1, 4]: T_HC* =
// k(1 + sqrt(t log P / k))^2, i.e. s + log P steps of t + k/s at the best s), for the 1-port
// full-duplex store-and-forward model, as a routed schedule (model/network) on hypercube(d).
//
// Tree i (i = 0..d-1), in the frame rotated by i (y = x rotated right by i bits, so that
// dimension i becomes frame dimension 0): the root 0 sends to 1 over frame dimension 0; an odd
// y != 1 hangs below y xor 2^m, m the highest set bit of y above bit 0 (a binomial tree over
// frame dimensions 1..d-1 on the odd nodes, rooted at 1); an even y != 0 hangs below y + 1 (a last
// hop over frame dimension 0). Every directed edge of the cube is in at most one tree.
// Timing: packet j goes down tree j mod d; the root sends it at step j; a node that got it over
// frame dimension m forwards it over frame dimension k > m at step j + k and, last, over frame
// dimension 0 at step j + d. So in step t every node sends over the real dimension t mod d
// exactly the packet of the one tree that uses that edge (and receives one over the same
// dimension): one port, full duplex, no choice left. The last packet arrives after step
// s - 1 + d: s + d rounds (d >= 2; d = 1: s rounds; d = 0: none).
// Cost: O(d 2^d) for the trees, O((s + d) 2^d) transmissions. Ties: none (every step is fixed).
// Example: d = 2, s = 1: round 0: 0 -> 1 (dim 0); round 1: 1 -> 3 (dim 1); round 2: 3 -> 2 (dim 0).
#pragma once

#include <cstdint>

#include "model/network/routed_schedule.hpp"

namespace collverify::hypercube {

// The parent of node x (1 <= x < 2^d) in tree i (0 <= i < d); 0 for the tree's root edge.
std::int64_t esbt_parent(int d, int i, std::int64_t x);

// InputError for d outside 0..20 or s < 1 or a schedule over the memory guard.
network::RoutedSchedule esbt_broadcast(int d, std::int64_t s);

}  // namespace collverify::hypercube
