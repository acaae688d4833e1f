// Prints docs/RESULTS-hypercube.md's table: for d = D_FROM..D_TO (default 1..12) the rounds and
// transmissions of the four hypercube algorithms of seed 004 (and the three-phase total
// exchange) as streamed, beside the slide-5 lower bounds, and the verdict of the structural
// checks (checkers/hypercube) on each: tree checks for AAB and OAS, the binomial, farthest-first
// and AAS audits on the streams. Nothing is hard-coded: every number is counted from a stream.
//   hypercube_results [D_FROM D_TO]
#include <fmt/format.h>

#include <cstdlib>
#include <string>

#include "checkers/hypercube/schedule_audits.hpp"
#include "checkers/hypercube/tree_checks.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/aas.hpp"
#include "reference/hypercube/hypercube_common.hpp"
#include "reference/hypercube/oab.hpp"
#include "reference/hypercube/oas.hpp"

namespace hc = collverify::hypercube;
namespace hk = collverify::hypercube_check;
namespace net = collverify::network;

namespace {

// Counts rounds and transmissions and passes everything on to an audit (if any).
class Tee final : public net::RoutedSink {
 public:
  explicit Tee(net::RoutedSink* next) : next_(next) {}
  void begin_round(std::int64_t r) override {
    rounds = r + 1;
    if (next_ != nullptr) next_->begin_round(r);
  }
  void send(std::int64_t from, std::span<const net::Direction> hops,
            std::span<const net::Packet> packets) override {
    ++sends;
    if (next_ != nullptr) next_->send(from, hops, packets);
  }
  void end_round() override {
    if (next_ != nullptr) next_->end_round();
  }
  std::int64_t rounds = 0;
  std::int64_t sends = 0;

 private:
  net::RoutedSink* next_;
};

std::string verdict(const hk::HypercubeVerdict& v) {
  return v ? "FAIL " + v->property : "ok";
}

}  // namespace

int main(int argc, char** argv) {
  const int from = argc > 2 ? std::atoi(argv[1]) : 1;
  const int to = argc > 2 ? std::atoi(argv[2]) : 12;
  fmt::print(
      "| d | OAB rounds / bound | AAB rounds / bound | OAS rounds / bound | AAS optimal / bound "
      "| AAS three-phase (x bound) | transmissions OAB, AAB, OAS, AAS (all = bound) | "
      "structural checks |\n|---|---|---|---|---|---|---|---|\n");
  for (int d = from; d <= to; ++d) {
    hk::BinomialAudit ba(d, 0);
    Tee oab(&ba);
    hc::stream_oab(d, 0, oab);
    const auto tree = hc::aab_generic_tree(d);
    Tee aab(nullptr);
    hc::stream_aab_tree(tree, aab);
    hk::FarthestFirstAudit fa(d, 0);
    Tee oas(&fa);
    hc::stream_oas(d, 0, oas);
    hk::AasOptimalAudit aa(d);
    Tee aas(&aa);
    hc::stream_aas(hc::AasVariant::optimal, d, aas);
    Tee three(nullptr);
    hc::stream_aas(hc::AasVariant::three_phase, d, three);
    const bool counts =
        oab.sends == hc::oab_transmission_bound(d) && aab.sends == hc::aab_transmission_bound(d) &&
        oas.sends == hc::oas_transmission_bound(d) && aas.sends == hc::aas_transmission_bound(d) &&
        three.sends == hc::aas_transmission_bound(d);
    const std::string checks = fmt::format(
        "binomial {}, (*) tree {} ({}), OAS tree {}, farthest-first {}, AAS busy/queues {}",
        verdict(ba.finish()), verdict(hk::check_aab_generic_tree(tree)), tree.source,
        verdict(hk::check_oas_tree(d, hc::oas_tree(d).parent)), verdict(fa.finish()),
        verdict(aa.finish()));
    fmt::print(
        "| {} | {} / {} | {} / {} | {} / {} | {} / {} | {} ({:.0f}x) | {}, {}, {}, {} ({}) | {} "
        "|\n",
        d, oab.rounds, hc::oab_round_bound(d), aab.rounds, hc::aab_round_bound(d), oas.rounds,
        hc::oas_round_bound(d), aas.rounds, hc::aas_round_bound(d), three.rounds,
        static_cast<double>(three.rounds) / static_cast<double>(hc::aas_round_bound(d)), oab.sends,
        aab.sends, oas.sends, aas.sends, counts ? "yes" : "NO", checks);
  }
  return 0;
}
