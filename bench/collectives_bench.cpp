// Data-level checks of Algorithms 7, 8, 9 (seed 000): construction plus fast simulation per p,
// and the slow set-based twin on the same schedules, so the ratio comes from one process.
#include <benchmark/benchmark.h>

#include "checkers/collective_lower_bounds.hpp"
#include "checkers/data_simulate.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/allgather.hpp"
#include "reference/circulant/allgatherv.hpp"
#include "reference/circulant/census.hpp"

namespace cv = collverify;

static void BM_Allgather(benchmark::State& st) {
  const std::int64_t p = st.range(0);
  for (auto _ : st) {
    auto r = cv::simulate_collective(cv::circulant::build_allgather(p),
                                     cv::allgather_round_lower_bound(p));
    benchmark::DoNotOptimize(r);
  }
}
static void BM_Census(benchmark::State& st) {
  const std::int64_t p = st.range(0);
  for (auto _ : st) {
    auto r =
        cv::simulate_collective(cv::circulant::build_census(p), cv::census_round_lower_bound(p));
    benchmark::DoNotOptimize(r);
  }
}
static void BM_Allgatherv(benchmark::State& st) {  // n = q + 1
  const std::int64_t p = st.range(0);
  const std::int64_t n = cv::ceil_log2(p) + 1;
  for (auto _ : st) {
    const auto plan = cv::circulant::plan_allgatherv(p, n, {});
    auto r = cv::simulate_collective(
        plan.header(), plan.round_count(), [&plan](std::int64_t t) { return plan.round(t); },
        cv::allgatherv_round_lower_bound(p, n));
    benchmark::DoNotOptimize(r);
  }
}
static void BM_AllgathervSlowTwin(benchmark::State& st) {
  const std::int64_t p = st.range(0);
  const std::int64_t n = cv::ceil_log2(p) + 1;
  const auto s = cv::circulant::plan_allgatherv(p, n, {}).materialize();
  for (auto _ : st) {
    auto r = cv::simulate_collective_slow(s, cv::allgatherv_round_lower_bound(p, n));
    benchmark::DoNotOptimize(r);
  }
}
static void BM_AllgathervFastMaterialized(benchmark::State& st) {
  const std::int64_t p = st.range(0);
  const std::int64_t n = cv::ceil_log2(p) + 1;
  const auto s = cv::circulant::plan_allgatherv(p, n, {}).materialize();
  for (auto _ : st) {
    auto r = cv::simulate_collective(s, cv::allgatherv_round_lower_bound(p, n));
    benchmark::DoNotOptimize(r);
  }
}

BENCHMARK(BM_Allgather)->Arg(64)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Census)->Arg(64)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Allgatherv)->Arg(64)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AllgathervFastMaterialized)->Arg(64)->Arg(256)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AllgathervSlowTwin)->Arg(64)->Arg(256)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
