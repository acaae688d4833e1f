// The wormhole broadcast family (seed 004, slides 78-103) on 2D tori given by their sides; the
// engine's "p" is the index of a size in the family's list, as in torus_hamilton_family.hpp.
//
// check(i) for sides a x b (N nodes), root 0:
//   construction  reference/torus recursive_tiling(k) (tiling: a = b = 5^k only) or
//                 dilated_diagonal(a, b);
//   wormhole      checkers/network/wormhole_check: per round the worms pairwise link-disjoint,
//                 every worm from an informed node, every node informed exactly once, complete;
//   simulation    the routed checker's wormhole mode (causality, arc exclusivity of whole
//                 routes, ports, completeness, the bound); the two must agree
//                 (wormhole_vs_routed otherwise);
//   rounds        tiling: exactly 2k = ceil(log5 N) (tiling_rounds); diagonal: at most
//                 ceil(log5 N) + 5 (diagonal_rounds, the seed's claim).
// Cost: O(N (a + b)) hops. Example: TorusWormholeFamily(tiling, {{25, 25}}).check(0, {}) passes
// with rounds 4 against bound 4.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "checkers/network/routed_check.hpp"
#include "checkers/network/wormhole_check.hpp"
#include "engine/family.hpp"
#include "families/torus/torus_hamilton_family.hpp"
#include "model/network/routed_schedule.hpp"

namespace collverify::engine {

enum class TorusWormholeAlgo { tiling, diagonal };
const char* to_string(TorusWormholeAlgo a);

// InputError naming the sides when the algorithm does not apply (not 2D, a side < 3, tiling on a
// size other than 5^k x 5^k, above 2^24 nodes) or the root is not a node.
network::RoutedSchedule torus_wormhole_schedule(TorusWormholeAlgo algo, const TorusSides& sides,
                                                std::int64_t root = 0);

struct WormholeJudgement {
  TorusWormholeAlgo algo = TorusWormholeAlgo::diagonal;
  TorusSides sides;
  network::WormholeResult wormhole;
  network::RoutedResult simulation;
  std::int64_t bound = 0;  // ceil(log5 N)
};
WormholeJudgement judge_wormhole_schedule(TorusWormholeAlgo algo, const network::RoutedSchedule& s);
WormholeJudgement judge_wormhole(TorusWormholeAlgo algo, const TorusSides& sides);
std::vector<Violation> wormhole_violations(const WormholeJudgement& j, std::int64_t index);

class TorusWormholeFamily final : public Family {
 public:
  TorusWormholeFamily(TorusWormholeAlgo algo, std::vector<TorusSides> sizes);
  std::string name() const override;
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  std::string what(std::int64_t p) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;
  // Adds the rounds - bound table to the coverage and the rounds picture of a small size.
  void finish(ConstructionSummary& summary,
              const std::vector<Finished>& finished) const override;

 private:
  TorusWormholeAlgo algo_;
  std::vector<TorusSides> sizes_;
};

}  // namespace collverify::engine
