// Google Benchmark programs for the gather/scatter tree DPs of seed 001 (docs/PERFORMANCE.md,
// "Gather and scatter trees"). Instances: the decreasing distribution, b = 1000, alpha = 100,
// beta = gamma = 1 (Table 1's parameters).
//   BM_OptimalFast/p     Figure 6, best root, fast path (the Theorem 2 O(p^3) DP)
//   BM_OptimalNaive/p    the same equations as the plain triple loop (the slow twin), same run
//   BM_OptimalFixed/p    Figure 6 with the fixed root floor(p/2) (adds the D table)
//   BM_Binary/p          Figure 7, best root, fast path
//   BM_BinaryNaive/p     Figure 7 as the plain loops over the five cases (its slow twin)
//   BM_PerPair/p         Figure 5 (per-pair costs), best root
#include <benchmark/benchmark.h>

#include <random>

#include "generators/tree_distributions.hpp"
#include "reference/trees/binary.hpp"
#include "reference/trees/optimal.hpp"

namespace cv = collverify;
namespace tr = collverify::trees;

namespace {

cv::TreeProblem<std::int64_t> table1(std::int64_t p) {
  return {cv::block_sizes(cv::TreeDistribution::decreasing, p, {1000, 5, 1}),
          cv::CostModel<std::int64_t>::uniform(100, 1, 1)};
}

void BM_OptimalFast(benchmark::State& state) {
  const auto pr = table1(state.range(0));
  for (auto _ : state) {
    auto r = tr::optimal_ordered_tree(pr, tr::RootMode::best_root());
    benchmark::DoNotOptimize(r.time);
  }
}

void BM_OptimalNaive(benchmark::State& state) {
  const auto pr = table1(state.range(0));
  for (auto _ : state) {
    auto r = tr::optimal_ordered_tree_naive(pr, tr::RootMode::best_root());
    benchmark::DoNotOptimize(r.time);
  }
}

void BM_OptimalFixed(benchmark::State& state) {
  const auto pr = table1(state.range(0));
  for (auto _ : state) {
    auto r = tr::optimal_ordered_tree(pr, tr::RootMode::fixed(state.range(0) / 2));
    benchmark::DoNotOptimize(r.time);
  }
}

void BM_Binary(benchmark::State& state) {
  const auto pr = table1(state.range(0));
  for (auto _ : state) {
    auto r = tr::optimal_binary_tree(pr, tr::RootMode::best_root());
    benchmark::DoNotOptimize(r.time);
  }
}

void BM_BinaryNaive(benchmark::State& state) {
  const auto pr = table1(state.range(0));
  for (auto _ : state) {
    auto r = tr::optimal_binary_tree_naive(pr, tr::RootMode::best_root());
    benchmark::DoNotOptimize(r.time);
  }
}

void BM_PerPair(benchmark::State& state) {
  const std::int64_t p = state.range(0);
  auto pr = table1(p);
  std::mt19937_64 g(1);
  pr.cost.p = p;
  for (std::int64_t x = 0; x < p * p; ++x) {
    pr.cost.alpha_ij.push_back(static_cast<std::int64_t>(50 + g() % 100));
    pr.cost.beta_ij.push_back(static_cast<std::int64_t>(1 + g() % 2));
  }
  pr.cost.gamma_i.assign(static_cast<std::size_t>(p), 1);
  for (auto _ : state) {
    auto r = tr::optimal_ordered_tree(pr, tr::RootMode::best_root());
    benchmark::DoNotOptimize(r.time);
  }
}

}  // namespace

BENCHMARK(BM_OptimalFast)->Arg(500)->Arg(1000)->Arg(2000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OptimalNaive)->Arg(500)->Arg(1000)->Arg(2000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OptimalFixed)->Arg(2000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Binary)->Arg(500)->Arg(1000)->Arg(2000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BinaryNaive)->Arg(500)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerPair)->Arg(50)->Arg(100)->Arg(200)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
