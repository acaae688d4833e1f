// What seed 002 claims about a broadcast's time, held against an explicit Schedule
// (model/schedule.hpp) without knowing how it was built (never includes reference/):
//   last_pu_step   the step (1-based round count) after which every PU holds all s packets,
//                  found by replaying the transfers (a PU's holdings grow by what it receives);
//   paper_claim    d + s(1 + 1/r) of §3 (T_r^s / (t + k/s)), d from the seed's recurrence
//                  (model/fractional/recurrence.hpp); the chain is r = infinity: d + s; kept as
//                  the exact fraction (d r + s (r + 1)) / r;
//   lower bounds of §2, in steps of one packet (each step costs t + k/s):
//     (4) T_lower = k + t log P, for every k and t:     steps >= max(s, ceil(log2 P));
//     (5) simplex 2(1 - 1/P)k + t(log P - 4):           steps >= max(ceil(2(1 - 1/P)s), ceil(log2 P) - 4);
//     (6) the packet argument behind T*_lower:          steps >= s - 1 + ceil(log2 P) (P >= 2);
//   and the time bounds themselves (in units of t, for a given k/t) for the reports.
// A schedule with fewer steps than a bound is a violation "lower_bound" (the bound or the schedule
// is wrong). Cost: O(transfers + P * s / 64).
// Example: the chain P = 3, s = 2 (rounds {0->1:0}, {0->1:1, 1->2:0}, {1->2:1}): last_pu_step 3,
// claim d + s = 1 + 2 = 3, bounds (4) 2, (6) 3.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/schedule.hpp"
#include "model/verdict.hpp"

namespace collverify::fractional_check {

// Steps until the last PU holds all n packets (0 if everyone holds them initially); kNone if
// some PU never does. Transfers are taken as they are (run simulate_schedule for validity).
std::int64_t last_pu_step(const Schedule& s);

// d + s(1 + 1/r) as num / den; r = 0 means the chain (r = infinity).
struct Claim {
  std::int64_t d = 0;
  std::int64_t num = 0;
  std::int64_t den = 1;
  double value() const { return static_cast<double>(num) / static_cast<double>(den); }
  // claim - steps, as a fraction over den, and as text ("1", "-1/3", "2/7").
  std::int64_t difference_num(std::int64_t steps) const { return num - steps * den; }
  std::string difference_text(std::int64_t steps) const;
};
Claim paper_claim(std::int64_t P, std::int64_t r, std::int64_t s);
// The simplex claim of §1 ("at most twice that for duplex communication for half as many PUs"):
// 2 (d' + s(1 + 1/r)) with d' the depth of ceil(P/2) PUs.
Claim simplex_claim(std::int64_t P, std::int64_t r, std::int64_t s);
// §2's pipelined binary tree in the simplex model, "replace the two by a three": T_1^s =
// (d + 3s)(t + k/s), i.e. d + 3s steps, d the binary tree's depth (the duplex recurrence).
Claim simplex_binary_claim(std::int64_t P, std::int64_t s);

std::int64_t bound4_steps(std::int64_t P, std::int64_t s);
std::int64_t bound5_steps(std::int64_t P, std::int64_t s);
std::int64_t bound6_steps(std::int64_t P, std::int64_t s);

// The time bounds of §2 in units of t (k_over_t = k/t > 0): (4) k + t log P; (5) simplex
// 2(1 - 1/P)k + t(log P - 4); (6) k(1 + sqrt(t log P / k))^2.
double bound4_time(std::int64_t P, double k_over_t);
double bound5_time(std::int64_t P, double k_over_t);
double bound6_time(std::int64_t P, double k_over_t);

struct TimingReport {
  std::int64_t steps = 0;          // last_pu_step
  Claim claim;
  std::int64_t bound4 = 0;
  std::int64_t bound5 = 0;         // simplex schedules only (0 otherwise)
  std::int64_t bound6 = 0;
  Verdict verdict;                 // lower_bound, or completeness if a PU never finishes
};

// r = 0: the chain. simplex: hold against (5) too and take the simplex claim.
TimingReport check_timing(const Schedule& s, std::int64_t r, bool simplex);

// §3's direct simplex implementation "forward[s] a run of r packets in 2r + 1 steps", held
// between two broadcasts of one construction, the claim's own terms and nothing else: the one of
// s packets (R = ceil(s / r) runs, R >= 3) and the one of 2r packets (two runs, the reference:
// the first packet of a run-1 binary tree travels alone and faster, so the first run is no
// reference). Claim: last_pu_step(s) <= last_pu_step(2r) + (R - 2)(2r + 1); beyond it, the
// violation "above_run_rate" (witness: the step and the bound). A schedule that does not finish
// is "completeness". Cost: two last_pu_step. Example: P = 2, r = 2, the root sending one packet
// per step: 4 packets after 4 steps, 8 packets (R = 4) after 8 <= 4 + 2 * 5 = 14, holds; the
// same 8 with 7 idle steps inserted end after 15: above_run_rate.
struct RunRateReport {
  std::int64_t steps = 0;            // last_pu_step of the s-packet broadcast
  std::int64_t two_run_steps = 0;    // last_pu_step of the 2r-packet broadcast
  std::int64_t runs = 0;             // R
  std::int64_t bound = 0;            // two_run_steps + (R - 2)(2r + 1)
  Verdict verdict;
};
RunRateReport check_run_rate(const Schedule& s_packets, const Schedule& two_runs, std::int64_t r);

}  // namespace collverify::fractional_check
