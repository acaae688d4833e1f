// The direct simplex implementation of fractional-tree broadcasting (seed 002 §3: "a faster
// direct implementation which is able to forward a run of r packets in 2r + 1 steps and hence is
// only a factor 2 - 1/(r + 1) times slower than on the duplex model. It turns out to be
// nontrivial to translate a parallel send|recv into a sequences 'send, recv' or 'recv, send' such
// that no delays or deadlocks occur"). The full paper's order is not in the seed; this one is
// found, not guessed:
//
//   1. the order: Figure 2's operations per PU (figure2_op, runs of r packets, s padded to a
//      multiple of r as in broadcast.hpp) run in a simplex lock step where each operation's two
//      parts may happen in either order. In each step the PUs are visited in increasing id (the
//      layout's preorder: a PU's senders come before it) and a PU whose operation has a send
//      left is paired with its receiver when neither has done a part in this step and the
//      receiver's current operation waits for exactly that packet from it (Figure 2's source
//      rule): upstream first. What each PU did, in order, is its program (SimplexProgram);
//   2. the schedule: the programs alone, replayed in synchronous rendezvous (run_simplex_program):
//      a PU performs its parts strictly in program order, one per step, a send meeting the
//      receive of the same PU pair. The replay knows no layout and makes no choice, so the
//      schedule holds because of the order and nothing else; the padding's transfers are dropped.
//
// Measured, not assumed (tests/reference/fractional/simplex_direct_test.cpp, the family, and
// docs/RESULTS-fractional.md): every run after the second costs at most 2r + 1 steps (exactly
// when the root has a right successor, P = 4 with r = 1 excepted), the duplex lock step r + 1;
// a swap of adjacent send and receive parts in a PU's program sends a packet before it arrives,
// delays the last PU, or does no harm, and a swap of two receives can deadlock
// (generators/fractional_mutants.hpp swapped_parts, swapped_receives).
// Cost: O(transfers * r + steps * P / 64) for the order (a step tries only the PUs next to the
// last step's transfers), O(transfers + steps * P / 64) for the replay; two parts of 24 bytes
// per transfer for the programs (broadcast_bytes counts them).
// Ties: the smallest sender id first; none other (a receive names one packet).
// Example: binary tree (r = 1), P = 4 (0 -> 1 -> 2 down, 0 -> 3 right), s = 2: PU 0 {send 1:0,
// send 3:0, send 1:1, send 3:1}, PU 1 {recv 0:0, send 2:0, recv 0:1, send 2:1}, PUs 2 and 3
// {recv 1:0, recv 1:1} and {recv 0:0, recv 0:1}: 4 steps.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/fractional/simplex_program.hpp"
#include "reference/fractional/broadcast.hpp"

namespace collverify::fractional {

struct SimplexOrder {
  SimplexProgram program;       // packets 0..padded_s - 1
  std::int64_t d = -1;          // depth of the (duplex) layout the tree is taken from
  std::int64_t run_length = 1;  // r (binary 1, chain s)
  std::int64_t padded_s = 1;
  std::int64_t steps = 0;       // steps of the lock step that found the order
  std::optional<std::string> deadlock;  // the lock step got stuck (never seen; reported, not hidden)
};

// Step 1: the order of every PU's sends and receives for the layout of o (o.simplex ignored).
SimplexOrder simplex_direct_order(const BroadcastOptions& o);
// Its slow twin (simplex_direct_slow.cpp): every PU visited every step; the same program.
SimplexProgram simplex_direct_order_slow(const BroadcastOptions& o);

// Step 2: the programs in rendezvous; transfers of packets >= s (padding) dropped, trailing empty
// steps removed. deadlock names the first PU that still has parts and the part it waits on.
// model: 1 port, simplex. The result's d, run_length and padded_s are left for the caller.
// Each step tries only the senders named by the PUs of the previous step's transfers (a bitmap
// of P bits keeps them in id order): O(transfers + steps * P / 64).
BroadcastResult run_simplex_program(const SimplexProgram& program, std::int64_t s);
// Its slow twin (simplex_direct_slow.cpp): every PU tried as a sender every step, O(steps * P);
// the same schedule and deadlock text.
BroadcastResult run_simplex_program_slow(const SimplexProgram& program, std::int64_t s);
// The deadlock text of both: the first PU with parts left at program counters pc, in step step.
std::string simplex_waiting_text(const SimplexProgram& program, const std::vector<std::size_t>& pc,
                                 std::int64_t step);

// Both steps: the direct simplex broadcast of o's layout.
BroadcastResult simplex_direct_broadcast(const BroadcastOptions& o);

// §2's simplex binary tree ("for the simplex model replace the two by a three": d + 3s steps),
// written down rather than found: on the binary layout of P PUs every PU, for each packet j in
// order, receives j (not the root), sends j down, sends j right (parts with no successor left
// out). A PU whose first packet arrives at step tau receives packet j at tau + 3j, its down
// successor at tau + 1 + 3j, its right successor at tau + 2 + 3j: the duplex layout's timing of
// the first packet, so its depth d, and 3 steps per packet after it. Unlike Figure 2 (and
// simplex_direct_order with r = 1), the right successor gets the packet just received, not the
// one before it. Packets 0..s-1, no padding. Cost O(P s). Example: P = 4 (0 -> 1 -> 2, 0 -> 3),
// s = 2: PU 0 {send 1:0, send 3:0, send 1:1, send 3:1}, PU 1 {recv 0:0, send 2:0, recv 0:1,
// send 2:1}: 4 steps.
SimplexProgram binary_simplex_program(std::int64_t P, std::int64_t s);

}  // namespace collverify::fractional
