// The tables of docs/RESULTS-fractional.md: for each layout, P, r and s, the step after which
// the last PU holds all s packets (Figure 2 in lock step, judged by the generic simulation and
// the timing checker) against the paper's claim d + s(1 + 1/r), the step forms of the lower
// bounds (4) and (6), and the same for the simplex couples against 2 (d' + s(1 + 1/r)) and (5).
// Prints Markdown; exits 1 if any schedule fails the simulation.
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
  if (bad != 0) fmt::print("\n{} schedules FAILED their checks\n", bad);
  return bad == 0 ? 0 : 1;
}
