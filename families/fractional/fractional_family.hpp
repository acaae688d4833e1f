// The fractional-tree family (seed 002, issue 12): chain, pipelined binary tree and fractional
// trees with r = 1..8, duplex and simplex broadcast and the reduction, checked for every P.
//
// Instances of one P (InstanceResult.n = their index in fractional_instances()): per layout
// (chain; binary; fractional r = 1..8) the packet counts s in {1, 3, L, 2L + 1, 4L} (L = the run
// length: r, binary 1, chain 8), duplex; simplex (couples) for s = 2L + 1; simplex direct
// (reference/fractional/simplex_direct.hpp) for s = 2L + 1 and 4L. For every instance:
//   construction  reference/fractional: Figure 2 in lock step (a deadlock is the violation
//                 "deadlock");
//   simulation    checkers/simulate.hpp: causality, agreement, one send and one receive per PU
//                 and step (simplex: not both), completeness;
//   timing        checkers/fractional/timing.hpp: the step after which the last PU holds all s
//                 packets, >= the lower bounds (4), (6) (simplex also (5)) and <= the paper's claim
//                 d + s(1 + 1/r) (simplex: 2 (d' + s(1 + 1/r)) for ceil(P/2) couples), else
//                 "above_claim" (simplex direct: no such claim in the paper, see the run rate);
//                 instance rounds = that step, lower bound = (6)'s s - 1 + ceil(log2 P);
//   run rate      simplex direct, binary and fractional: the last PU's step <= that of the
//                 two-run broadcast (s = 2L) + (ceil(s / L) - 2)(2L + 1), §3's "a run of r
//                 packets in 2r + 1 steps" (checkers/fractional/timing.hpp), else
//                 "above_run_rate";
//   reduction     for s = 2L + 1 (duplex and simplex) with P <= reduction_max_p: the reversed
//                 schedule through the data-level check (checkers/fractional/reduction_check.hpp);
//   routed        for s = 2L + 1 with P <= routed_max_p: the schedule as collverify-routed/1 on the
//                 fully connected network through the routed checker, which must agree;
//   placement     for P <= twin_max_p, per layout: place() of every PU equals the whole-tree
//                 builder ("placement_twin").
// Violations: p = P, n = the instance index, rank = PU, round = step (0-based round), block =
// packet; the message starts with the instance ("fractional r = 3, s = 7, simplex: ...").
// Example: FractionalFamily({}).check(5, {}) passes 75 instances.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "engine/family.hpp"
#include "model/network/routed_schedule.hpp"
#include "model/schedule.hpp"
#include "reference/fractional/layout.hpp"

namespace collverify::engine {

struct FractionalInstance {
  fractional::Layout layout = fractional::Layout::fractional;
  std::int64_t r = 1;  // fractional only; binary 1; chain 0
  std::int64_t s = 1;
  bool simplex = false;
  bool with_data_checks = false;  // reduction and routed checks (s = 2L + 1)
  bool direct = false;            // simplex: the direct implementation, not the couples
};
std::string describe(const FractionalInstance& i);
std::vector<FractionalInstance> fractional_instances();

// r of the claim and the timing checker: 0 for the chain (r = infinity).
std::int64_t claim_r(fractional::Layout layout, std::int64_t r);

// A broadcast schedule as collverify-routed/1: fully_connected(P), 1 port, full duplex or simplex,
// store-and-forward, non-combining, bcast from root 0, pieces = s, one packet per transmission.
network::RoutedSchedule fractional_routed(const Schedule& s);

struct FractionalFamilyOptions {
  std::int64_t reduction_max_p = 1024;
  std::int64_t routed_max_p = 64;
  std::int64_t twin_max_p = 5000;
};

// One instance judged: every violation (empty when it holds), the last PU's step and (6)'s bound.
// two_runs: the two-run broadcast the run rate is held against (two_runs_broadcast of the
// instance), when the caller has built it already; null: built here when the run rate applies.
struct FractionalJudgement {
  std::vector<Violation> violations;
  std::int64_t steps = kNone;
  std::int64_t lower_bound = kNone;
};
FractionalJudgement judge_fractional(std::int64_t P, const FractionalInstance& inst,
                                     std::int64_t index, const FractionalFamilyOptions& o,
                                     const Schedule* two_runs = nullptr);
// The instance's layout and simplex direct order with s = 2L (two runs): the same schedule for
// every s of one layout, so a caller judging several builds it once.
Schedule two_runs_broadcast(std::int64_t P, const FractionalInstance& inst);
// The checks of one built schedule (exposed for the mutant tests).
std::vector<Violation> check_fractional_schedule(const Schedule& s, const FractionalInstance& inst,
                                                 std::int64_t index);
// Simplex direct, binary and fractional, s > 2L: the run rate of s against the two-run broadcast
// two_runs (s = 2L); empty when it holds or does not apply.
std::vector<Violation> check_direct_run_rate(const Schedule& s, const Schedule& two_runs,
                                             const FractionalInstance& inst, std::int64_t index);
// Whether the run rate applies to the instance (simplex direct, binary or fractional, s > 2L).
bool run_rate_applies(const FractionalInstance& inst);

class FractionalFamily final : public Family {
 public:
  explicit FractionalFamily(FractionalFamilyOptions o = {});
  std::string name() const override { return "fractional"; }
  Coverage coverage() const override;
  void accept(std::int64_t P) const override;
  double cost(std::int64_t P) const override;
  std::int64_t bytes(std::int64_t P, int jobs) const override;
  std::string what(std::int64_t P) const override;
  Outcome check(std::int64_t P, const CheckContext& context) const override;

 private:
  FractionalFamilyOptions o_;
  std::vector<FractionalInstance> instances_;
};

}  // namespace collverify::engine
