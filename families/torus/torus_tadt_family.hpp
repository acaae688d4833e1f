// The torus TADT family (seed 003, issue 11): for each torus of the list, the generic tree of
// reference/torus/tadt_builder.hpp tadt_tree_for (the seed's four snakes for z x z and six
// pyramids for z^3, z odd; the level-by-level builder for every other 2D / 3D torus with sides
// >= 2: even z, a x b, unequal 3D sides) judged twice, independently:
//   checker A   check_generic_tadt: spanning tree in lock step and Lemma 11 (distinct directions
//               per level), no packet simulated;
//   checker B   the N translations streamed into the routed checker (all-port, full duplex,
//               store-and-forward, non-combining all-to-all broadcast) with Lemma 8's bound.
// The lower bound L = max(Lemma 8's ceil((N - 1)/2n), the eccentricity of 0) (a side of 2 makes
// the eccentricity the larger). A torus passes when B finds no violation and A agrees with B
// (otherwise "structural_vs_simulation" names both); for the seed's closed forms, which claim the
// bound, the rounds must also equal L ("rounds_above_bound"); a builder tree above L passes and its
// gap is reported (finish(): "rounds/L (above bound by g)"), never hidden. Violations: n = 0,
// rank = the node the witness names, round = its level.
// Other dimensions and sides below 2 (but the single node) are refused up front by accept()
// (exit 2, naming the sides); sizes whose N^2-bit holdings would not fit are refused by the
// engine with bytes().
// Example: TorusTadtFamily({{5, 5}}).check(0, {}) passes, 6 rounds against the bound 6.
#pragma once


#include "checkers/network/routed_check.hpp"
#include "checkers/network/tadt_check.hpp"
#include "families/torus/torus_family.hpp"

namespace collverify::engine {

// One generic tree judged both ways.
struct TadtJudgement {
  TorusSides sides;
  network::TadtVerdict structural;  // checker A; nullopt: every rule holds
  network::RoutedResult simulation;  // checker B
  std::int64_t lemma8 = 0;        // ceil((N - 1)/2n)
  std::int64_t eccentricity = 0;  // of node 0
  std::int64_t lower_bound = 0;   // max of the two
  bool claims_bound = true;       // rounds above lower_bound are a violation (closed forms)
  bool structural_ok() const { return !structural.has_value(); }
  bool simulation_ok() const { return !simulation.witness.has_value(); }
  bool agree() const { return structural_ok() == simulation_ok(); }
};

// Judges `generic` on the torus (or hypercube, any network with translations) `net`.
TadtJudgement judge_tadt(const network::Network& net, const network::LevelTree& generic,
                         bool claims_bound = true);
// The judgement as report violations, empty when it holds (rounds at the bound included).
std::vector<Violation> tadt_violations(const TadtJudgement& j, std::int64_t p);

class TorusTadtFamily final : public TorusFamily {
 public:
  explicit TorusTadtFamily(std::vector<TorusSides> tori) : TorusFamily(std::move(tori)) {}
  std::string name() const override { return "torus-tadt"; }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;
  // Heights against the bound per torus into the coverage, and the pictures of one 2D and one 3D
  // tree.
  void finish(ConstructionSummary& summary,
              const std::vector<Finished>& finished) const override;

  network::RoutedSchedule header(const TorusSides& sides) const override;
  void stream(const TorusSides& sides, network::RoutedSink& sink) const override;
  std::int64_t round_bound(const TorusSides& sides) const override;

 private:
};

}  // namespace collverify::engine
