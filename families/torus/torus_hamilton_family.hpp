// The Hamiltonian-cycle AAB family (seed 003, ParallelHamilCycleAAB and Lemma 12) on tori given
// by their sides. The engine's "p" is the index of a size in the list the family was built with
// (`verify torus --sides 3x3..41x41` expands to that list); reports name the size.
//
// check(i) for sides s (N nodes, n dimensions):
//   construction  reference/torus hamilton_cycles(s) (2D: closed form; nD: seeded search); none found is
//                 the violation construction_failed;
//   cycles        checkers/network/cycle_check: n Hamiltonian cycles, pairwise link-disjoint
//                 (cycle_length, node_in_network, repeated_node, not_a_link, shared_link);
//   schedule      ParallelHamilCycleAAB streamed into the routed checker (aab, pieces n,
//                 all-port full-duplex store-and-forward non-combining) with the bound
//                 ceil((N - 1)/(2n)) (Lemma 8, the rounds of the TADT solution);
//   rounds        must equal Lemma 12's ceil((N - 1)/2) (lemma12_rounds otherwise).
// The instance reports those rounds against ceil((N - 1)/(2n)): about twice the bound in 2D, by
// design (the seed's comparison), so rounds above the bound are not a violation here.
// Cost: about n N^2 deliveries; memory N * n N bits of holdings (routed checker).
// Example: TorusHamiltonFamily({{5, 5}}).check(0, {}) passes with rounds 12 against bound 6.
#pragma once

#include <cstdint>
#include <vector>

#include "checkers/network/cycle_check.hpp"
#include "checkers/network/routed_check.hpp"
#include "engine/family.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::engine {

using TorusSides = std::vector<std::int64_t>;

// "5x5", "3x3x3".
std::string sides_name(const TorusSides& sides);

// ceil((N - 1)/(2n)): Lemma 8's non-combining all-port bound (the TADT rounds) of the torus.
std::int64_t torus_aab_bound(const TorusSides& sides);

// The routed schedule `schedule torus --algo hamilton` prints (it streams it, below): the cycles
// of reference/torus and ParallelHamilCycleAAB on them, materialised: k N (N - 1) transmissions
// of 120 to 180 bytes each. InputError for bad sides, for sides whose cycles were not found, and,
// up front, when torus_hamilton_schedule_bytes does not fit (model/memory.hpp require_memory:
// the message names the sides and the estimate; 40x40 needs about 0.65 GiB, 100x100 29 GiB,
// 256x256 960 GiB). Used by tests and JSON round trips; no command materialises it.
network::RoutedSchedule torus_hamilton_schedule(const TorusSides& sides);
// Upper bound of what torus_hamilton_schedule allocates: every round's vector at its grown
// capacity and each transmission's two heap chunks (one Direction, one Packet), the last
// regrowth's old half, the cycles and tables (64 k N) and the network. InputError for bad sides
// or a size that overflows 64 bits; held against the peak resident size by
// families_memory_estimate_test.
std::int64_t torus_hamilton_schedule_bytes(const TorusSides& sides);
// The same schedule's header (no rounds) and its rounds streamed into `sink`: O(n N) memory
// (the cycles and the producer's tables), no size cap beyond require_cycle_sides; what
// `schedule torus --algo hamilton` prints (k N^2 transmissions: 2.0e8 lines for 100x101).
network::RoutedSchedule torus_hamilton_header(const TorusSides& sides);
void stream_torus_hamilton(const TorusSides& sides, network::RoutedSink& sink);

// One size judged: the cycles, then the schedule.
struct HamiltonJudgement {
  TorusSides sides;
  std::int64_t nodes = 0;
  bool found = false;
  std::string method;
  network::CycleCheckResult cycles;
  network::RoutedResult simulation;  // only when the cycles hold
  std::int64_t lemma12_rounds = 0;
  std::int64_t lower_bound = 0;
};
HamiltonJudgement judge_hamilton(const TorusSides& sides);
// Judges given cycles (e.g. a mutant): the cycle check, and the schedule when they hold.
HamiltonJudgement judge_hamilton_cycles(const TorusSides& sides,
                                        const std::vector<std::vector<std::int64_t>>& cycles);
// The violations of a judgement (empty when it holds); p = `index`, n = kNone.
std::vector<Violation> hamilton_violations(const HamiltonJudgement& j, std::int64_t index);

class TorusHamiltonFamily final : public Family {
 public:
  explicit TorusHamiltonFamily(std::vector<TorusSides> sizes);
  std::string name() const override { return "torus-hamilton"; }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  std::string what(std::int64_t p) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;
  // Adds the rounds / Lemma 12 / bound table to the coverage and the cycle picture of the
  // smallest 2D size.
  void finish(ConstructionSummary& summary,
              const std::vector<Finished>& finished) const override;

  const std::vector<TorusSides>& sizes() const { return sizes_; }

 private:
  std::vector<TorusSides> sizes_;
};

}  // namespace collverify::engine
