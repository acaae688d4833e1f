// Google Benchmark program for the schedule counters of seed 000 (docs/PERFORMANCE.md
// "count-schedules: the structured counter"; run by bench/count_schedules.sh).
//   BM_Structured/p             proofs::count_structured(p): stage 1, propagation, components
//   BM_CountingBacktracker/p    proofs::count_backtracking(p): the twin, counting not listing
//   BM_ListingBacktracker/p     proofs::enumerate_backtracking(p, 100000): the twin as the
//                               command runs it (every table kept; only where it finishes)
//   BM_StructuredUpTo64         count_structured(p) for every p = 2..64 in one iteration
// Each benchmark's counter "count" is the number counted, so a run shows that the twins agree.
#include <benchmark/benchmark.h>

#include "proofs/circulant/count_schedules.hpp"
#include "proofs/circulant/count_structured.hpp"

namespace pf = collverify::proofs;

static void BM_Structured(benchmark::State& state) {
  std::uint64_t n = 0;
  for (auto _ : state) n = pf::count_structured(state.range(0)).count;
  state.counters["count"] = static_cast<double>(n);
}

static void BM_CountingBacktracker(benchmark::State& state) {
  std::uint64_t n = 0;
  for (auto _ : state) n = pf::count_backtracking(state.range(0));
  state.counters["count"] = static_cast<double>(n);
}

static void BM_ListingBacktracker(benchmark::State& state) {
  std::size_t n = 0;
  for (auto _ : state) n = pf::enumerate_backtracking(state.range(0), 100000).tables.size();
  state.counters["count"] = static_cast<double>(n);
}

static void BM_StructuredUpTo64(benchmark::State& state) {
  std::uint64_t sum = 0;
  for (auto _ : state) {
    sum = 0;
    for (std::int64_t p = 2; p <= 64; ++p) sum += pf::count_structured(p).count;
  }
  state.counters["count"] = static_cast<double>(sum);
}

// p = 18 and 24 (q = 5), 40 (q = 6, 1856984 schedules; the counting twin needs seconds),
// 48 and 56 (q = 6, counts the listing holds), 64 (one schedule).
BENCHMARK(BM_Structured)->Arg(18)->Arg(24)->Arg(33)->Arg(40)->Arg(48)->Arg(56)->Arg(64)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CountingBacktracker)->Arg(18)->Arg(24)->Arg(48)->Arg(56)->Arg(64)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CountingBacktracker)->Arg(40)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ListingBacktracker)->Arg(18)->Arg(24)->Arg(48)->Arg(56)->Arg(64)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StructuredUpTo64)->Iterations(1)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
