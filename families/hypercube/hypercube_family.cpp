#include "families/hypercube/hypercube_family.hpp"
#include "families/hypercube/hypercube_svg.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "checkers/hypercube/schedule_audits.hpp"
#include "checkers/network/network_bounds.hpp"
#include "families/hypercube/aab_split.hpp"
#include "engine/work_pool.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/aas.hpp"
#include "reference/hypercube/esbt.hpp"
#include "reference/hypercube/hypercube_common.hpp"
#include "reference/hypercube/oab.hpp"
#include "reference/hypercube/oas.hpp"

namespace collverify::engine {

namespace hc = hypercube;
namespace hk = hypercube_check;
namespace net = network;

namespace {

// Thrown by the tee before a round when the stop says yes; caught by judge_hypercube_stream. The
// producers (reference/hypercube) only loop over rounds, so the stream ends between two rounds
// and the checker's state is that of the rounds streamed.
struct StreamStopped {};

// Passes every call on to both sinks (the structural audit may be absent), and asks the stop (if
// any) before each round.
class Tee final : public net::RoutedSink {
 public:
  Tee(net::RoutedSink* a, net::RoutedSink& b, const HypercubeStop& stop)
      : a_(a), b_(b), stop_(stop) {}
  void begin_round(std::int64_t r) override {
    if (stop_ && stop_()) throw StreamStopped{};
    if (a_ != nullptr) a_->begin_round(r);
    b_.begin_round(r);
  }
  void send(std::int64_t from, std::span<const net::Direction> hops,
            std::span<const net::Packet> packets) override {
    if (a_ != nullptr) a_->send(from, hops, packets);
    b_.send(from, hops, packets);
  }
  void send_hops(std::span<const net::SingleHop> batch) override {
    if (a_ != nullptr) a_->send_hops(batch);
    b_.send_hops(batch);
  }
  void end_round() override {
    if (a_ != nullptr) a_->end_round();
    b_.end_round();
  }

