// The gather/scatter tree family of seed 001 (`verify trees`, the campaign's trees part): for
// every p, every distribution of `dists` and every gamma, every construction of reference/trees
// in both root modes (fixed root floor(p/2) and best root), each judged by checkers/trees
// (tree_checks.hpp), and the slower cross-checks: fast DP = naive DP, per-pair DP on the same
// costs, brute force over all ordered trees up to brute_max_p, mutants rejected. One instance is
// one (distribution, gamma) pair.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/family.hpp"
#include "generators/tree_distributions.hpp"

namespace collverify::engine {

struct TreesOptions {
  std::vector<TreeDistribution> dists = all_tree_distributions();
  std::int64_t b = 100;  // average block size
  std::int64_t alpha = 100, beta = 1;
  std::vector<std::int64_t> gammas{1, 0};
  std::int64_t lambda = 5;
  std::uint64_t seed = 1;
  std::int64_t brute_max_p = 7;  // at most 9 (366080 trees at p = 9)
};

class TreesFamily final : public Family {
 public:
  // InputError for negative costs or brute_max_p above 9.
  explicit TreesFamily(TreesOptions options);
  std::string name() const override { return "trees"; }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;
  // Draws the optimal ordered tree of the smallest failing p (summary.picture_dot).
  void finish(ConstructionSummary& summary,
              const std::vector<Finished>& finished) const override;

 private:
  TreesOptions o_;
};

}  // namespace collverify::engine
