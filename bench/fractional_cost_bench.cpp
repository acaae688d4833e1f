// Google Benchmark: the cost model of seed 002 (docs/PERFORMANCE.md "Fractional trees: cost
// model"): the exact search over r and s (best_fractional) against its brute-force grid twin, the
// whole table of `collverify fractional`, and Figure 3 (3 curves x 141 points).
//   BM_ExactSearch/P/log10(k/t)    best_fractional
//   BM_GridTwin/P/log10(k/t)       best_fractional_grid, r <= 300, s <= 4 sqrt(P k/t) + 400
//   BM_CostTable/P/log10(k/t)      cost_table (paper, best, chain, binary, circulant, bound)
//   BM_Figure3                     figure3_curves()
#include <benchmark/benchmark.h>

#include <cmath>

#include "model/fractional/cost.hpp"

namespace fr = collverify::fractional;

namespace {

void BM_ExactSearch(benchmark::State& state) {
  const std::int64_t P = state.range(0);
  const double kappa = std::pow(10.0, static_cast<double>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(fr::best_fractional(P, kappa));
}

void BM_GridTwin(benchmark::State& state) {
  const std::int64_t P = state.range(0);
  const double kappa = std::pow(10.0, static_cast<double>(state.range(1)));
  const auto s_max = static_cast<std::int64_t>(4 * std::sqrt(kappa * static_cast<double>(P))) + 400;
  for (auto _ : state) benchmark::DoNotOptimize(fr::best_fractional_grid(P, kappa, 300, s_max));
}

void BM_CostTable(benchmark::State& state) {
  const std::int64_t P = state.range(0);
  const double kappa = std::pow(10.0, static_cast<double>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(fr::cost_table(P, kappa));
}

void BM_Figure3(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(fr::figure3_curves());
}

}  // namespace

BENCHMARK(BM_ExactSearch)
    ->ArgsProduct({{64, 16384, std::int64_t{1} << 40, (std::int64_t{1} << 62) - 1}, {3, 6, 9}})
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_GridTwin)->ArgsProduct({{64, 16384}, {3, 6}})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CostTable)->ArgsProduct({{4096}, {3}})->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Figure3)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
