// Fractional-tree broadcast (seed 002, §3, Figure 2) as an explicit Schedule (model/schedule.hpp),
// produced by running Figure 2's per-PU program for every PU in lock step:
//
//   broadcastFT(r, s, i):  recv(D[0]); pipeDown(r, 0);
//                          for k := r to s - r step r: sendRight|Recv(D[k-r+i], D[k]); pipeDown(r, k)
//                          sendRight(D[s-r+i])
//   pipeDown(r, k):        for j := k to k+r-2: sendDown|Recv(D[j], D[j+1]); sendDown(D[k+r-1])
//
// Semantics chosen where the figure leaves them open (docs/ERRATA.md, "(fractional)"):
//   - synchronous rendezvous: an operation completes when each of its parts (send, receive) has
//     met its partner; a PU stays on an operation until then (it never drops a part);
//   - a part whose partner does not exist (no successor, the root's receives, a padding packet)
//     is a no-op and takes no time; an operation made only of no-ops takes no step;
//   - a head receives from any PU of its predecessor group, another PU from its predecessor;
//     when several senders offer to one receiver in a step, the smallest PU id is served;
//   - the transfer records the sender's packet (block) and the slot the receiver files it under
//     (stored_as), so a mismatch is an agreement violation for the checker, not hidden here.
// Layouts: chain = one run of all s packets through one group of P PUs; binary = r = 1;
// fractional = runs of r packets. s not a multiple of r: padded to r * ceil(s / r) packets, the
// padding packets are never sent (their parts are no-ops), so the last run is short on the wire
// but keeps the timing of a full run (the "pad" choice; a literal short last run breaks the
// right-successor timing, docs/ERRATA.md).
// Simplex: the couple emulation of the seed's footnote 2 (simplex_broadcast): the duplex
// schedule of ceil(P/2) couples, couple c = PUs 2c (sender) and 2c + 1 (receiver); each duplex
// step is two sub-steps (senders send to receivers; receivers forward to their partner); the
// root's partner gets packet j from the root in the second sub-step of step j. Odd P: the last
// couple is PU P - 1 alone, a leaf of the duplex layout, which only receives. The direct simplex
// implementation of §3 (a run of r packets in 2r + 1 steps) is simplex_direct.hpp's, chosen by
// BroadcastOptions::simplex_direct.
// Reduction: reduction_schedule reverses the rounds and the direction of every transfer (a
// receive becomes combine-and-send); its transfer x -> y of packet j means "x sends its partial
// sum of packet j to y, which combines it into its own".
// Cost: O(steps * P) time for the lock step plus O(P * s) transfers (32 bytes each);
// broadcast_bytes() is the estimate the callers refuse up front.
// Example: chain, P = 3, s = 2: rounds {0->1 pkt 0}, {0->1 pkt 1, 1->2 pkt 0}, {1->2 pkt 1}.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/schedule.hpp"
#include "reference/fractional/layout.hpp"

namespace collverify::fractional {

struct BroadcastOptions {
  Layout layout = Layout::fractional;
  std::int64_t P = 1;
  std::int64_t r = 1;   // fractional only
  std::int64_t s = 1;   // packets
  bool simplex = false;
  // s not a multiple of r, read literally: the padding packets' parts are no-ops that take no
  // time. Breaks (agreement violations, docs/ERRATA.md); only for showing that.
  bool literal_short_run = false;
  // With simplex: the direct implementation (reference/fractional/simplex_direct.hpp), a run of
  // r packets in 2r + 1 steps, instead of the couple emulation.
  bool simplex_direct = false;
};

struct BroadcastResult {
  Schedule schedule;          // one packet per transfer; model: 1 port, full duplex or simplex
  std::int64_t d = -1;        // depth of the layout (duplex: of P; simplex: of the couples)
  std::int64_t run_length = 1;  // r (chain: s)
  std::int64_t padded_s = 1;  // run_length * ceil(s / run_length)
  // Set when the lock step stops with PUs that cannot go on (no transfer in a step while some
  // PU still has work): which PU waits on which operation.
  std::optional<std::string> deadlock;
  // Sends that found their receiver already served in that step by a smaller sender it also
  // accepts from (the tie rule decided); 0 in every instance checked (docs/ERRATA.md).
  std::int64_t contended_offers = 0;
};

// One operation of Figure 2 (packets by index into D; -1: no receive part).
enum class SendTo : std::uint8_t { none, down, right };
struct Figure2Op {
  SendTo send = SendTo::none;
  std::int64_t send_pkt = -1;
  std::int64_t recv_pkt = -1;
};
// Operation o of PU index i, runs of L packets, R runs: op 0 = recv(D[0]); ops 1..L =
// pipeDown(L, 0); then per phase m = 1..R-1: sendRight|Recv(D[(m-1)L + i], D[mL]) and
// pipeDown(L, mL); last: sendRight(D[(R-1)L + i]). R(L + 1) + 1 operations in all.
Figure2Op figure2_op(std::int64_t L, std::int64_t R, std::int64_t i, std::int64_t o);

// InputError naming the value: P < 1, r < 1, s < 1, or a schedule that would not fit in memory
// (with the estimate).
void validate_broadcast(const BroadcastOptions& o);
// Upper bound of the bytes a broadcast schedule of these options takes (transfers + state).
std::int64_t broadcast_bytes(const BroadcastOptions& o);

// The duplex lock-step schedule of Figure 2 on the layout (ignores o.simplex).
BroadcastResult duplex_broadcast(const BroadcastOptions& o);
// The couple emulation of the duplex schedule of ceil(P/2) couples.
BroadcastResult simplex_broadcast(const BroadcastOptions& o);
// Figure 2's lock step on an explicit tree of PUs (PU 0 the root; every placement's group_head,
// index, pred_group, down and right as place() fills them; a group's PUs consecutive from its
// head): for composite trees such as the hierarchical-crossbar embedding
// (reference/embedding/crossbar_tree.hpp). duplex_broadcast is this on place()'s tree; d is left
// at -1 (the caller knows the depth of its tree). Runs of run_length packets, s padded as above.
BroadcastResult run_lock_step(std::vector<Placement> tree, std::int64_t run_length, std::int64_t s,
                              bool literal_short_run = false);
// Its slow twin (lock_step_slow.cpp): every PU tried every step; the same result. run_lock_step
// visits only the started PUs that have not finished.
BroadcastResult run_lock_step_slow(std::vector<Placement> tree, std::int64_t run_length,
                                   std::int64_t s, bool literal_short_run = false);

// duplex_broadcast, simplex_broadcast or (o.simplex_direct) simplex_direct_broadcast
// (reference/fractional/simplex_direct.hpp), after validate_broadcast.
BroadcastResult broadcast(const BroadcastOptions& o);

// The reduction: the broadcast's rounds in reverse order, every transfer reversed.
Schedule reduction_schedule(const Schedule& broadcast_schedule);

}  // namespace collverify::fractional
