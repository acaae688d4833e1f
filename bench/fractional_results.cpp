// The tables of docs/RESULTS-fractional.md: for each layout, P, r and s, the step after which
// the last PU holds all s packets (Figure 2 in lock step, judged by the generic simulation and
// the timing checker) against the paper's claim d + s(1 + 1/r), the step forms of the lower
// bounds (4) and (6), and the same for the simplex couples against 2 (d' + s(1 + 1/r)) and (5).
// Prints Markdown; exits 1 if any schedule fails the simulation.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <set>
#include <string>

#include <fmt/format.h>

#include "checkers/fractional/timing.hpp"
#include "checkers/simulate.hpp"
#include "reference/fractional/broadcast.hpp"

namespace fr = collverify::fractional;
namespace fc = collverify::fractional_check;

int main() {
  int bad = 0;
  fmt::print("| layout | P | s | d | steps | claim | claim - steps | (4) | (6) | simplex steps | "
             "simplex claim | claim - steps | (5) |\n");
  fmt::print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (std::int64_t r : {0, 1, 2, 3, 4, 8}) {
    const fr::Layout layout = r == 0 ? fr::Layout::chain : r == 1 ? fr::Layout::binary : fr::Layout::fractional;
    for (std::int64_t P : {2, 5, 18, 20, 64, 100, 1024, 16384}) {
      if (r == 0 && P > 1024) continue;
      const std::int64_t L = r == 0 ? 8 : r;
      for (std::int64_t s : std::set<std::int64_t>{1, L, 2 * L + 1, 64}) {
        std::string row;
        const fr::BroadcastResult d = fr::broadcast({layout, P, r, s, false});
        const fr::BroadcastResult x = fr::broadcast({layout, P, r, s, true});
        for (const auto* b : {&d, &x}) {
          const auto sim = collverify::simulate_schedule(
              b->schedule, static_cast<std::int64_t>(b->schedule.rounds.size()));
          if (sim.verdict || b->deadlock) ++bad;
        }
        const fc::TimingReport td = fc::check_timing(d.schedule, r, false);
        const fc::TimingReport tx = fc::check_timing(x.schedule, r, true);
        if (td.verdict || tx.verdict) ++bad;
        const std::string name = r == 0 ? "chain" : r == 1 ? "binary (r = 1)" : fmt::format("fractional r = {}", r);
        fmt::print("| {} | {} | {} | {} | {} | {:.4g} | {} | {} | {} | {} | {:.4g} | {} | {} |\n", name,
                   P, s, td.claim.d, td.steps, td.claim.value(), td.claim.difference_text(td.steps),
                   td.bound4, td.bound6, tx.steps, tx.claim.value(),
                   tx.claim.difference_text(tx.steps), tx.bound5);
      }
    }
  }
  // The sweep: every P = 2..512 and s = 1..24, duplex, claim - steps as a fraction of 1/r.
  fmt::print("\n| layout | instances (P = 2..512, s = 1..24) | min claim - steps | max claim - steps | "
             "instances with claim - steps = s/r - floor((s-1)/r) | min (steps - (6)) | max (steps - (6)) |\n");
  fmt::print("|---|---:|---:|---:|---:|---:|---:|\n");
  for (std::int64_t r : {0, 1, 2, 3, 4, 5, 6, 7, 8}) {
    const fr::Layout layout = r == 0 ? fr::Layout::chain : fr::Layout::fractional;
    std::int64_t n = 0, exact = 0;
    std::int64_t lo_num = 0, hi_num = 0;
    std::int64_t lo6 = 1 << 30, hi6 = -(1 << 30);
    bool first = true;
    for (std::int64_t P = 2; P <= 512; ++P) {
      for (std::int64_t s = 1; s <= 24; ++s) {
        const fr::BroadcastResult b = fr::broadcast({layout, P, r, s, false});
        const fc::TimingReport tr = fc::check_timing(b.schedule, r, false);
        if (tr.verdict || b.deadlock) ++bad;
        const std::int64_t diff = tr.claim.difference_num(tr.steps);  // over den
        const std::int64_t formula = r == 0 ? 0 : s - r * ((s - 1) / r);  // (s/r - floor) * r
        if (diff == formula) ++exact;
        if (first || diff < lo_num) lo_num = diff;
        if (first || diff > hi_num) hi_num = diff;
        first = false;
        lo6 = std::min(lo6, tr.steps - tr.bound6);
        hi6 = std::max(hi6, tr.steps - tr.bound6);
        ++n;
      }
    }
    const std::int64_t den = r == 0 ? 1 : r;
    const std::string name = r == 0 ? "chain" : fmt::format("r = {}", r);
    fmt::print("| {} | {} | {}/{} | {}/{} | {} | {} | {} |\n", name, n, lo_num, den, hi_num, den,
               exact, lo6, hi6);
  }
  if (bad != 0) fmt::print("\n{} schedules FAILED their checks\n", bad);
  return bad == 0 ? 0 : 1;
}
