// Theorem 3's non-homogeneous binary trees as a family (seed 001; the campaign part
// `trees-binary-per-pair`): for every p, `instances` problems with random block sizes
// (generators/tree_distributions, `random`) and random per-pair costs (generators/tree_costs),
// each seeded from (seed, p, instance); the O(p^4) DP of reference/trees/binary_per_pair in both
// root modes (fixed root floor(p/2), best root), each claim judged by
// checkers/trees/binary_check (shape, rank order, at most two children, the root, the Figure 1
// time, and up to brute_max_p the brute force over every rank-ordered binary tree); and, on the
// same block sizes with the same costs in every pair, the per-pair DP against Figure 7's.
#pragma once

#include <cstdint>

#include "engine/family.hpp"
#include "reference/trees/binary_per_pair.hpp"

namespace collverify::engine {

struct BinaryPerPairOptions {
  std::int64_t instances = 4;
  std::int64_t brute_max_p = 7;  // at most 9
  std::uint64_t seed = 1;
  // A broken DP in place of the real one (the tests show the family fails on each).
  trees::BinaryDpMutant mutant = trees::BinaryDpMutant::none;
};

class BinaryPerPairFamily final : public Family {
 public:
  // InputError for instances < 1 or brute_max_p above 9.
  explicit BinaryPerPairFamily(BinaryPerPairOptions options);
  std::string name() const override { return "trees-binary-per-pair"; }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;

 private:
  BinaryPerPairOptions o_;
};

}  // namespace collverify::engine
