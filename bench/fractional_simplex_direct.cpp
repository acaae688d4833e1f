// The tables of docs/RESULTS-fractional.md "Simplex: the direct implementation": for r = 1..8
// (binary = r = 1) and P = 2..max_P (argument, default 1024), the run rate of §3's direct
// simplex implementation (reference/fractional/simplex_direct.hpp) held by
// checkers/fractional/timing.hpp's check_run_rate for s = 3r, 4r, 8r against s = 2r, and the
// steps of the direct implementation, the couples (footnote 2) and the duplex lock step for a few
// P and s. With the argument `binary MAX_P MAX_S`: §2's "replace the two by a three", the simplex
// binary tree (binary_simplex_program) and Figure 2's own order (simplex_direct_order, r = 1)
// against d + 3s for every P = 2..MAX_P and s = 1..MAX_S. Every schedule also passes the generic
// simulation under the simplex port rule; exits 1 otherwise or when the run rate fails.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "checkers/fractional/timing.hpp"
#include "checkers/simulate.hpp"
#include "reference/fractional/simplex_direct.hpp"

namespace fr = collverify::fractional;
namespace fc = collverify::fractional_check;

namespace {

int bad = 0;

collverify::Schedule build(std::int64_t P, std::int64_t r, std::int64_t s, int variant) {
  fr::BroadcastOptions o{fr::Layout::fractional, P, r, s, variant != 0};
  o.simplex_direct = variant == 2;
  const fr::BroadcastResult b = fr::broadcast(o);
  const auto sim = collverify::simulate_schedule(
      b.schedule, static_cast<std::int64_t>(b.schedule.rounds.size()));
  if (sim.verdict || b.deadlock) ++bad;
  return b.schedule;
}

// One line of the rate table: r, instances, at the bound, min slack, max slack.
void rate_row(std::int64_t r, std::int64_t max_P) {
  std::int64_t n = 0, exact = 0, min_slack = 1 << 30, max_slack = 0;
  for (std::int64_t P = 2; P <= max_P; ++P) {
    const collverify::Schedule two = build(P, r, 2 * r, 2);
    for (std::int64_t runs : {3, 4, 8}) {
      const fc::RunRateReport rep = fc::check_run_rate(build(P, r, runs * r, 2), two, r);
      if (rep.verdict) ++bad;
      const std::int64_t slack = rep.bound - rep.steps;
      ++n;
      exact += slack == 0 ? 1 : 0;
      min_slack = std::min(min_slack, slack);
      max_slack = std::max(max_slack, slack);
    }
  }
  fmt::print("| {} | {} | {} | {} | {} |\n", r == 1 ? "binary (r = 1)" : fmt::format("r = {}", r),
             n, exact, min_slack, max_slack);
}

// One line per order: instances, the largest and smallest steps - (d + 3s), how many above d + 3s
// and the first (P, s) that is.
void binary_rows(std::int64_t max_P, std::int64_t max_S) {
  fmt::print("| order | instances (P = 2..{}, s = 1..{}) | min steps - (d + 3s) | max steps - (d + 3s) "
             "| above d + 3s | first above (P, s) |\n|---|---:|---:|---:|---:|---|\n",
             max_P, max_S);
  for (int figure2 = 0; figure2 < 2; ++figure2) {
    std::int64_t n = 0, above = 0, lo = 1 << 30, hi = -(1 << 30);
    std::string first = "none";
    for (std::int64_t P = 2; P <= max_P; ++P) {
      for (std::int64_t s = 1; s <= max_S; ++s) {
        fr::BroadcastOptions o{fr::Layout::binary, P, 0, s, true};
        o.simplex_direct = true;
        const fr::BroadcastResult b =
            figure2 != 0 ? fr::broadcast(o)
                         : fr::run_simplex_program(fr::binary_simplex_program(P, s), s);
        const auto sim = collverify::simulate_schedule(
            b.schedule, static_cast<std::int64_t>(b.schedule.rounds.size()));
        if (sim.verdict || b.deadlock) ++bad;
        const std::int64_t diff =
            fc::last_pu_step(b.schedule) - fc::simplex_binary_claim(P, s).num;
        ++n;
        lo = std::min(lo, diff);
        hi = std::max(hi, diff);
        if (diff > 0 && above++ == 0) first = fmt::format("P = {}, s = {}", P, s);
      }
    }
    fmt::print("| {} | {} | {} | {} | {} | {} |\n",
               figure2 != 0 ? "Figure 2's order (simplex_direct_order, r = 1)"
                            : "receive, down, right (binary_simplex_program)",
               n, lo, hi, above, first);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "binary") {
    binary_rows(argc > 2 ? std::atoll(argv[2]) : 1024, argc > 3 ? std::atoll(argv[3]) : 16);
    return bad == 0 ? 0 : 1;
  }
  const std::int64_t max_P = argc > 1 ? std::atoll(argv[1]) : 1024;
  fmt::print("| layout | instances (P = 2..{}, s = 3r, 4r, 8r) | steps = bound | min bound - steps "
             "| max bound - steps |\n|---|---:|---:|---:|---:|\n", max_P);
  for (std::int64_t r = 1; r <= 8; ++r) rate_row(r, max_P);
  fmt::print("\n| layout | P | s | duplex | couples | couples' claim 2(d' + s(1 + 1/r)) | direct | "
             "direct - couples | per run (direct, s = 8r vs 4r) | per run (duplex) |\n"
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (std::int64_t r : {1, 2, 3, 4, 8}) {
    for (std::int64_t P : {20, 100, 1024}) {
      const std::int64_t dir_rate = fc::last_pu_step(build(P, r, 8 * r, 2)) -
                                    fc::last_pu_step(build(P, r, 4 * r, 2));
      const std::int64_t dup_rate = fc::last_pu_step(build(P, r, 8 * r, 0)) -
                                    fc::last_pu_step(build(P, r, 4 * r, 0));
      for (std::int64_t s : {r, 2 * r + 1, 8 * r, 64 * r}) {
        const std::int64_t dup = fc::last_pu_step(build(P, r, s, 0));
        const std::int64_t cpl = fc::last_pu_step(build(P, r, s, 1));
        const std::int64_t dir = fc::last_pu_step(build(P, r, s, 2));
        const fc::Claim claim = fc::simplex_claim(P, r, s);
        fmt::print("| {} | {} | {} | {} | {} | {:.4g} | {} | {} | {:.4g} | {:.4g} |\n",
                   r == 1 ? "binary (r = 1)" : fmt::format("r = {}", r), P, s, dup, cpl,
                   claim.value(), dir, dir - cpl, static_cast<double>(dir_rate) / 4,
                   static_cast<double>(dup_rate) / 4);
      }
    }
  }
  if (bad != 0) std::fprintf(stderr, "%d schedules failed\n", bad);
  return bad == 0 ? 0 : 1;
}
