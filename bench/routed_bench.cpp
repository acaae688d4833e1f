// Google Benchmark: the routed checker's cost per delivery (docs/PERFORMANCE.md, "Routed checker").
// The schedules are streamed straight into the checker (RoutedSink), never materialised; they are
// generated here, not taken from reference/, so that the figure is the checker's alone:
//   BM_RoutedAabOnePort/d   all-to-all broadcast on the d-cube, non-combining, one packet per
//                           transmission: phase k = 0..d-1 has 2^k rounds; in round i of phase k
//                           node u sends on dimension k the i-th packet of its 2^k-node subcube
//                           (origins u ^ x, x < 2^k, in order of x). N (N - 1) deliveries in
//                           N - 1 rounds, each its own transmission: every delivery pays the arc,
//                           port, causality and holding work.
//   BM_RoutedAabExchange/d  the same collective by dimension exchange with combining: d rounds,
//                           round k sends 2^k packets per transmission (delivery cost without
//                           the per-transmission part).
// items = deliveries, so the report's items_per_second gives ns per delivery directly.
#include <benchmark/benchmark.h>

#include <vector>

#include "checkers/network/routed_check.hpp"

namespace cv = collverify;
using namespace cv::network;

namespace {

std::int64_t stream_one_port(const Network& net, int d) {
  RoutedHeader h;
  h.collective = Collective::aab;
  h.model.ports = 1;
  RoutedChecker checker(net, h);
  const std::int64_t n = std::int64_t{1} << d;
  std::int64_t round = 0;
  for (int k = 0; k < d; ++k) {
    const Direction dim[] = {k};
    for (std::int64_t x = 0; x < (std::int64_t{1} << k); ++x) {
      checker.begin_round(round++);
      for (std::int64_t u = 0; u < n; ++u) {
        const Packet p[] = {{u ^ x, 0}};
        checker.send(u, dim, p);
      }
      checker.end_round();
    }
  }
  const auto r = checker.finish();
  if (r.witness) throw std::logic_error(r.witness->message);
  return r.deliveries;
}

std::int64_t stream_exchange(const Network& net, int d) {
  RoutedHeader h;
  h.collective = Collective::aab;
  h.model.combining = true;
  RoutedChecker checker(net, h);
  const std::int64_t n = std::int64_t{1} << d;
  std::vector<Packet> packets;
  for (int k = 0; k < d; ++k) {
    const Direction dim[] = {k};
    checker.begin_round(k);
    for (std::int64_t u = 0; u < n; ++u) {
      packets.clear();
      for (std::int64_t x = 0; x < (std::int64_t{1} << k); ++x) packets.push_back({u ^ x, 0});
      checker.send(u, dim, packets);
    }
    checker.end_round();
  }
  const auto r = checker.finish();
  if (r.witness) throw std::logic_error(r.witness->message);
  return r.deliveries;
}

}  // namespace

static void BM_RoutedAabOnePort(benchmark::State& state) {
  const int d = static_cast<int>(state.range(0));
  const Network net = Network::hypercube(d);
  std::int64_t deliveries = 0;
  for (auto _ : state) deliveries += stream_one_port(net, d);
  state.SetItemsProcessed(deliveries);
}
BENCHMARK(BM_RoutedAabOnePort)->Arg(8)->Arg(12)->Unit(benchmark::kMillisecond);
// 2^32 deliveries: the d = 16 target (under 2 minutes); one iteration.
BENCHMARK(BM_RoutedAabOnePort)->Arg(16)->Iterations(1)->Unit(benchmark::kSecond);

static void BM_RoutedAabExchange(benchmark::State& state) {
  const int d = static_cast<int>(state.range(0));
  const Network net = Network::hypercube(d);
  std::int64_t deliveries = 0;
  for (auto _ : state) deliveries += stream_exchange(net, d);
  state.SetItemsProcessed(deliveries);
}
BENCHMARK(BM_RoutedAabExchange)->Arg(12)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
