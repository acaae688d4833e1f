// Google Benchmark for the O(log p) circulant broadcast schedules (docs/PERFORMANCE.md,
// "O(log p) construction"). Time per rank, random ranks (fixed seed), both constructions in the
// same process so that their ratio is meaningful on a loaded machine:
//   BM_LogpRank/e/d    logp_recv_schedule + logp_send_schedule at p = 2^e - d
//   BM_LogpRecv/e/d    logp_recv_schedule alone
//   BM_Alg45Rank/e/d   rank_schedule (Algorithms 4 + 5, O(q^3)) at the same p, the baseline
//   BM_LogpTable/p     build_circulant_bcast_logp (all ranks), time per rank
// The verify bcast path per p (docs/PERFORMANCE.md, "verify bcast per p"), time per rank:
//   BM_LogpTableInto/p     build_circulant_bcast_logp_into, one buffer reused across iterations
//   BM_LogpTablePerRank/p  its slow twin build_circulant_bcast_logp_per_rank (fresh tables)
//   BM_CheckPass/p         circulant_ranks_pass, the fast path of check_circulant_schedule
//   BM_CheckRanks/p        check_circulant_ranks, its slow twin (the checker before)
//   BM_VerifyPerP/p        build into a reused buffer + check_circulant_schedule (the new path)
//   BM_VerifyPerPBefore/p  per-rank build + shape + check_circulant_ranks (the old path)
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "checkers/circulant_invariants.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace cv = collverify;

namespace {

std::int64_t p_of(const benchmark::State& state) {
  return (std::int64_t{1} << state.range(0)) - state.range(1);
}

// Random ranks drawn up front so that the generator is not timed.
std::vector<std::int64_t> ranks(std::int64_t p) {
  std::mt19937_64 g(42);
  std::uniform_int_distribution<std::int64_t> rank(0, p - 1);
  std::vector<std::int64_t> out(4096);
  for (auto& r : out) r = rank(g);
  return out;
}

void BM_LogpRank(benchmark::State& state) {
  const std::int64_t p = p_of(state);
  const cv::circulant::Circulant c(p);
  const auto rs = ranks(p);
  std::vector<std::int8_t> recv(static_cast<std::size_t>(c.q)), send(recv.size());
  std::size_t i = 0;
  for (auto _ : state) {
    const std::int64_t r = rs[i++ & 4095];
    cv::circulant::logp_recv_schedule(c, r, recv);
    cv::circulant::logp_send_schedule(c, r, send);
    benchmark::DoNotOptimize(recv.data());
    benchmark::DoNotOptimize(send.data());
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("p = " + std::to_string(p) + ", items = ranks");
}

void BM_LogpRecv(benchmark::State& state) {
  const std::int64_t p = p_of(state);
  const cv::circulant::Circulant c(p);
  const auto rs = ranks(p);
  std::vector<std::int8_t> recv(static_cast<std::size_t>(c.q));
  std::size_t i = 0;
  for (auto _ : state) {
    cv::circulant::logp_recv_schedule(c, rs[i++ & 4095], recv);
    benchmark::DoNotOptimize(recv.data());
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Alg45Rank(benchmark::State& state) {
  const std::int64_t p = p_of(state);
  const cv::circulant::Circulant c(p);
  const auto rs = ranks(p);
  std::size_t i = 0;
  for (auto _ : state) {
    auto s = cv::circulant::rank_schedule(c, rs[i++ & 4095]);
    benchmark::DoNotOptimize(s.send.data());
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("p = " + std::to_string(p) + ", items = ranks");
}

void BM_LogpTable(benchmark::State& state) {
  const std::int64_t p = state.range(0);
  for (auto _ : state) {
    auto s = cv::circulant::build_circulant_bcast_logp(p);
    benchmark::DoNotOptimize(s.send.data());
  }
  state.SetItemsProcessed(state.iterations() * p);
}

void BM_LogpTableInto(benchmark::State& state) {
  const std::int64_t p = state.range(0);
  cv::CirculantSchedule s;
  for (auto _ : state) {
    cv::circulant::build_circulant_bcast_logp_into(p, s);
    benchmark::DoNotOptimize(s.send.data());
  }
  state.SetItemsProcessed(state.iterations() * p);
}

void BM_LogpTablePerRank(benchmark::State& state) {
  const std::int64_t p = state.range(0);
  for (auto _ : state) {
    auto s = cv::circulant::build_circulant_bcast_logp_per_rank(p);
    benchmark::DoNotOptimize(s.send.data());
  }
  state.SetItemsProcessed(state.iterations() * p);
}

void BM_CheckPass(benchmark::State& state) {
  const auto s = cv::circulant::build_circulant_bcast_logp(state.range(0));
  for (auto _ : state) {
    bool ok = cv::circulant_ranks_pass(s, 0, s.p);
    benchmark::DoNotOptimize(ok);
  }
  state.SetItemsProcessed(state.iterations() * s.p);
}

void BM_CheckRanks(benchmark::State& state) {
  const auto s = cv::circulant::build_circulant_bcast_logp(state.range(0));
  for (auto _ : state) {
    auto v = cv::check_circulant_ranks(s, 0, s.p);
    benchmark::DoNotOptimize(v);
  }
  state.SetItemsProcessed(state.iterations() * s.p);
}

void BM_VerifyPerP(benchmark::State& state) {
  const std::int64_t p = state.range(0);
  cv::CirculantSchedule s;
  for (auto _ : state) {
    cv::circulant::build_circulant_bcast_logp_into(p, s);
    auto v = cv::check_circulant_schedule(s);
    benchmark::DoNotOptimize(v);
  }
  state.SetItemsProcessed(state.iterations() * p);
}

void BM_VerifyPerPBefore(benchmark::State& state) {
  const std::int64_t p = state.range(0);
  for (auto _ : state) {
    const auto s = cv::circulant::build_circulant_bcast_logp_per_rank(p);
    auto v = cv::check_circulant_shape(s);
    if (!v) v = cv::check_circulant_ranks(s, 0, s.p);
    benchmark::DoNotOptimize(v);
  }
  state.SetItemsProcessed(state.iterations() * p);
}

}  // namespace

BENCHMARK(BM_LogpTableInto)->Arg(16384)->Arg(1 << 17)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LogpTablePerRank)->Arg(16384)->Arg(1 << 17)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CheckPass)->Arg(16384)->Arg(1 << 17)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CheckRanks)->Arg(16384)->Arg(1 << 17)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_VerifyPerP)->Arg(16384)->Arg(1 << 17)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_VerifyPerPBefore)->Arg(16384)->Arg(1 << 17)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LogpRank)->ArgsProduct({{20, 29, 30}, {0, 1}})->Unit(benchmark::kNanosecond);
BENCHMARK(BM_LogpRecv)->ArgsProduct({{20, 29, 30}, {0, 1}})->Unit(benchmark::kNanosecond);
BENCHMARK(BM_Alg45Rank)->ArgsProduct({{20, 29, 30}, {0, 1}})->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LogpTable)->Arg(1 << 17)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
