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
// And one mutant of the direct simplex implementation's programs (one per PU, the order of its
// sends and receives; model/fractional/simplex_program.hpp):
//   swapped_parts         parts k and k + 1 of PU x, one a send and the other a receive, in the
//                         other order ("recv, send" for "send, recv" or back); nullopt when they
//                         are not such a pair. No witness: whether the swap deadlocks (some PU
//                         never gets a packet: completeness), delays (above the run rate of
//                         checkers/fractional/timing.hpp) or does no harm is what replaying it
//                         shows; the tests classify every swap of real programs;
//   swapped_receives      receive part k of PU x and its next receive part exchanged (a head
//                         taking its right-successor packets from the members of the group
//                         above in another order); nullopt when part k is not a receive or no
//                         receive follows. The members wait on each other in the chain, so this
//                         is how a wrong order deadlocks (a single send/receive swap in a tree
//                         cannot close a cycle of waits; none of the tests' swaps does).
// Example: the chain P = 3, s = 2 with step 2 dropped (rounds {0->1:0}, {}, {1->2:1}):
// send_before_receive at PU 1, step 2 (round index 2), packet 1.
#pragma once

#include <cstdint>
#include <optional>

#include "model/fractional/simplex_program.hpp"
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

std::optional<fractional::SimplexProgram> swapped_parts(const fractional::SimplexProgram& p,
                                                        std::int64_t x, std::int64_t k);
std::optional<fractional::SimplexProgram> swapped_receives(const fractional::SimplexProgram& p,
                                                           std::int64_t x, std::int64_t k);

}  // namespace collverify::fractional_mutants
