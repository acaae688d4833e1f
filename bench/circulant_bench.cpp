// Google Benchmark programs for the circulant broadcast (docs/PERFORMANCE.md records figures).
//   BM_RankSchedule/e   one rank's recv + send rows computed alone (Alg. 4 + Alg. 5) at p = 2^e
//                       and p = 2^e - 1 (non-powers of two are the harder case); time per rank
//   BM_BuildTables/p    all ranks' tables (Alg. 4 by sliding windows, Alg. 5 by lookup)
//   BM_BuildTablesPerRank/p  the same with Alg. 4 + Alg. 3 per rank (the slow twin, baseline)
//   BM_FastCheck/p      the fast circulant checker; time per rank
//   BM_GenericCheck/p   the generic simulation of the n = 2q + 1 expansion; time per rank
#include <benchmark/benchmark.h>

#include <random>

#include "checkers/circulant_invariants.hpp"
#include "checkers/lower_bounds.hpp"
#include "checkers/simulate.hpp"
#include "reference/circulant/bcast.hpp"

namespace cv = collverify;

static void BM_RankSchedule(benchmark::State& state) {
  const std::int64_t p = (std::int64_t{1} << state.range(0)) - state.range(1);
  const cv::circulant::Circulant c(p);
  std::mt19937_64 g(42);
  std::uniform_int_distribution<std::int64_t> rank(1, p - 1);
  for (auto _ : state) {
    auto s = cv::circulant::rank_schedule(c, rank(g));
    benchmark::DoNotOptimize(s.send.data());
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("p = " + std::to_string(p) + ", items = ranks");
}
BENCHMARK(BM_RankSchedule)
    ->ArgsProduct({{10, 17, 20, 30}, {0, 1}})
    ->Unit(benchmark::kMicrosecond);

static void BM_BuildTables(benchmark::State& state) {
  const std::int64_t p = state.range(0);
  for (auto _ : state) {
    auto s = cv::circulant::build_circulant_bcast(p);
    benchmark::DoNotOptimize(s.send.data());
  }
  state.SetItemsProcessed(state.iterations() * p);
}
BENCHMARK(BM_BuildTables)->Arg(1000)->Arg(16383)->Arg(1 << 17)->Unit(benchmark::kMillisecond);

// The baseline for BM_BuildTables: Algorithm 4 with Algorithm 3 for each rank separately.
static void BM_BuildTablesPerRank(benchmark::State& state) {
  const std::int64_t p = state.range(0);
  for (auto _ : state) {
    auto s = cv::circulant::build_circulant_bcast_per_rank(p);
    benchmark::DoNotOptimize(s.send.data());
  }
  state.SetItemsProcessed(state.iterations() * p);
}
BENCHMARK(BM_BuildTablesPerRank)->Arg(1000)->Arg(16383)->Arg(1 << 17)->Unit(benchmark::kMillisecond);

static void BM_FastCheck(benchmark::State& state) {
  const std::int64_t p = state.range(0);
  const auto s = cv::circulant::build_circulant_bcast(p);
  for (auto _ : state) benchmark::DoNotOptimize(cv::check_circulant_schedule(s));
  state.SetItemsProcessed(state.iterations() * p);
}
BENCHMARK(BM_FastCheck)->Arg(1000)->Arg(16383)->Arg(1 << 17)->Unit(benchmark::kMillisecond);

static void BM_GenericCheck(benchmark::State& state) {
  const std::int64_t p = state.range(0);
  const auto s = cv::circulant::build_circulant_bcast(p);
  const std::int64_t n = 2 * s.q + 1;
  for (auto _ : state) {
    const auto r = cv::simulate_schedule(cv::circulant::expand_bcast(s, n),
                                         cv::bcast_round_lower_bound(p, n));
    benchmark::DoNotOptimize(r.rounds);
  }
  state.SetItemsProcessed(state.iterations() * p);
}
BENCHMARK(BM_GenericCheck)->Arg(1000)->Arg(16383)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
