// The data-level check of a reduction schedule (seed 002, §1: "by reversing the direction of
// communication, broadcasting algorithms can usually be turned into reduction algorithms"),
// independent of how the schedule was made. A Schedule (model/schedule.hpp) is read as a
// reduction: PU x starts with its own contribution M_x to each of the n packets; a transfer
// x -> y of packet j in round t sends x's partial sum of packet j as it was at the start of round
// t, and y combines it into its own at the end of the round. A partial sum is kept as the set
// of contributions in it, so nothing is assumed of the operator but associativity. Properties,
// in the order tried:
//   block_range          a rank or packet out of range;
//   agreement            the sender's packet differs from the receiver's slot;
//   one_port_send / one_port_receive  more than model.ports per PU and round;
//   duplex               a PU both sends and receives in a round of a simplex model;
//   counted_twice        a combine would add a contribution already in the receiver's sum;
//   late_contribution    a PU receives packet j after it has sent its sum of packet j on (what
//                        it receives then never reaches the root through it);
//   root_total           after the last round the root's sum of some packet lacks a
//                        contribution (witness: the packet, the missing PU) or the root sent on.
// Witness: the first round, then the smallest PU; P = s.p, n = s.n, block = the packet; the
// message names the contributing PU too. Cost: O(transfers * P / 64) time, P * P * n bits
// (reduction_check_bytes, refused up front by the callers).
// Example: P = 2, n = 1, one round {1 -> 0 packet 0}: holds; with the round dropped, root_total
// names packet 0 and PU 1.
#pragma once

#include <cstdint>

#include "model/schedule.hpp"
#include "model/verdict.hpp"

namespace collverify::fractional_check {

std::int64_t reduction_check_bytes(std::int64_t P, std::int64_t n);

Verdict check_reduction(const Schedule& s, std::int64_t root = 0);

}  // namespace collverify::fractional_check
