// model/tree_cost_bound.hpp: U = (p-1)(A + B M) + p G M bounds the Figure 1 time of EVERY ordered
// tree (all of them enumerated, leaves paying their copy or not), and it is not loose by more
// than the proof's factor: the mutant bound without the (p - 1) factor is exceeded by a chain.
// require_tree_costs_fit refuses exactly above a quarter of the number type's largest value.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "checkers/trees/brute_force.hpp"
#include "checkers/trees/tree_time.hpp"
#include "model/error.hpp"
#include "model/tree_cost_bound.hpp"

namespace collverify::trees {
namespace {

RC_GTEST_PROP(TreeCostBound, EveryOrderedTreeCompletesWithinU, ()) {
  const auto p = *rc::gen::inRange<std::int64_t>(1, 7);
  const auto m = *rc::gen::container<std::vector<std::int64_t>>(
      static_cast<std::size_t>(p), rc::gen::inRange<std::int64_t>(0, 50));
  TreeProblem<std::int64_t> pr{m, CostModel<std::int64_t>::uniform(
                                      *rc::gen::inRange<std::int64_t>(0, 100),
                                      *rc::gen::inRange<std::int64_t>(0, 10),
                                      *rc::gen::inRange<std::int64_t>(0, 10))};
  const long double u = tree_time_upper_bound(pr);
  for_each_ordered_tree(p, {}, [&](const GatherTree& t) {
    for (const LeafCopy leaf : {LeafCopy::paid, LeafCopy::free}) {
      RC_ASSERT(static_cast<long double>(gather_time(t, pr, leaf)) <= u);
    }
  });
}

// The (p - 1) factor is needed: a chain 0 <- 1 <- ... <- p-1 pays alpha p - 1 times in sequence.
TEST(TreeCostBound, AMutantBoundWithoutThePFactorIsExceeded) {
  const std::int64_t p = 5;
  TreeProblem<std::int64_t> pr{std::vector<std::int64_t>(p, 0),
                               CostModel<std::int64_t>::uniform(10, 1, 1)};
  pr.m.back() = 1;
  GatherTree chain{0, {}};
  for (std::int64_t v = 0; v < p; ++v) {
    chain.sequence.push_back(v + 1 < p ? std::vector<std::int64_t>{v, v + 1}
                                       : std::vector<std::int64_t>{v});
  }
  const std::int64_t time = gather_time(chain, pr, LeafCopy::free);
  const long double mutant = 10 + (1 + 1) * 1;  // A + (B + G) M
  EXPECT_GT(static_cast<long double>(time), mutant);
  EXPECT_LE(static_cast<long double>(time), tree_time_upper_bound(pr));
}

TEST(TreeCostBound, RefusesExactlyAboveAQuarterOfTheLargestValue) {
  // p = 2, m = {0, 1}: U = alpha + beta + 2 gamma.
  const std::int64_t quarter = std::numeric_limits<std::int64_t>::max() / 4;
  TreeProblem<std::int64_t> ok{{0, 1}, CostModel<std::int64_t>::uniform(quarter - 3, 1, 1)};
  EXPECT_NO_THROW(require_tree_costs_fit(ok));
  TreeProblem<std::int64_t> bad{{0, 1}, CostModel<std::int64_t>::uniform(quarter + 4, 1, 1)};
  EXPECT_THROW(require_tree_costs_fit(bad), InputError);
  TreeProblem<double> huge{{1000, 1000}, CostModel<double>::uniform(100, 1, 1e308)};
  try {
    require_tree_costs_fit(huge);
    ADD_FAILURE() << "gamma = 1e308 accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("gamma = 1e+308"), std::string::npos) << e.what();
  }
  // Per-pair costs: the largest pair counts.
  TreeProblem<double> pairs{{1, 1}, CostModel<double>::uniform(0, 0, 0)};
  pairs.cost.p = 2;
  pairs.cost.alpha_ij = {0, 1, 1e308, 0};
  pairs.cost.beta_ij = {0, 1, 1, 0};
  pairs.cost.gamma_i = {1, 1};
  EXPECT_THROW(require_tree_costs_fit(pairs), InputError);
  pairs.cost.alpha_ij = {0, 1, 1, 0};
  EXPECT_NO_THROW(require_tree_costs_fit(pairs));
}

}  // namespace
}  // namespace collverify::trees
