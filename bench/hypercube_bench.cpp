// Google Benchmark programs for the hypercube algorithms of seed 004 (docs/PERFORMANCE.md,
// "Hypercube"):
//   BM_AabStructural/d    check_aab_generic_tree (property (*), tree validity, rounds) on the
//                         generic tree built beforehand: the target, d = 16 under 1 s
//   BM_AabConstruction/d  Steps I-IV (rotation classes, numbering, the generic tree)
//   BM_AabStream/d        the whole all-to-all broadcast streamed into a sink that only counts
//                         (2^d (2^d - 1) deliveries; d = 16 is 2^32, one iteration)
//   BM_OasTree/d          the balanced scatter tree
//   BM_AasOptimalAudit/d  the optimal total exchange streamed through AasOptimalAudit
//                         (items = transmissions, so the rate is audited transmissions a second)
#include <benchmark/benchmark.h>

#include "checkers/hypercube/schedule_audits.hpp"
#include "checkers/hypercube/tree_checks.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/aas.hpp"
#include "reference/hypercube/hypercube_common.hpp"
#include "reference/hypercube/oas.hpp"

namespace hc = collverify::hypercube;
namespace hk = collverify::hypercube_check;
namespace net = collverify::network;

namespace {

class CountingSink final : public net::RoutedSink {
 public:
  void begin_round(std::int64_t) override {}
  void send(std::int64_t from, std::span<const net::Direction> hops,
            std::span<const net::Packet> packets) override {
    sends += 1;
    checksum += from + hops[0] + packets[0].origin;
  }
  void end_round() override {}
  std::int64_t sends = 0;
  std::int64_t checksum = 0;
};

void BM_AabStructural(benchmark::State& state) {
  const auto tree = hc::aab_generic_tree(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    auto v = hk::check_aab_generic_tree(tree);
    if (v) state.SkipWithError(v->message.c_str());
    benchmark::DoNotOptimize(v);
  }
}

void BM_AabConstruction(benchmark::State& state) {
  for (auto _ : state) {
    auto tree = hc::aab_generic_tree(static_cast<int>(state.range(0)));
    benchmark::DoNotOptimize(tree.edges.data());
  }
}

void BM_AabStream(benchmark::State& state) {
  const int d = static_cast<int>(state.range(0));
  for (auto _ : state) {
    CountingSink sink;
    hc::stream_aab(d, sink);
    benchmark::DoNotOptimize(sink.checksum);
    state.SetItemsProcessed(state.items_processed() + sink.sends);
  }
}

void BM_OasTree(benchmark::State& state) {
  for (auto _ : state) {
    auto tree = hc::oas_tree(static_cast<int>(state.range(0)));
    benchmark::DoNotOptimize(tree.parent.data());
  }
}

void BM_AasOptimalAudit(benchmark::State& state) {
  const int d = static_cast<int>(state.range(0));
  for (auto _ : state) {
    hk::AasOptimalAudit audit(d);
    hc::stream_aas(hc::AasVariant::optimal, d, audit);
    auto v = audit.finish();
    if (v) state.SkipWithError(v->message.c_str());
    state.SetItemsProcessed(state.items_processed() + hc::aas_transmission_bound(d));
  }
}

}  // namespace

BENCHMARK(BM_AabStructural)->Arg(12)->Arg(16)->Arg(20)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AabConstruction)->Arg(12)->Arg(16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AabStream)->Arg(12)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AabStream)->Arg(16)->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_OasTree)->Arg(16)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AasOptimalAudit)->Arg(8)->Arg(10)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
