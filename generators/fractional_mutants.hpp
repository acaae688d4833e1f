// Deliberately broken explicit broadcast schedules (model/schedule.hpp) for the fractional-tree
// family (seed 002): each mutant carries the witness the generic simulation
// (checkers/simulate.hpp) must reject it with, P = s.p, n = s.n, PU, step and packet. Generic:
// the mutations know nothing of the layout; the caller says which transfer is a right send.
// Deterministic: the first place in (round, transfer) order where a mutation applies; nullopt
// when the schedule is too small to hold one.
//
//   dropped_step          every transfer of round t removed; witness: the first later transfer
//                         that sends on a packet the round should have delivered
//                         (send_before_receive), or else completeness at the smallest receiver of
//                         round t and the packet it lacks;
//   sent_before_arrival   the first transfer x -> y of packet j (x not the root) moved to the
//                         round in which x receives j (send_before_receive at x, that round, j);
//   two_receives          in the first round with two transfers of one packet j, the second is
//                         redirected to the first's receiver y (one_port_receive at y, j);
//   wrong_successor       transfer k of round t sent to PU z instead (a wrong right successor);
//                         witness: no_redundant_receive at z if z holds the packet already,
//                         one_port_receive at z if z receives another packet in round t; nullopt
//                         otherwise (the caller picks another z).
// Example: the chain P = 3, s = 2 with step 2 dropped (rounds {0->1:0}, {}, {1->2:1}):
// send_before_receive at PU 1, step 2 (round index 2), packet 1.
#pragma once

#include <cstdint>
#include <optional>

#include "model/schedule.hpp"
#include "model/verdict.hpp"

namespace collverify::fractional_mutants {

struct Mutant {
  Schedule schedule;
  Violation witness;  // property, p, n, rank, round, block (message empty)
};

std::optional<Mutant> dropped_step(const Schedule& s, std::int64_t round);
std::optional<Mutant> sent_before_arrival(const Schedule& s);
std::optional<Mutant> two_receives(const Schedule& s);
std::optional<Mutant> wrong_successor(const Schedule& s, std::int64_t round, std::int64_t index,
                                      std::int64_t new_to);

}  // namespace collverify::fractional_mutants
