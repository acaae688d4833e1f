// The hypercube family (seed 004, issue 10): the four optimal algorithms of Bertsekas et al. on
// the all-port full-duplex store-and-forward d-cube, verified for d = 1..kMaxDimension. The
// engine's "p" is the dimension d (N = 2^d nodes).
//
// For each selected algorithm, check(d) judges the construction twice, independently:
//   structural  the checkers/hypercube rules, no packet simulated: OAB the binomial audit, AAB
//               property (*) of the generic tree (check_aab_generic_tree), OAS the balanced tree
//               (check_oas_tree) and farthest-first order (FarthestFirstAudit), AAS every link
//               busy every round with the queue order of slides 66-76 (AasOptimalAudit);
//   simulation  the producer streamed into the routed checker (checkers/network) with the
//               slide-5 lower bound: causality, arc exclusivity, ports, completeness, rounds.
// Both are run on one stream (a tee), nothing is materialised. A construction is right when the
// simulation finds no violation and its rounds equal the slide-5 bound; the two verdicts must
// agree, otherwise the violation "structural_vs_simulation" names both. Violations carry
// n = the algorithm's index (HypercubeAlgo) and the message starts with its name.
// Algorithms: oab (root 0), oab_1port (the same tree in the 1-port half-duplex model, slide 15),
// aab, oas (root 0), aas (the optimal total exchange), aas_3phase (the recursive three-phase
// total exchange: a valid schedule of d 2^(d-1) rounds, reported beside its bound 2^(d-1) and not
// a violation; its structural check is that the AAS audit rejects it, i.e. it leaves links idle).
// esbt (issue 23): Johnsson and Ho's pipelined broadcast of s packets down d edge-disjoint
// spanning binomial trees (reference/hypercube/esbt.hpp; seed 002's hypercube competitor), in the
// 1-port full-duplex model; s = 2d unless given. Not in the default list (it is not one of the
// lecture's algorithms): named with --algo esbt, and the campaign part hypercube-esbt. It is held
// to its claim s + d rounds (d = 1: s) beside the 1-port lower bound s + d - 1, which it misses
// by one; its structural check is the EsbtAudit (checkers/hypercube/schedule_audits.hpp).
// AAS simulations hold N^3 bits and take d 2^(2d-1) deliveries, so they run up to
// kAasMaxDimension (measured, docs/PERFORMANCE.md "Hypercube"); above it they are skipped and
// the coverage says so, or refused when the user asked for them (aas_explicit).
// Example: HypercubeFamily({}).check(3, {}) passes six instances, rounds 3, 3, 3, 3, 4, 12 against
// bounds 3, 3, 3, 3, 4, 4.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "checkers/hypercube/tree_checks.hpp"
#include "checkers/network/routed_check.hpp"
#include "engine/family.hpp"
#include "model/hypercube_tree.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::hypercube {
struct OasTree;
}

