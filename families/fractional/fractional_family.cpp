#include "families/fractional/fractional_family.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <utility>
#include <set>

#include <fmt/format.h>

#include "checkers/fractional/reduction_check.hpp"
#include "checkers/fractional/timing.hpp"
#include "checkers/network/routed_check.hpp"
#include "checkers/simulate.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/network/network.hpp"
#include "reference/fractional/broadcast.hpp"

namespace collverify::engine {

namespace fr = fractional;
namespace fc = fractional_check;

namespace {

constexpr std::int64_t kFractionalMaxP = std::int64_t{1} << 20;

std::int64_t run_length(const FractionalInstance& i) {
  if (i.layout == fr::Layout::chain) return 8;
  if (i.layout == fr::Layout::binary) return 1;
  return i.r;
}

Violation tagged(Violation v, std::int64_t P, const FractionalInstance& inst, std::int64_t index) {
  v.p = P;
  v.n = index;
  v.message = describe(inst) + ": " + v.message;
  return v;
}

fr::BroadcastOptions options_of(std::int64_t P, const FractionalInstance& i) {
  fr::BroadcastOptions o{i.layout, P, i.r, i.s, i.simplex};
  o.simplex_direct = i.simplex && i.direct;
  return o;
}

}  // namespace

std::string describe(const FractionalInstance& i) {
  std::string out = fr::to_string(i.layout);
  if (i.layout == fr::Layout::fractional) out += fmt::format(" r = {}", i.r);
  out += fmt::format(", s = {}, {}", i.s,
                     !i.simplex ? "duplex" : i.direct ? "simplex direct" : "simplex");
  return out;
}

std::vector<FractionalInstance> fractional_instances() {
  std::vector<FractionalInstance> out;
  auto add_layout = [&](fr::Layout layout, std::int64_t r) {
    FractionalInstance base{layout, r, 1, false, false};
    const std::int64_t L = run_length(base);
    const std::set<std::int64_t> ss{1, 3, L, 2 * L + 1, 4 * L};
    for (std::int64_t s : ss) {
      out.push_back({layout, r, s, false, s == 2 * L + 1});
    }
    out.push_back({layout, r, 2 * L + 1, true, true});
    out.push_back({layout, r, 2 * L + 1, true, true, true});
    out.push_back({layout, r, 4 * L, true, false, true});
  };
  add_layout(fr::Layout::chain, 0);
  add_layout(fr::Layout::binary, 1);
  for (std::int64_t r = 1; r <= 8; ++r) add_layout(fr::Layout::fractional, r);
  return out;
}

std::int64_t claim_r(fr::Layout layout, std::int64_t r) {
  if (layout == fr::Layout::chain) return 0;
  if (layout == fr::Layout::binary) return 1;
  return r;
}

network::RoutedSchedule fractional_routed(const Schedule& s) {
  network::RoutedSchedule out;
  out.network = network::NetworkSpec{network::NetworkKind::fully_connected, {s.p}};
  out.model = CommModel{1, s.model.duplex == Duplex::simplex ? Duplex::simplex : Duplex::full,
                        Switching::store_and_forward, false};
  out.collective = network::Collective::bcast;
  out.root = 0;
  out.pieces = s.n;
  out.rounds.reserve(s.rounds.size());
  for (const auto& round : s.rounds) {
    network::Round r;
    r.reserve(round.size());
    for (const Transfer& x : round) {
      r.push_back(network::Transmission{x.from, {static_cast<network::Direction>(x.to)},
                                        {network::Packet{0, x.block}}});
    }
    out.rounds.push_back(std::move(r));
  }
  return out;
}

std::vector<Violation> check_fractional_schedule(const Schedule& s, const FractionalInstance& inst,
                                                 std::int64_t index) {
  std::vector<Violation> out;
  const std::int64_t P = s.p;
  const SimulationResult sim =
      simulate_schedule(s, static_cast<std::int64_t>(s.rounds.size()));
  if (sim.verdict) {
    out.push_back(tagged(*sim.verdict, P, inst, index));
    return out;
  }
  const fc::TimingReport t = fc::check_timing(s, claim_r(inst.layout, inst.r), inst.simplex);
  if (t.verdict) {
    out.push_back(tagged(*t.verdict, P, inst, index));
  } else if (!inst.direct && t.claim.difference_num(t.steps) < 0) {
    out.push_back(tagged(Violation{"above_claim", P, s.n, kNone, t.steps, kNone,
                                   fmt::format("the last PU holds all packets after {} steps, "
                                               "above the paper's claim {:.4g} (difference {})",
                                               t.steps, t.claim.value(),
                                               t.claim.difference_text(t.steps))},
                         P, inst, index));
  }
  return out;
}

bool run_rate_applies(const FractionalInstance& inst) {
  return inst.simplex && inst.direct && inst.layout != fr::Layout::chain &&
         inst.s > 2 * run_length(inst);
}

std::vector<Violation> check_direct_run_rate(const Schedule& s, const Schedule& two_runs,
                                             const FractionalInstance& inst, std::int64_t index) {
  std::vector<Violation> out;
  if (!run_rate_applies(inst)) return out;
  const fc::RunRateReport rep = fc::check_run_rate(s, two_runs, claim_r(inst.layout, inst.r));
  if (rep.verdict) out.push_back(tagged(*rep.verdict, s.p, inst, index));
  return out;
}

Schedule two_runs_broadcast(std::int64_t P, const FractionalInstance& inst) {
  FractionalInstance two = inst;
  two.s = 2 * run_length(inst);
  return fr::broadcast(options_of(P, two)).schedule;
}

FractionalJudgement judge_fractional(std::int64_t P, const FractionalInstance& inst,
                                     std::int64_t index, const FractionalFamilyOptions& o,
                                     const Schedule* two_runs) {
  FractionalJudgement j;
  const fr::BroadcastResult b = fr::broadcast(options_of(P, inst));
  if (b.deadlock) {
    j.violations.push_back(tagged(Violation{"deadlock", P, inst.s, kNone,
                                            static_cast<std::int64_t>(b.schedule.rounds.size()),
                                            kNone, *b.deadlock},
                                  P, inst, index));
    return j;
  }
  j.violations = check_fractional_schedule(b.schedule, inst, index);
  if (j.violations.empty() && run_rate_applies(inst)) {
    const Schedule built = two_runs == nullptr ? two_runs_broadcast(P, inst) : Schedule{};
    j.violations = check_direct_run_rate(b.schedule, two_runs == nullptr ? built : *two_runs,
                                         inst, index);
  }
  j.steps = fc::last_pu_step(b.schedule);
  j.lower_bound = fc::bound6_steps(P, inst.s);
  if (!j.violations.empty() || !inst.with_data_checks) return j;
  if (P <= o.reduction_max_p) {
    if (Verdict v = fc::check_reduction(fr::reduction_schedule(b.schedule))) {
      j.violations.push_back(tagged(*v, P, inst, index));
    }
  }
  if (P <= o.routed_max_p) {
    const network::RoutedSchedule routed = fractional_routed(b.schedule);
    const network::Network net = network::Network::from_spec(routed.network);
    const network::RoutedResult rr = network::check_routed(net, routed);
    if (rr.witness) {
      Violation v = network::to_violation(*rr.witness, P);
      v.message = "routed checker disagrees with the simulation: " + v.message;
      j.violations.push_back(tagged(v, P, inst, index));
    }
  }
  return j;
}

FractionalFamily::FractionalFamily(FractionalFamilyOptions o)
    : o_(o), instances_(fractional_instances()) {}

Coverage FractionalFamily::coverage() const {
  Coverage c;
  c.parameters = fmt::format(
      "p = P; layouts chain, binary, fractional r = 1..8; s in {{1, 3, L, 2L+1, 4L}} (L = r, "
      "binary 1, chain 8) duplex, s = 2L+1 simplex (couples), s in {{2L+1, 4L}} simplex direct; s "
      "not a multiple of r padded; run rate 2r+1 of simplex direct against s = 2L; "
      "reduction (data level) for s = 2L+1 and P <= {}; routed checker for s = 2L+1 and P <= {}; "
      "placement twin for P <= {}",
      o_.reduction_max_p, o_.routed_max_p, o_.twin_max_p);
  c.properties = {"deadlock", "block_range", "agreement", "send_before_receive",
                  "no_redundant_receive", "one_port_send", "one_port_receive", "duplex",
                  "completeness", "lower_bound (4), (5), (6)", "above_claim", "above_run_rate",
                  "reduction: counted_twice, late_contribution, root_total",
                  "routed checker agrees", "placement_twin"};
  c.lower_bound =
      "(6) in steps: s - 1 + ceil(log2 P); instance rounds = the step after which the last PU "
      "holds all s packets";
  // std::string(...), not = "...": GCC 12 at -O3 reports a false -Wrestrict on the latter.
  c.unit = std::string("PU count");
  c.units = std::string("PU counts");
  c.unit_symbol = std::string("P");
  return c;
}

void FractionalFamily::accept(std::int64_t P) const {
  if (P < 1 || P > kFractionalMaxP) {
    throw InputError(fmt::format("--P {} is not in 1..{} (every instance simulates P * s "
                                 "transfers)", P, kFractionalMaxP));
  }
}

double FractionalFamily::cost(std::int64_t P) const {
  double c = 0;
  for (const FractionalInstance& i : instances_) c += static_cast<double>(P) * static_cast<double>(i.s);
  return c + 1;
}

std::int64_t FractionalFamily::bytes(std::int64_t P, int) const {
  std::int64_t most = 0;
  for (const FractionalInstance& i : instances_) {
    std::int64_t b = fr::broadcast_bytes(options_of(P, i));
    if (i.with_data_checks && P <= o_.reduction_max_p) {
      b = checked_add(b, 2 * fc::reduction_check_bytes(P, i.s), "fractional reduction");
    }
    if (i.with_data_checks && P <= o_.routed_max_p) {
      b = checked_add(b, network::Network::memory_estimate({network::NetworkKind::fully_connected, {P}}),
                      "fractional routed");
    }
    most = std::max(most, b);
  }
  return most;
}

std::string FractionalFamily::what(std::int64_t P) const {
  return fmt::format("P = {} (fractional trees, s up to 32)", P);
}

Outcome FractionalFamily::check(std::int64_t P, const CheckContext&) const {
  const auto start = std::chrono::steady_clock::now();
  Outcome out;
  // The run rate's two-run broadcast, built once per layout (the instances of a layout are
  // consecutive): key (layout, r).
  std::optional<std::pair<fr::Layout, std::int64_t>> two_runs_of;
  Schedule two_runs;
  for (std::size_t k = 0; k < instances_.size(); ++k) {
    const FractionalInstance& inst = instances_[k];
    const auto index = static_cast<std::int64_t>(k);
    const std::pair key{inst.layout, inst.r};
    if (run_rate_applies(inst) && two_runs_of != key) {
      two_runs = two_runs_broadcast(P, inst);
      two_runs_of = key;
    }
    const FractionalJudgement j =
        judge_fractional(P, inst, index, o_, run_rate_applies(inst) ? &two_runs : nullptr);
    const Status st = j.violations.empty() ? Status::pass : Status::fail;
    out.instance_results.push_back({P, index, st, j.steps, j.lower_bound});
    ++out.instances;
    for (const Violation& v : j.violations) out.violations.push_back(v);
  }
  if (P <= o_.twin_max_p) {
    std::vector<std::pair<fr::Layout, std::int64_t>> layouts{{fr::Layout::chain, 0},
                                                              {fr::Layout::binary, 1}};
    for (std::int64_t r = 1; r <= 8; ++r) layouts.push_back({fr::Layout::fractional, r});
    for (const auto& [layout, r] : layouts) {
      const fr::LayoutParams lp = fr::layout_params(layout, P, r);
      const std::vector<fr::Placement> slow = fr::build_layout_slow(lp);
      for (std::int64_t x = 0; x < P; ++x) {
        if (fr::place(lp, x) == slow[static_cast<std::size_t>(x)]) continue;
        out.violations.push_back(Violation{
            "placement_twin", P, kNone, x, kNone, kNone,
            fmt::format("{} r = {}: PU {}'s place from the O(d) descent differs from the "
                        "whole-tree builder", fr::to_string(layout), r, x)});
        break;
      }
    }
  }
  std::sort(out.violations.begin(), out.violations.end());
  out.status = out.violations.empty() ? Status::pass : Status::fail;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace collverify::engine
