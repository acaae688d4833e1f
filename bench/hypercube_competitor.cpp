// The hypercube competitor of seed 002 (§1: T_HC* = k(1 + sqrt(t log P / k))^2, Johnsson and Ho
// [1, 4]) measured rather than taken from the formula, for docs/RESULTS-fractional.md: for
// P = 2^d and k/t, the ESBT broadcast (reference/hypercube/esbt.hpp) is built for the packet
// counts s around the formula's best, sqrt(d k / t), each schedule judged by the routed checker on
// hypercube(d) (1 port, full duplex) and its rounds measured; T/k = rounds (t + k/s) / k at the
// best of them, beside the formula and the fractional tree's and the circulant's best T/k from
// the cost model (model/fractional/cost.hpp). Prints Markdown; exits 1 if a schedule fails.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <utility>

#include <fmt/format.h>

#include "checkers/network/routed_check.hpp"
#include "model/fractional/cost.hpp"
#include "model/network/network.hpp"
#include "reference/hypercube/esbt.hpp"

namespace fr = collverify::fractional;
namespace net = collverify::network;

int main() {
  int bad = 0;
  fmt::print("| P | k/t | hypercube s | rounds (measured) | T/k measured | T_HC*/k formula | "
             "fractional tree best T/k (r, s) | circulant best T/k | fractional / hypercube |\n"
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const auto& [d, top] : {std::pair{6, 1e5}, std::pair{10, 1e5}, std::pair{14, 100.0}}) {
    const std::int64_t P = std::int64_t{1} << d;
    const net::Network cube = net::Network::hypercube(d);
    for (double kappa : {10.0, 100.0, 1000.0, 4096.0, 1e4, 1e5}) {
      if (kappa > top) continue;
      const auto centre = static_cast<std::int64_t>(std::llround(std::sqrt(d * kappa)));
      double best = 1e300;
      std::int64_t best_s = 0, best_rounds = 0;
      for (std::int64_t s = std::max<std::int64_t>(1, centre - 2); s <= centre + 2; ++s) {
        const net::RoutedSchedule sched = collverify::hypercube::esbt_broadcast(d, s);
        if (net::check_routed(cube, sched).witness) ++bad;
        const auto rounds = static_cast<std::int64_t>(sched.rounds.size());
        const double t = fr::cost_over_k(static_cast<double>(rounds), static_cast<double>(s), kappa);
        if (t < best) {
          best = t;
          best_s = s;
          best_rounds = rounds;
        }
      }
      const double formula = std::pow(1 + std::sqrt(d / kappa), 2);
      const fr::CostPoint frac = fr::best_fractional(P, kappa);
      const fr::CostPoint circ = fr::circulant_best(P, kappa);
      fmt::print("| {} | {:g} | {} | {} | {:.4f} | {:.4f} | {:.4f} ({}, {}) | {:.4f} | {:.3f} |\n", P,
                 kappa, best_s, best_rounds, best, formula, frac.T_over_k, frac.r.value_or(0),
                 static_cast<std::int64_t>(frac.s), circ.T_over_k, frac.T_over_k / best);
    }
  }
  if (bad != 0) std::fprintf(stderr, "%d schedules failed the routed checker\n", bad);
  return bad == 0 ? 0 : 1;
}