namespace collverify::engine {

enum class HypercubeAlgo { oab, oab_1port, aab, oas, aas, aas_3phase, esbt };

inline constexpr int kHypercubeMaxDimension = 16;  // AAB at d = 16: 2^32 deliveries, 512 MiB
inline constexpr int kAasMaxDimension = 11;        // see docs/PERFORMANCE.md "Hypercube"
// From this d on, a d whose algorithms include AAB runs alone on every job, its AAB simulation
// split over them by origin (families/hypercube/aab_split.hpp; d = 14: about 6 s single-threaded).
inline constexpr int kAabSplitMinDimension = 14;

const char* to_string(HypercubeAlgo a);
// The lecture's six (the default list); every_hypercube_algo() adds esbt, in enum order.
std::vector<HypercubeAlgo> all_hypercube_algos();
std::vector<HypercubeAlgo> every_hypercube_algo();
// "oab", "oab-1port", "aab", "oas", "aas", "aas-3phase", "esbt"; InputError naming the word
// otherwise.
HypercubeAlgo parse_hypercube_algo(const std::string& word);

// ESBT's packet count: s when s > 0, else 2d (at least 1). Other algorithms send 1 piece.
std::int64_t hypercube_pieces(HypercubeAlgo a, int d, std::int64_t s = 0);

// The round bound of the algorithm's collective on the d-cube: slide 5 (aas_3phase: the AAS
// one); esbt: the 1-port bound s + d - 1 (s as hypercube_pieces).
std::int64_t hypercube_round_bound(HypercubeAlgo a, int d, std::int64_t s = 0);
// The rounds the construction is held to: the bound, but esbt's s + d (d = 1: s). (aas_3phase
// is held to the bound and reported, not failed, when it misses it.)
std::int64_t hypercube_claimed_rounds(HypercubeAlgo a, int d, std::int64_t s = 0);

// What `schedule hypercube` prints: the header of the algorithm's routed schedule (network,
// model, collective, root; no rounds) and its stream. InputError for a bad d or root (named).
// s: ESBT's packet count (hypercube_pieces); esbt roots at 0 only.
network::RoutedSchedule hypercube_header(HypercubeAlgo a, int d, std::int64_t root,
                                         std::int64_t s = 0);
void stream_hypercube(HypercubeAlgo a, int d, std::int64_t root, network::RoutedSink& sink,
                      std::int64_t s = 0);

// Asked once before each simulated round (families/hypercube/aab_split.hpp); empty: never stops. The
// family asks the run's stop flag (Ctrl-C).
using HypercubeStop = std::function<bool()>;

// One algorithm judged both ways on one d.
struct HypercubeJudgement {
  HypercubeAlgo algo = HypercubeAlgo::oab;
  int d = 0;
  hypercube_check::HypercubeVerdict structural;  // nullopt: the structural rules hold
  network::RoutedResult simulation;              // the routed checker's result
  std::int64_t lower_bound = 0;
  std::int64_t claim = 0;   // hypercube_claimed_rounds
  std::int64_t pieces = 1;  // esbt: s
  // The stop said yes before the last round: `simulation` covers the rounds streamed and keeps
  // only a witness found in them (the one a whole run gives: rounds are judged in order);
  // `structural` is only a tree check made before the stream (AAB, OAS), never a streamed audit.
  // No verdict on the rest: hypercube_violations reports the witnesses found and nothing else.
  bool interrupted = false;
  // The simulation's verdict: no witness and (but for aas_3phase) rounds at the claim (the
  // bound, esbt s + d).
  bool simulation_ok() const;
  // aas_3phase: the structural rule must reject (idle links); others: it must accept.
  bool structural_ok() const;
  bool agree() const { return structural_ok() == simulation_ok(); }
};

// Streams `produce` into the structural audit of `algo` (if it has one) and the routed checker
// at once; `tree_verdict` is the verdict of a tree check made before (AAB, OAS), which comes
// first. Root 0 for the one-to-all algorithms.
HypercubeJudgement judge_hypercube_stream(
    HypercubeAlgo algo, int d, const std::function<void(network::RoutedSink&)>& produce,
    hypercube_check::HypercubeVerdict tree_verdict = std::nullopt, const HypercubeStop& stop = {},
    std::int64_t s = 0);
// A routed schedule of `algo` (e.g. a mutant), replayed.
HypercubeJudgement judge_hypercube_schedule(HypercubeAlgo algo, const network::RoutedSchedule& s);
// jobs > 1: the simulation split over the jobs by origin (families/hypercube/aab_split.hpp); same result.
HypercubeJudgement judge_aab_tree(const hypercube::GenericTree& tree, int jobs = 1,
                                  const HypercubeStop& stop = {});
HypercubeJudgement judge_oas_tree(const hypercube::OasTree& tree, const HypercubeStop& stop = {});
// The construction of `algo` for d (reference/hypercube), judged.
// `jobs` is used by AAB only (judge_aab_tree).
// `s`: ESBT's packet count (hypercube_pieces).
HypercubeJudgement judge_hypercube(HypercubeAlgo algo, int d, int jobs = 1,
                                   const HypercubeStop& stop = {}, std::int64_t s = 0);

// The judgement as report violations (empty when it holds): the structural witness, the
// simulation witness, rounds off the bound, and structural_vs_simulation when they disagree.
std::vector<Violation> hypercube_violations(const HypercubeJudgement& j);

class HypercubeFamily final : public Family {
 public:
  // algos empty: every algorithm, AAS only up to kAasMaxDimension. aas_explicit: the user named
  // an AAS algorithm, so a d above the limit is refused rather than skipped.
  // esbt_s: ESBT's packet count for every d (0: 2d). name: the report's name (the campaign
  // part hypercube-esbt names its own).
  explicit HypercubeFamily(std::vector<HypercubeAlgo> algos, bool aas_explicit = false,
                           int aas_max_dimension = kAasMaxDimension, std::int64_t esbt_s = 0,
                           std::string name = "hypercube");
  std::string name() const override { return name_; }
  Coverage coverage() const override;
  void accept(std::int64_t d) const override;
  double cost(std::int64_t d) const override;
  std::int64_t bytes(std::int64_t d, int jobs) const override;
  std::string what(std::int64_t d) const override;
  // d >= kAabSplitMinDimension with AAB among the algorithms: its simulation takes every job.
  bool alone(std::int64_t d) const override;
  // Stops between simulated rounds once context.stop is set (alone or in the pool: AAS at d = 11
  // takes about a minute): the outcome is then incomplete, with the algorithms finished before
  // and any witness found so far (docs/DESIGN.md "Interruption").
  Outcome check(std::int64_t d, const CheckContext& context) const override;
  // Adds the rounds-against-bound table of the largest d to the coverage and the pictures
  // (AAB generic tree, OAS tree) of a small d for the reports.
  void finish(ConstructionSummary& summary,
              const std::vector<Finished>& finished) const override;

  // The algorithms check(d) runs (AAS left out above the limit).
  std::vector<HypercubeAlgo> algos_for(std::int64_t d) const;

 private:
  std::string name_;
  std::vector<HypercubeAlgo> algos_;
  bool aas_explicit_;
  int aas_max_;
  std::int64_t esbt_s_;
  // Rounds and bounds per d as check() measured them, for finish() (run_range keeps the
  // instances only on request); check() runs on several threads, hence the lock.
};

}  // namespace collverify::engine
