// Deliberately broken torus cycles and wormhole broadcasts (seeds 003, 004) that
// checkers/network/cycle_check.hpp and wormhole_check.hpp must reject, each with the witness it
// must be rejected with. Deterministic (the first place where the mutation applies); nothing
// when the input is too small to hold such a mutant.
//
// Cycles (n >= 2 cycles on a torus with sides >= 3):
//   repeated_node   cycle 0's node at position 1 replaced by its node at position 3: repeated
//                   at position 3 (first seen at 1);
//   non_link_step   in cycle 0, at the first q whose nodes q and q + 2 are not neighbours, nodes
//                   q + 1 and q + 2 swapped: not_a_link at position q;
//   shared_link     cycle 1 replaced by cycle 0 rotated by 5 positions: cycle 1 position 0 uses
//                   the link of cycle 0 position 5;
//   short_cycle     cycle 0 replaced by the ring of dimension 0 through node 0 (a real cycle of
//                   the network, s_0 < N nodes): cycle_length on cycle 0.
// Wormhole broadcasts:
//   shared_link     the first round with two worms from one sender: the second worm's route gets
//                   the first worm's first hop in front: link_disjoint on that arc;
//   from_uninformed the last round's first worm leaves from the node it informs instead:
//                   path_from_uninformed at (last round, worm 0);
//   informed_twice  one more round: the root sends one hop along "+0" to an informed node.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/network/network.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::torus_mutants {

struct Witness {
  std::string property;
  std::int64_t cycle = -1;     // cycles: the cycle; wormhole: -1
  std::int64_t position = -1;  // cycles
  std::int64_t round = -1;     // wormhole
  std::int64_t worm = -1;      // wormhole
  std::int64_t node = -1;
};

template <typename T>
struct Mutant {
  std::string name;
  T value;
  Witness witness;
};

using Cycles = std::vector<std::vector<std::int64_t>>;

std::vector<Mutant<Cycles>> cycle_mutants(const network::Network& net, const Cycles& cycles);
std::vector<Mutant<network::RoutedSchedule>> wormhole_mutants(const network::Network& net,
                                                              const network::RoutedSchedule& s);

}  // namespace collverify::torus_mutants