 private:
  net::RoutedSink* a_;
  net::RoutedSink& b_;
  const HypercubeStop& stop_;
};

net::Collective collective_of(HypercubeAlgo a) {
  switch (a) {
    case HypercubeAlgo::oab:
    case HypercubeAlgo::oab_1port: return net::Collective::oab;
    case HypercubeAlgo::aab: return net::Collective::aab;
    case HypercubeAlgo::oas: return net::Collective::oas;
    case HypercubeAlgo::aas:
    case HypercubeAlgo::aas_3phase: return net::Collective::aas;
    case HypercubeAlgo::esbt: return net::Collective::bcast;
  }
  return net::Collective::oab;
}

// pieces: ESBT's s (already resolved by hypercube_pieces); 1 for the others.
net::RoutedHeader header_of_algo(HypercubeAlgo a, std::int64_t pieces = 1) {
  net::RoutedHeader h;
  h.model = a == HypercubeAlgo::oab_1port ? hc::oab_comm_model(hc::OabModel::one_port_half_duplex)
                                          : hc::oab_comm_model(hc::OabModel::all_port_full_duplex);
  if (a == HypercubeAlgo::esbt) h.model = CommModel{1, Duplex::full, Switching::store_and_forward, false};
  h.collective = collective_of(a);
  h.root = 0;
  h.pieces = a == HypercubeAlgo::esbt ? pieces : 1;
  return h;
}

std::unique_ptr<hk::AuditBase> audit_of(HypercubeAlgo a, int d, std::int64_t pieces) {
  switch (a) {
    case HypercubeAlgo::esbt: return std::make_unique<hk::EsbtAudit>(d, pieces);
    case HypercubeAlgo::oab:
    case HypercubeAlgo::oab_1port: return std::make_unique<hk::BinomialAudit>(d, 0);
    case HypercubeAlgo::oas: return std::make_unique<hk::FarthestFirstAudit>(d, 0);
    case HypercubeAlgo::aas:
    case HypercubeAlgo::aas_3phase: return std::make_unique<hk::AasOptimalAudit>(d);
    case HypercubeAlgo::aab: return nullptr;  // judged on its generic tree
  }
  return nullptr;
}

bool is_aas(HypercubeAlgo a) { return a == HypercubeAlgo::aas || a == HypercubeAlgo::aas_3phase; }

std::int64_t index_of(HypercubeAlgo a) { return static_cast<std::int64_t>(a); }

}  // namespace

const char* to_string(HypercubeAlgo a) {
  switch (a) {
    case HypercubeAlgo::oab: return "oab";
    case HypercubeAlgo::oab_1port: return "oab-1port";
    case HypercubeAlgo::aab: return "aab";
    case HypercubeAlgo::oas: return "oas";
    case HypercubeAlgo::aas: return "aas";
    case HypercubeAlgo::aas_3phase: return "aas-3phase";
    case HypercubeAlgo::esbt: return "esbt";
  }
  return "?";
}

std::vector<HypercubeAlgo> all_hypercube_algos() {
  return {HypercubeAlgo::oab, HypercubeAlgo::oab_1port, HypercubeAlgo::aab,
          HypercubeAlgo::oas, HypercubeAlgo::aas,       HypercubeAlgo::aas_3phase};
}

std::vector<HypercubeAlgo> every_hypercube_algo() {
  std::vector<HypercubeAlgo> out = all_hypercube_algos();
  out.push_back(HypercubeAlgo::esbt);
  return out;
}

HypercubeAlgo parse_hypercube_algo(const std::string& word) {
  for (HypercubeAlgo a : every_hypercube_algo()) {
    if (word == to_string(a)) return a;
  }
  throw InputError(fmt::format(
      "--algo '{}' is not a hypercube algorithm (accepted: oab, oab-1port, aab, oas, aas, "
      "aas-3phase, esbt)",
      word));
}

std::int64_t hypercube_pieces(HypercubeAlgo a, int d, std::int64_t s) {
  if (a != HypercubeAlgo::esbt) return 1;
  return s > 0 ? s : std::max<std::int64_t>(1, 2 * std::int64_t{d});
}

std::int64_t hypercube_round_bound(HypercubeAlgo a, int d, std::int64_t s) {
  if (a == HypercubeAlgo::esbt) {
    return hk::one_port_pipelined_broadcast_bound(d, hypercube_pieces(a, d, s));
  }
  return net::hypercube_bound(collective_of(a), d).rounds;
}

std::int64_t hypercube_claimed_rounds(HypercubeAlgo a, int d, std::int64_t s) {
  if (a == HypercubeAlgo::esbt) return hk::esbt_claimed_rounds(d, hypercube_pieces(a, d, s));
  return hypercube_round_bound(a, d, s);
}

net::RoutedSchedule hypercube_header(HypercubeAlgo a, int d, std::int64_t root, std::int64_t s) {
  hc::require_dimension(d, to_string(a));
  const bool rooted = a == HypercubeAlgo::oab || a == HypercubeAlgo::oab_1port || a == HypercubeAlgo::oas;
  if (root < 0 || root >= (std::int64_t{1} << d) || (!rooted && root != 0)) {
    throw InputError(fmt::format(
        "--root {} is not {} for {} on the d = {} cube", root,
        rooted                       ? fmt::format("a node 0..{}", (std::int64_t{1} << d) - 1)
        : a == HypercubeAlgo::esbt   ? std::string("0 (the ESBT trees are built for root 0)")
                                     : std::string("0 (an all-to-all collective has no root)"),
        to_string(a), d));
  }
  if (s < 0 || (s > 0 && a != HypercubeAlgo::esbt)) {
    throw InputError(fmt::format("--s {} is {}", s,
                                 s < 0 ? std::string("not a packet count (s >= 1)")
                                       : fmt::format("ESBT's packet count; {} sends one", to_string(a))));
  }
  const std::int64_t pieces = hypercube_pieces(a, d, s);
  const net::RoutedHeader h = header_of_algo(a, pieces);
  net::RoutedSchedule out;
  out.network = hc::hypercube_spec(d);
  out.model = h.model;
  out.collective = h.collective;
  out.root = root;
  out.pieces = h.pieces;
  return out;
}

void stream_hypercube(HypercubeAlgo a, int d, std::int64_t root, net::RoutedSink& sink,
                      std::int64_t s) {
  switch (a) {
    case HypercubeAlgo::esbt: net::replay(hc::esbt_broadcast(d, hypercube_pieces(a, d, s)), sink); return;
    case HypercubeAlgo::oab:
    case HypercubeAlgo::oab_1port: hc::stream_oab(d, root, sink); return;
    case HypercubeAlgo::aab: hc::stream_aab(d, sink); return;
    case HypercubeAlgo::oas: hc::stream_oas(d, root, sink); return;
    case HypercubeAlgo::aas: hc::stream_aas(hc::AasVariant::optimal, d, sink); return;
    case HypercubeAlgo::aas_3phase: hc::stream_aas(hc::AasVariant::three_phase, d, sink); return;
  }
}

bool HypercubeJudgement::simulation_ok() const {
  return !simulation.witness && simulation.rounds == claim;
}

bool HypercubeJudgement::structural_ok() const { return !structural.has_value(); }

HypercubeJudgement judge_hypercube_stream(HypercubeAlgo algo, int d,
                                          const std::function<void(net::RoutedSink&)>& produce,
                                          hk::HypercubeVerdict tree_verdict,
                                          const HypercubeStop& stop, std::int64_t s) {
  HypercubeJudgement j;
  j.algo = algo;
  j.d = d;
  j.pieces = hypercube_pieces(algo, d, s);
  j.lower_bound = hypercube_round_bound(algo, d, j.pieces);
  j.claim = hypercube_claimed_rounds(algo, d, j.pieces);
  const net::Network cube = net::Network::hypercube(d);
  net::RoutedChecker checker(cube, header_of_algo(algo, j.pieces), {j.lower_bound});
  auto audit = audit_of(algo, d, j.pieces);
  Tee tee(audit.get(), checker, stop);
  try {
    produce(tee);
  } catch (const StreamStopped&) {
    j.interrupted = true;
  }
  j.simulation = checker.finish();
  j.structural = tree_verdict;
  if (j.interrupted) {
    drop_unfinished_witness(j.simulation);
    return j;  // a streamed audit saw only some rounds: no verdict of its own
  }
  if (!j.structural && audit) j.structural = audit->finish();
  return j;
}

HypercubeJudgement judge_hypercube_schedule(HypercubeAlgo algo, const net::RoutedSchedule& s) {
  CV_ASSERT(s.network.kind == net::NetworkKind::hypercube && s.network.params.size() == 1,
            "judge_hypercube_schedule needs a hypercube schedule");
  return judge_hypercube_stream(
      algo, static_cast<int>(s.network.params[0]),
      [&](net::RoutedSink& sink) { net::replay(s, sink); }, std::nullopt, {},
      algo == HypercubeAlgo::esbt ? s.pieces : 0);
}

HypercubeJudgement judge_aab_tree(const hc::GenericTree& tree, int jobs, const HypercubeStop& stop) {
  if (jobs > 1) {
    HypercubeJudgement j;
    j.algo = HypercubeAlgo::aab;
    j.d = tree.d;
    j.lower_bound = hypercube_round_bound(HypercubeAlgo::aab, tree.d);
    j.claim = j.lower_bound;
    j.structural = hk::check_aab_generic_tree(tree);
    AabSplitRun run =
        simulate_aab_split(tree, header_of_algo(HypercubeAlgo::aab), {j.lower_bound}, jobs, stop);
    j.simulation = std::move(run.simulation);
    j.interrupted = run.interrupted;
    return j;
  }
  return judge_hypercube_stream(HypercubeAlgo::aab, tree.d,
                                [&](net::RoutedSink& sink) { hc::stream_aab_tree(tree, sink); },
                                hk::check_aab_generic_tree(tree), stop);
}

HypercubeJudgement judge_oas_tree(const hc::OasTree& tree, const HypercubeStop& stop) {
  return judge_hypercube_stream(HypercubeAlgo::oas, tree.d,
                                [&](net::RoutedSink& sink) { hc::stream_oas_tree(tree, 0, sink); },
                                hk::check_oas_tree(tree.d, tree.parent), stop);
}

HypercubeJudgement judge_hypercube(HypercubeAlgo algo, int d, int jobs, const HypercubeStop& stop,
                                   std::int64_t s) {
  switch (algo) {
    case HypercubeAlgo::esbt: {
      const net::RoutedSchedule sched = hc::esbt_broadcast(d, hypercube_pieces(algo, d, s));
      return judge_hypercube_stream(
          algo, d, [&](net::RoutedSink& sink) { net::replay(sched, sink); }, std::nullopt, stop,
          sched.pieces);
    }
    case HypercubeAlgo::oab:
    case HypercubeAlgo::oab_1port:
      return judge_hypercube_stream(
          algo, d, [&](net::RoutedSink& sink) { hc::stream_oab(d, 0, sink); }, std::nullopt, stop);
    case HypercubeAlgo::aab: return judge_aab_tree(hc::aab_generic_tree(d), jobs, stop);
    case HypercubeAlgo::oas: return judge_oas_tree(hc::oas_tree(d), stop);
    case HypercubeAlgo::aas:
    case HypercubeAlgo::aas_3phase: {
      const auto variant =
          algo == HypercubeAlgo::aas ? hc::AasVariant::optimal : hc::AasVariant::three_phase;
      return judge_hypercube_stream(
          algo, d, [&](net::RoutedSink& sink) { hc::stream_aas(variant, d, sink); }, std::nullopt,
          stop);
    }
  }
  throw InputError("unknown hypercube algorithm");
}

std::vector<Violation> hypercube_violations(const HypercubeJudgement& j) {
  std::vector<Violation> out;
  const std::string name = to_string(j.algo);
  const std::int64_t n = index_of(j.algo);
  const bool reported_only = j.algo == HypercubeAlgo::aas_3phase;  // non-optimal by design
  if (j.structural && !reported_only) {
    Violation v;
    v.property = j.structural->property;
    v.p = j.d;
    v.n = n;
    v.rank = j.structural->node >= 0 ? j.structural->node : kNone;
    v.round = j.structural->round >= 0 ? j.structural->round : kNone;
    v.message = fmt::format("{} structural check: {}", name, j.structural->message);
    out.push_back(std::move(v));
  }
  if (j.simulation.witness) {
    Violation v = net::to_violation(*j.simulation.witness, std::int64_t{1} << j.d);
    v.p = j.d;
    v.n = n;
    v.message = fmt::format("{} simulation (N = {}): {}", name, std::int64_t{1} << j.d, v.message);
    out.push_back(std::move(v));
  }
  if (j.interrupted) return out;  // rounds and agreement need the whole simulation
  if (!j.simulation.witness && !reported_only && j.simulation.rounds != j.claim) {
    Violation v;
    v.p = j.d;
    v.n = n;
    v.round = j.simulation.rounds;
    if (j.algo == HypercubeAlgo::esbt) {
      v.property = "rounds_not_at_claim";
      v.message = fmt::format(
          "{} takes {} rounds for s = {}; Johnsson and Ho's s + d is {} (1-port bound {})", name,
          j.simulation.rounds, j.pieces, j.claim, j.lower_bound);
    } else {
      v.property = "rounds_above_bound";
      v.message = fmt::format("{} takes {} rounds, the slide-5 bound is {}", name,
                              j.simulation.rounds, j.lower_bound);
    }
    out.push_back(std::move(v));
  }
  if (!j.agree()) {
    Violation v;
    v.property = "structural_vs_simulation";
    v.p = j.d;
    v.n = n;
    v.message = fmt::format(
        "{}: the structural check says {} ({}) but the simulation says {} ({} rounds, held to "
        "{}{})",
        name, j.structural_ok() ? "valid" : "invalid",
        j.structural ? j.structural->property : std::string("every rule holds"),
        j.simulation_ok() ? "valid and at its rounds" : "not (valid and at its rounds)",
        j.simulation.rounds, j.claim,
        j.simulation.witness ? "; " + j.simulation.witness->message : std::string());
    out.push_back(std::move(v));
  }
  return out;
}

HypercubeFamily::HypercubeFamily(std::vector<HypercubeAlgo> algos, bool aas_explicit,
                                 int aas_max_dimension, std::int64_t esbt_s, std::string name)
    : name_(std::move(name)),
      algos_(algos.empty() ? all_hypercube_algos() : std::move(algos)),
      aas_explicit_(aas_explicit),
      aas_max_(aas_max_dimension),
      esbt_s_(esbt_s) {}

std::vector<HypercubeAlgo> HypercubeFamily::algos_for(std::int64_t d) const {
  std::vector<HypercubeAlgo> out;
  for (HypercubeAlgo a : algos_) {
    if (is_aas(a) && d > aas_max_) continue;
    out.push_back(a);
  }
  return out;
}

Coverage HypercubeFamily::coverage() const {
  Coverage c;
  std::string list;
  bool any_aas = false;
  bool any_esbt = false;
  bool any_lecture = false;  // one of the lecture's six
  for (HypercubeAlgo a : algos_) {
    list += fmt::format("{}{} = {}", list.empty() ? "" : ", ", index_of(a), to_string(a));
    any_aas = any_aas || is_aas(a);
    any_esbt = any_esbt || a == HypercubeAlgo::esbt;
    any_lecture = any_lecture || a != HypercubeAlgo::esbt;
  }
  c.parameters = fmt::format("p = the dimension d (N = 2^d nodes); algorithms (n = index): {}", list);
  if (any_lecture) {
    c.parameters +=
        "; all-port full-duplex store-and-forward non-combining (oab-1port: 1 port, half duplex), "
        "roots 0; aas-3phase is valid but not optimal and reported with its rounds, not as a "
        "violation";
  }
  if (any_aas) {
    c.parameters += fmt::format(
        "; AAS simulated up to d = {} only (holdings N^3 bits, d 2^(2d-1) deliveries), skipped "
        "above",
        aas_max_);
  }
  if (any_esbt) {
    c.parameters += fmt::format(
        "; esbt: s = {} packets, 1 port, full duplex, store-and-forward, non-combining, root 0",
        esbt_s_ > 0 ? std::to_string(esbt_s_) : std::string("2d"));
  }
  if (any_lecture) {
    c.properties = {"binomial audit (oab)", "property (*) of the AAB generic tree",
                    "OAS balanced tree and farthest-first order",
                    "AAS links busy every round, queue order"};
  }
  if (any_esbt) {
    c.properties.push_back("ESBT one dimension a round, edge-disjoint trees, one parent per tree");
  }
  for (const std::string& p : net::routed_property_names()) c.properties.push_back("simulation: " + p);
  if (any_lecture) c.properties.push_back("rounds_above_bound");
  if (any_esbt) c.properties.push_back("rounds_not_at_claim");
  c.properties.push_back("structural_vs_simulation");
  std::string bound;
  if (any_lecture) {
    bound =
        "slide 5: oab d; aab and oas ceil((2^d - 1)/d); aas 2^(d-1) rounds (aas-3phase: d 2^(d-1) "
        "against 2^(d-1))";
  }
  if (any_esbt) {
    bound.append(any_lecture ? "; " : "");
    bound.append("esbt: 1 port, s + d - 1 rounds (held to Johnsson and Ho's s + d)");
  }
  c.lower_bound = bound;
  // std::string(...), not = "...": GCC 12 at -O3 reports a false -Wrestrict on the latter.
  c.unit = std::string("dimension");
  c.units = std::string("dimensions");
  c.unit_symbol = std::string("d");
  return c;
}

void HypercubeFamily::accept(std::int64_t d) const {
  if (d < 1 || d > kHypercubeMaxDimension) {
    throw InputError(fmt::format(
        "--d {} is not in 1..{} (the hypercube family simulates all 2^d trees; AAB at d = {} "
        "takes 2^{} deliveries)",
        d, kHypercubeMaxDimension, kHypercubeMaxDimension, 2 * kHypercubeMaxDimension));
  }
  if (aas_explicit_ && d > aas_max_) {
    for (HypercubeAlgo a : algos_) {
      if (!is_aas(a)) continue;
      throw InputError(fmt::format(
          "--d {} is above {}, the largest d whose {} simulation fits in about a minute (holdings "
          "2^{} bits, {:.3g} deliveries)",
          d, aas_max_, to_string(a), 3 * d, hc::aas_transmissions_estimate(static_cast<int>(d))));
    }
  }
}

double HypercubeFamily::cost(std::int64_t d) const {
  double deliveries = 0;
  const int e = static_cast<int>(d);
  for (HypercubeAlgo a : algos_for(d)) {
    switch (a) {
      case HypercubeAlgo::oab:
      case HypercubeAlgo::oab_1port: deliveries += static_cast<double>(hc::oab_transmission_bound(e)); break;
      case HypercubeAlgo::aab: deliveries += static_cast<double>(hc::aab_transmission_bound(e)); break;
      case HypercubeAlgo::oas: deliveries += static_cast<double>(hc::oas_transmission_bound(e)); break;
      case HypercubeAlgo::aas:
      case HypercubeAlgo::aas_3phase: deliveries += hc::aas_transmissions_estimate(e); break;
      case HypercubeAlgo::esbt:
        deliveries += static_cast<double>(hypercube_pieces(a, e, esbt_s_)) *
                      static_cast<double>((std::int64_t{1} << e) - 1);
        break;
    }
  }
  return deliveries + 1;
}

bool HypercubeFamily::alone(std::int64_t d) const {
  const auto algos = algos_for(d);
  return d >= kAabSplitMinDimension &&
         std::find(algos.begin(), algos.end(), HypercubeAlgo::aab) != algos.end();
}

std::int64_t HypercubeFamily::bytes(std::int64_t d, int jobs) const {
  // The algorithms run one after the other: the largest checker plus the network and the
  // producer's own tables (a generic tree or an OAS tree: O(2^d); AAS hop times: O(d 2^d)).
  const net::Network cube = net::Network::hypercube(d);
  const std::int64_t nodes = std::int64_t{1} << d;
  std::int64_t most = 0;
  for (HypercubeAlgo a : algos_for(d)) {
    const std::int64_t pieces = hypercube_pieces(a, static_cast<int>(d), esbt_s_);
    most = std::max(most, net::routed_check_bytes(cube, header_of_algo(a, pieces)));
    // ESBT is materialised (reference/hypercube/esbt.hpp): about 96 bytes a transmission.
    if (a == HypercubeAlgo::esbt) most = std::max(most, pieces * nodes * 96 * 2);
    if (a == HypercubeAlgo::aab && alone(d)) {
      most = std::max(most, aab_split_bytes(cube, header_of_algo(a), jobs));
    }
  }
  return most + net::Network::memory_estimate(hc::hypercube_spec(static_cast<int>(d))) +
         nodes * (d + 1) * 16;
}

std::string HypercubeFamily::what(std::int64_t d) const {
  return fmt::format("d = {} (N = {} nodes)", d, std::int64_t{1} << d);
}

Outcome HypercubeFamily::check(std::int64_t d, const CheckContext& context) const {
  const auto start = std::chrono::steady_clock::now();
  Outcome out;
  const std::atomic<bool>* flag = context.stop;
  const HypercubeStop stop = [flag] { return stop_requested(flag); };
  for (HypercubeAlgo a : algos_for(d)) {
    if (stop()) {
      out.complete = false;
      break;
    }
    const HypercubeJudgement j =
        judge_hypercube(a, static_cast<int>(d), context.threads, stop, esbt_s_);
    std::vector<Violation> v = hypercube_violations(j);
    for (auto& x : v) out.violations.push_back(std::move(x));
    if (j.interrupted) {  // not an instance checked; its witness, if any, is kept above
      out.complete = false;
      break;
    }
    const Status s = v.empty() ? Status::pass : Status::fail;
    out.instance_results.push_back({d, index_of(a), s, j.simulation.rounds, j.lower_bound});
    ++out.instances;
  }
  std::sort(out.violations.begin(), out.violations.end());
  out.status = !out.violations.empty() ? Status::fail
               : out.complete          ? Status::pass
                                       : Status::inconclusive;  // not a pass: stopped inside
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

void HypercubeFamily::finish(ConstructionSummary& summary,
                             const std::vector<Finished>& finished) const {
  // Rounds against the bound, one row per d and one column per algorithm, as a table in every
  // report (it was one paragraph appended to the lower bound's text).
  const std::size_t algos = every_hypercube_algo().size();
  std::map<std::int64_t, std::vector<std::string>> by_d;
  std::vector<bool> seen(algos, false);
  std::int64_t largest = 0;
  std::vector<InstanceResult> results;
  for (const Finished& c : finished) {
    results.insert(results.end(), c.outcome->instance_results.begin(),
                   c.outcome->instance_results.end());
  }
  for (const InstanceResult& r : results) {
    if (r.n < 0 || r.n >= static_cast<std::int64_t>(algos)) continue;
    std::vector<std::string>& row = by_d[r.p];
    row.resize(algos, "-");
    row[static_cast<std::size_t>(r.n)] =
        fmt::format("{}/{}", r.rounds == kNone ? std::string("-") : std::to_string(r.rounds),
                    r.lower_bound);
    seen[static_cast<std::size_t>(r.n)] = true;
    largest = std::max(largest, r.p);
  }
  if (!by_d.empty()) {
    SizeTable t;
    t.title = "Rounds / bound by d";
    t.headers = {"d"};
    for (std::size_t a = 0; a < algos; ++a) {
      if (seen[a]) t.headers.emplace_back(to_string(static_cast<HypercubeAlgo>(a)));
    }
    for (const auto& [d, cells] : by_d) {
      std::vector<std::string> row{std::to_string(d)};
      for (std::size_t a = 0; a < algos; ++a) {
        if (seen[a]) row.push_back(cells[a]);
      }
      t.rows.push_back(std::move(row));
    }
    t.note = "rounds / the slide-5 lower bound, per algorithm; - when not run";
    if (seen[static_cast<std::size_t>(HypercubeAlgo::esbt)]) {
      t.note += "; esbt: rounds / the 1-port bound s + d - 1 (it is held to s + d)";
    }
    summary.tables.push_back(std::move(t));
  }
  // The pictures of the lecture's slides at a size that stays readable (not for ESBT alone).
  const bool lecture = std::any_of(algos_.begin(), algos_.end(),
                                   [](HypercubeAlgo a) { return a != HypercubeAlgo::esbt; });
  if (largest >= 1 && lecture) {
    const int dp = static_cast<int>(std::min<std::int64_t>(largest, 5));
    summary.pictures_svg.push_back({"aab_tree.svg",
                                    fmt::format("AAB generic tree by round, d = {}", dp),
                                    aab_tree_svg(hc::aab_generic_tree(dp))});
    summary.pictures_svg.push_back({"oas_tree.svg", fmt::format("OAS tree, d = {}", dp),
                                    oas_tree_svg(dp, hc::oas_tree(dp).parent)});
  }
}

}  // namespace collverify::engine
