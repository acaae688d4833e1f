// Google Benchmark: the streaming circulant checker against the compact fast checker, in ranks
// per second (items = ranks), same process (docs/PERFORMANCE.md, "Streaming verification").
//   BM_CompactCheck/p          check_circulant_schedule on built tables (tables not timed)
//   BM_StreamFingerprint/p     streaming check, rows copied from built tables: the checker's own
//                              cost per rank (fingerprint mode)
//   BM_StreamExact/p           the same in exact mode (every receiver's row asked for again)
//   BM_StreamLogpRows/p        streaming check with rows from the O(log p) per-rank construction:
//                              what `verify bcast --stream` costs per rank and thread
//   BM_LogpRowsOnly/p          the per-rank construction alone (the floor of the line above)
#include <benchmark/benchmark.h>

#include <algorithm>

#include "checkers/circulant_invariants.hpp"
#include "checkers/circulant_streaming.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace cv = collverify;

namespace {

cv::StreamingInput table_input(const cv::CirculantSchedule& s) {
  cv::StreamingInput in;
  in.p = s.p;
  in.skips = s.skips;
  in.rows = [&s](std::int64_t r, std::span<std::int8_t> recv, std::span<std::int8_t> send) {
    std::copy_n(s.recv_row(r).begin(), s.q, recv.begin());
    std::copy_n(s.send_row(r).begin(), s.q, send.begin());
  };
  in.baseblock = [&s](std::int64_t r) { return int{s.baseblock[static_cast<std::size_t>(r)]}; };
  return in;
}

cv::StreamingInput logp_input(const cv::circulant::Circulant& c) {
  cv::StreamingInput in;
  in.p = c.p;
  in.skips = c.skips;
  in.rows = [&c](std::int64_t r, std::span<std::int8_t> recv, std::span<std::int8_t> send) {
    cv::circulant::logp_recv_schedule(c, r, recv);
    cv::circulant::logp_send_schedule(c, r, send);
  };
  return in;
}

}  // namespace

static void BM_CompactCheck(benchmark::State& state) {
  const auto s = cv::circulant::build_circulant_bcast_logp(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(cv::check_circulant_schedule(s));
  state.SetItemsProcessed(state.iterations() * s.p);
}
BENCHMARK(BM_CompactCheck)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

static void BM_StreamFingerprint(benchmark::State& state) {
  const auto s = cv::circulant::build_circulant_bcast_logp(state.range(0));
  for (auto _ : state) {
    benchmark::DoNotOptimize(cv::check_circulant_streaming(table_input(s), {{}, 0, 1}));
  }
  state.SetItemsProcessed(state.iterations() * s.p);
}
BENCHMARK(BM_StreamFingerprint)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

static void BM_StreamExact(benchmark::State& state) {
  const auto s = cv::circulant::build_circulant_bcast_logp(state.range(0));
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        cv::check_circulant_streaming(table_input(s), {cv::AgreementMode::exact, 0, 1}));
  }
  state.SetItemsProcessed(state.iterations() * s.p);
}
BENCHMARK(BM_StreamExact)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

static void BM_StreamLogpRows(benchmark::State& state) {
  const cv::circulant::Circulant c(state.range(0));
  for (auto _ : state)
    benchmark::DoNotOptimize(cv::check_circulant_streaming(logp_input(c), {{}, 0, 1}));
  state.SetItemsProcessed(state.iterations() * c.p);
}
BENCHMARK(BM_StreamLogpRows)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

static void BM_LogpRowsOnly(benchmark::State& state) {
  const cv::circulant::Circulant c(state.range(0));
  std::vector<std::int8_t> recv(static_cast<std::size_t>(c.q)), send(recv.size());
  for (auto _ : state) {
    for (std::int64_t r = 0; r < c.p; ++r) {
      cv::circulant::logp_recv_schedule(c, r, recv);
      cv::circulant::logp_send_schedule(c, r, send);
      benchmark::DoNotOptimize(send.data());
    }
  }
  state.SetItemsProcessed(state.iterations() * c.p);
}
BENCHMARK(BM_LogpRowsOnly)->Arg(1 << 20)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
