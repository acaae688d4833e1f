// The cost model of seed 002 as a campaign part ("fractional-cost"): for each machine size P of
// the range (the campaign uses Figure 3's 64, 1024 and 16384) and each k/t of Figure 3's grid,
// the exact search over r and s (model/fractional/cost.hpp) is held against its brute-force grid
// twin (k/t <= 10^6; the grid r <= 300, s <= 4 sqrt(P k/t) + 400 must hold the optimum well
// inside, otherwise the twin cannot judge and that is a violation too), every layout's cost
// against the lower bound (s - 1 + log2 P steps at real s), and the best fractional tree against
// r = 1 and the paper's choice. Instances: n = the index of k/t in the grid. finish() draws the
// Figure 3 curves of the P checked (fractional_speedup.svg, embedded in report.html) and writes
// their points (fractional_speedup.csv) beside the reports.
// Cost: about 10^7 formula evaluations per P for the twin (a second at P = 16384).
// Example: FractionalCostFamily().check(64, {}) passes 141 instances.
#pragma once

#include <cstdint>
#include <string>

#include "engine/family.hpp"

namespace collverify::engine {

class FractionalCostFamily final : public Family {
 public:
  std::string name() const override { return "fractional-cost"; }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;
  void finish(ConstructionSummary& summary,
              const std::vector<Finished>& finished) const override;
};

}  // namespace collverify::engine
