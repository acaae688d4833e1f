// The k-port torus family (issue 23, seed 003 Lemma 8 for every k): for each torus of the list and
// each k = 1 .. 2n (n dimensions), a generic tree with at most k arcs per level of pairwise
// distinct directions (reference/torus/tadt_builder.hpp tadt_built_tree_kport; k = 2n: the tadt
// algorithm's tree, tadt_tree_for), whose N translations are the k-port all-to-all broadcast.
// Judged twice (checkers/network/kport_check.hpp):
//   checker A   check_generic_tadt_kport: Lemma 11 and at most k arcs per level;
//   checker B   the translations in the routed checker under the k-port model (port_limit counts
//               the sends and receives of every node in every round).
// The bound L_k = max(max_v ceil((N - 1)/min(k, in_degree(v))), eccentricity of 0). A (torus, k)
// passes when B finds no violation and A agrees; rounds above L_k are listed by finish(), per k.
// One instance per k: InstanceResult n = k. `schedule torus --algo kport --ports K` streams one k
// (the family is built with schedule_ports = K; 0 refuses the schedule with exit 2).
// Example: TorusKportFamily({{4, 6}}).check(1, {}) passes, k = 1..4: 23, 12, 8, 6 rounds.
#pragma once

#include <cstdint>
#include <vector>

#include "families/torus/torus_family.hpp"
#include "model/network/level_tree.hpp"

namespace collverify::engine {

// The generic tree of the k-port algorithm on `sides` (k in 1..2n; InputError otherwise).
network::LevelTree kport_tree(const TorusSides& sides, std::int64_t ports);

class TorusKportFamily final : public TorusFamily {
 public:
  explicit TorusKportFamily(std::vector<TorusSides> tori, std::int64_t schedule_ports = 0)
      : TorusFamily(std::move(tori)), schedule_ports_(schedule_ports) {}
  std::string name() const override { return "torus-kport"; }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;
  void finish(ConstructionSummary& summary, const std::vector<Finished>& finished) const override;

  network::RoutedSchedule header(const TorusSides& sides) const override;
  void stream(const TorusSides& sides, network::RoutedSink& sink) const override;
  std::int64_t round_bound(const TorusSides& sides) const override;

 private:
  std::int64_t schedule_ports(const TorusSides& sides) const;
  std::int64_t schedule_ports_;
};

}  // namespace collverify::engine
