// The mesh TADT family (issue 23, seed 003: "the TADT approach works on meshes as well"): for
// each mesh of the list (the sides as `verify torus --sides` reads them, taken as a mesh), the N
// explicit trees of reference/torus/mesh_tadt.hpp judged twice, independently:
//   checker A   check_explicit_tadts: each tree a spanning tree in lock step, no arc at one level
//               in two trees (Definition 9), every arc a mesh link;
//   checker B   the N trees streamed into the routed checker (all-port, full duplex,
//               store-and-forward, non-combining all-to-all broadcast) with the lower bound.
// The lower bound L = max(aab_noncombining_bound: the corner's ceil((N - 1)/c), the diameter),
// computed by the checkers from the network; the builder's own formula (mesh_aab_bound) must equal
// it ("bound_mismatch" otherwise). A mesh passes when B finds no violation and A agrees with B
// ("structural_vs_simulation"); the rounds above L are listed by finish() ("rounds/L (above bound
// by g)"), never hidden: the builder promises validity, not the bound.
// Violations: n = 0, rank = the node the witness names, round = its level.
// Example: TorusMeshTadtFamily({{3, 4}}).check(1, {}) passes, 6 rounds against the bound 6.
#pragma once

#include <span>
#include <vector>

#include "checkers/network/routed_check.hpp"
#include "checkers/network/tadt_check.hpp"
#include "families/torus/torus_family.hpp"
#include "model/network/level_tree.hpp"
#include "model/network/network.hpp"

namespace collverify::engine {

struct MeshTadtJudgement {
  TorusSides sides;
  network::TadtVerdict structural;   // checker A
  network::RoutedResult simulation;  // checker B
  std::int64_t lower_bound = 0;      // the checkers' bound, from the network
  std::int64_t builder_bound = 0;    // mesh_aab_bound(sides)
};

// Judges `trees` (one per root) on the mesh `net`.
MeshTadtJudgement judge_mesh_tadts(const network::Network& net, std::span<const network::LevelTree> trees);
std::vector<Violation> mesh_tadt_violations(const MeshTadtJudgement& j, std::int64_t p);

class TorusMeshTadtFamily final : public TorusFamily {
 public:
  explicit TorusMeshTadtFamily(std::vector<TorusSides> meshes) : TorusFamily(std::move(meshes)) {}
  std::string name() const override { return "mesh-tadt"; }
  std::string what(std::int64_t p) const override;
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;
  void finish(ConstructionSummary& summary, const std::vector<Finished>& finished) const override;

  network::RoutedSchedule header(const TorusSides& sides) const override;
  void stream(const TorusSides& sides, network::RoutedSink& sink) const override;
  std::int64_t round_bound(const TorusSides& sides) const override;
};

}  // namespace collverify::engine
