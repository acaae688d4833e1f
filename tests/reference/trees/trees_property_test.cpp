// RapidCheck properties of the tree constructions (seed 001): for random problems, every tree is
// well formed and correctly timed, the fast DP equals its slow twin, and no construction of the
// DP's class beats the DP; the Oblivious tree is the standard binomial tree of its closed form.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "checkers/trees/binomial_shape.hpp"
#include "checkers/trees/tree_bounds.hpp"
#include "checkers/trees/tree_check.hpp"
#include "checkers/trees/tree_time.hpp"
#include "reference/trees/binomial.hpp"
#include "reference/trees/linear.hpp"
#include "reference/trees/optimal.hpp"

namespace cv = collverify;
namespace tr = collverify::trees;

// A random homogeneous problem: p in 1..max_p, block sizes in 0..max_m, alpha 0..299, beta and
// gamma 0..4, and a root in 0..p-1.
struct RandomProblem {
  cv::TreeProblem<std::int64_t> problem;
  std::int64_t root = 0;
};
RandomProblem random_problem(std::int64_t max_p, std::int64_t max_m) {
  const auto p = *rc::gen::inRange<std::int64_t>(1, max_p);
  const auto m = *rc::gen::container<std::vector<std::int64_t>>(
      static_cast<std::size_t>(p), rc::gen::inRange<std::int64_t>(0, max_m));
  const auto alpha = *rc::gen::inRange<std::int64_t>(0, 300);
  const auto beta = *rc::gen::inRange<std::int64_t>(0, 5);
  const auto gamma = *rc::gen::inRange<std::int64_t>(0, 5);
  const auto root = *rc::gen::inRange<std::int64_t>(0, p);
  return {{m, cv::CostModel<std::int64_t>::uniform(alpha, beta, gamma)}, root};
}

RC_GTEST_PROP(TreesProperty, OptimalIsSoundAndUnbeaten, ()) {
  const auto [pr, root] = random_problem(40, 200);
  for (const auto mode : {tr::RootMode::best_root(), tr::RootMode::fixed(root)}) {
    const auto opt = tr::optimal_ordered_tree(pr, mode);
    RC_ASSERT(!tr::check_tree_shape(opt.tree).has_value());
    RC_ASSERT(!tr::check_tree_order(opt.tree, tr::OrderRule::segment).has_value());
    RC_ASSERT(tr::gather_time(opt.tree, pr, tr::LeafCopy::free) == opt.time);
    RC_ASSERT(tr::optimal_ordered_tree_naive(pr, mode).time == opt.time);
    RC_ASSERT(opt.time >= tr::gather_lower_bound(pr, opt.tree.root));
    RC_ASSERT(opt.time <= tr::linear_tree(pr, mode).time);
    RC_ASSERT(opt.time <= tr::oblivious_binomial_tree(pr, mode).time);
    RC_ASSERT(opt.time <= tr::adaptive_binomial_tree(pr, mode).time);
  }
}

// The Oblivious tree (Table 1) for any p, root and costs: exactly the closed-form standard
// binomial tree (checkers/trees/binomial_shape), segment-ordered, timed as Figure 1 times it,
// and its best root the fastest of its fixed roots.
RC_GTEST_PROP(TreesProperty, ObliviousIsTheStandardBinomialTree, ()) {
  const auto [pr, root] = random_problem(300, 2000);
  const auto t = tr::oblivious_binomial_tree(pr, tr::RootMode::fixed(root));
  RC_ASSERT(t.tree.root == root);
  RC_ASSERT(!tr::check_standard_binomial(t.tree).has_value());
  RC_ASSERT(!tr::check_tree_order(t.tree, tr::OrderRule::segment).has_value());
  RC_ASSERT(tr::gather_time(t.tree, pr, tr::LeafCopy::free) == t.time);
  RC_ASSERT(t.time >= tr::gather_lower_bound(pr, root));
  const auto best = tr::oblivious_binomial_tree(pr, tr::RootMode::best_root());
  RC_ASSERT(best.time <= t.time);
  RC_ASSERT(!tr::check_standard_binomial(best.tree).has_value());
  RC_ASSERT(tr::gather_time(best.tree, pr, tr::LeafCopy::free) == best.time);
}
