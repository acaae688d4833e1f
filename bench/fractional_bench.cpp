// Fractional trees (seed 002), docs/PERFORMANCE.md "Fractional trees: schedules":
//   1. Figure 2 in lock step for P = 16384, r = 8, s = 512 (generation), then the generic
//      simulation and the timing checker on the explicit schedule (target: under 10 s in all);
//   2. placement alone (place(), the O(d) descent) in ns per PU at P = 2^20 (every PU) and
//      P = 2^30 (2^22 PUs spread evenly), r = 1, 2, 8 and the chain.
// A plain program (one run each, process CPU time): bench/fractional_bench.
#include <ctime>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include <fmt/format.h>

#include "checkers/fractional/timing.hpp"
#include "checkers/simulate.hpp"
#include "reference/fractional/broadcast.hpp"
#include "reference/fractional/layout.hpp"

namespace fr = collverify::fractional;
namespace fc = collverify::fractional_check;

namespace {

// Process CPU time (one thread), so that other jobs on a shared machine do not inflate it.
double seconds_since(std::clock_t t) {
  return static_cast<double>(std::clock() - t) / CLOCKS_PER_SEC;
}

void placement(std::int64_t P, fr::Layout layout, std::int64_t r, std::int64_t samples) {
  const auto t0 = std::clock();
  const fr::LayoutParams lp = fr::layout_params(layout, P, r);
  const double setup = seconds_since(t0);
  const std::int64_t stride = P / samples;
  std::int64_t check = 0;
  const auto t1 = std::clock();
  for (std::int64_t k = 0; k < samples; ++k) {
    const fr::Placement p = fr::place(lp, k * stride);
    check += p.first_step + p.down + p.right;
  }
  const double s = seconds_since(t1);
  fmt::print("placement P = 2^{:.0f} {:<10} r = {:<2} d = {:>6}: {:>7.1f} ns per PU over {} PUs "
             "(sizes P_0..P_d+1 in {:.1f} us; checksum {})\n",
             std::log2(static_cast<double>(P)), fr::to_string(layout), r, lp.d,
             s * 1e9 / static_cast<double>(samples), samples, setup * 1e6, check);
}

}  // namespace

int main() {
  const fr::BroadcastOptions o{fr::Layout::fractional, 16384, 8, 512, false};
  auto t0 = std::clock();
  const fr::BroadcastResult b = fr::broadcast(o);
  const double gen = seconds_since(t0);
  std::int64_t transfers = 0;
  for (const auto& round : b.schedule.rounds) transfers += static_cast<std::int64_t>(round.size());
  t0 = std::clock();
  const auto sim = collverify::simulate_schedule(
      b.schedule, static_cast<std::int64_t>(b.schedule.rounds.size()));
  const double simulate = seconds_since(t0);
  t0 = std::clock();
  const fc::TimingReport t = fc::check_timing(b.schedule, 8, false);
  const double timing = seconds_since(t0);
  fmt::print("P = 16384, r = 8, s = 512: d = {}, {} steps, {} transfers; generation {:.2f} s, "
             "simulation {:.2f} s ({}), timing {:.2f} s; total {:.2f} s\n",
             b.d, b.schedule.rounds.size(), transfers, gen, simulate,
             sim.verdict ? sim.verdict->property : std::string("valid"), timing,
             gen + simulate + timing);
  fmt::print("  last PU after step {}; claim d + s(1 + 1/r) = {:.3f}; claim - steps = {}\n",
             t.steps, t.claim.value(), t.claim.difference_text(t.steps));
  for (std::int64_t P : {std::int64_t{1} << 20, std::int64_t{1} << 30}) {
    const std::int64_t samples = P == (std::int64_t{1} << 20) ? P : std::int64_t{1} << 22;
    placement(P, fr::Layout::binary, 1, samples);
    placement(P, fr::Layout::fractional, 2, samples);
    placement(P, fr::Layout::fractional, 8, samples);
    placement(P, fr::Layout::chain, 0, samples);
  }
  return sim.verdict ? 1 : 0;
}
