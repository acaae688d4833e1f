#include "families/trees/tree_checks.hpp"

#include <fmt/format.h>

#include <cmath>
#include <functional>
#include <optional>
#include <set>

#include "checkers/trees/brute_force.hpp"
#include "checkers/trees/tree_bounds.hpp"
#include "checkers/trees/tree_check.hpp"
#include "checkers/trees/tree_time.hpp"
#include "engine/work_pool.hpp"
#include "generators/tree_mutants.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "model/tree_cost_bound.hpp"
#include "reference/trees/binary.hpp"
#include "reference/trees/binomial.hpp"
#include "reference/trees/linear.hpp"
#include "reference/trees/optimal.hpp"
#include "reference/trees/two_size.hpp"

namespace collverify::engine {
namespace {

using trees::RootMode;
using trees::TreeResult;

template <class T>
bool same(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::fabs(a - b) <= 1e-9 * (1 + std::fabs(a) + std::fabs(b));
  } else {
    return a == b;
  }
}

template <class T>
void add(std::vector<Violation>& out, const TreeProblem<T>& pr, std::int64_t root,
         std::string property, std::string message) {
  Violation v;
  v.property = std::move(property);
  v.p = pr.p();
  v.rank = root;
  v.message = std::move(message);
  out.push_back(std::move(v));
}

template <class T>
TreeResult<T> construct(const std::string& name, const TreeProblem<T>& pr, RootMode mode) {
  if (name == "linear") return trees::linear_tree(pr, mode);
  if (name == "binary") return trees::optimal_binary_tree(pr, mode);
  if (name == "oblivious") return trees::oblivious_binomial_tree(pr, mode);
  if (name == "adaptive") return trees::adaptive_binomial_tree(pr, mode);
  if (name == "two") return trees::two_gatherv_tree(pr, mode);
  return trees::optimal_ordered_tree(pr, mode);
}

// Shape, order (none, a null rule, for the non-ordered TWO_Gatherv trees), claimed time, lower
// bound.
template <class T>
void judge(const std::string& who, const TreeResult<T>& r, const TreeProblem<T>& pr,
           const trees::OrderRule* rule, std::vector<Violation>& out) {
  if (const auto v = trees::check_tree_shape(r.tree)) {
    add(out, pr, v->processor, v->property, who + ": " + v->message);
    return;
  }
  if (const auto v = rule ? trees::check_tree_order(r.tree, *rule) : std::nullopt) {
    add(out, pr, v->processor, v->property, who + ": " + v->message);
  }
  const T again = trees::gather_time(r.tree, pr, trees::LeafCopy::free);
  if (!same(again, r.time)) {
    add(out, pr, r.tree.root, "claimed_time",
        fmt::format("{}: claims time {} but Figure 1 gives {}", who, r.time, again));
  }
  const T lb = trees::gather_lower_bound(pr, r.tree.root);
  if (again < lb && !same(again, lb)) {
    add(out, pr, r.tree.root, "lower_bound",
        fmt::format("{}: time {} below the Section 2.3 lower bound {}", who, again, lb));
  }
}

}  // namespace

template <class T>
std::vector<TreeRow<T>> run_tree_algorithms(const TreeProblem<T>& pr, std::int64_t fixed_root,
                                            std::vector<Violation>& out, bool figure4) {
  std::vector<TreeRow<T>> rows;
  const bool hom = pr.cost.homogeneous();
  const bool two_sizes = std::set<std::int64_t>(pr.m.begin(), pr.m.end()).size() == 2;
  for (const auto& name : tree_algorithms()) {
    if (name == "two" && !two_sizes) continue;
    // The DPs build one table for both root modes.
    std::vector<TreeResult<T>> both;
    if (name == "optimal") {
      auto o = trees::optimal_ordered_tree_both(
          pr, fixed_root, figure4 ? trees::CopyPlacement::figure4 : trees::CopyPlacement::first);
      both = {std::move(o.fixed), std::move(o.best)};
    } else if (name == "binary") {
      auto o = trees::optimal_binary_tree_both(pr, fixed_root);
      both = {std::move(o.first), std::move(o.second)};
    } else {
      both = {construct(name, pr, RootMode::fixed(fixed_root)),
              construct(name, pr, RootMode::best_root())};
    }
    for (const bool best : {false, true}) {
      TreeResult<T> r = std::move(both[best ? 1 : 0]);
      const std::string who = fmt::format("{} ({} root)", name, best ? "best" : "fixed");
      // A pointer, not an optional: GCC 12 warned that an optional's value may be read
      // uninitialised once the unity build inlined judge() here (a false positive).
      const trees::OrderRule rule = name == "binary"                 ? trees::OrderRule::rank
                                    : (name == "optimal" && figure4) ? trees::OrderRule::figure4
                                                                     : trees::OrderRule::segment;
      judge(who, r, pr, name == "two" ? nullptr : &rule, out);
      if (!best && r.tree.root != fixed_root) {
        add(out, pr, r.tree.root, "wrong_root",
            fmt::format("{}: rooted at {}, not at the given root {}", who, r.tree.root,
                        fixed_root));
      }
      rows.push_back({name, best, r.tree.root, r.time, std::move(r.tree)});
    }
  }
  // The DP optimum over segment-ordered trees is never beaten by a tree of that class.
  for (const bool best : {false, true}) {
    if (figure4) break;
    const TreeRow<T>* opt = nullptr;
    for (const auto& row : rows) {
      if (row.algorithm == "optimal" && row.best == best) opt = &row;
    }
    for (const auto& row : rows) {
      if (row.best != best || row.algorithm == "binary" || row.algorithm == "optimal" ||
          row.algorithm == "two") {
        continue;  // other classes: rank-ordered binary, itself, non-ordered
      }
      if (row.time < opt->time && !same(row.time, opt->time)) {
        add(out, pr, row.root, "dp_not_optimal",
            fmt::format("{} ({} root) takes {} < optimal {}", row.algorithm,
                        best ? "best" : "fixed", row.time, opt->time));
      }
    }
    if (best && hom && pr.cost.gamma == pr.cost.beta) {
      for (const auto& row : rows) {
        if (row.algorithm != "adaptive" || !row.best) continue;
        const T closed = trees::proposition1_time(pr);
        if (row.time > closed && !same(row.time, closed)) {
          add(out, pr, row.root, "proposition1",
              fmt::format("adaptive takes {} > ceil(log2 p) alpha + beta m = {}", row.time,
                          closed));
        }
      }
    }
  }
  return rows;
}

template <class T>
void cross_check_trees(const TreeProblem<T>& pr, std::int64_t fixed_root, std::int64_t brute_max_p,
                       std::vector<Violation>& out) {
  const std::int64_t p = pr.p();
  for (const RootMode mode : {RootMode::best_root(), RootMode::fixed(fixed_root)}) {
    const auto fast = trees::optimal_ordered_tree(pr, mode);
    if (pr.cost.homogeneous()) {
      const auto naive = trees::optimal_ordered_tree_naive(pr, mode);
      if (!same(fast.time, naive.time)) {
        add(out, pr, mode.root, "fast_vs_naive",
            fmt::format("fast DP {} differs from the naive triple loop {}", fast.time, naive.time));
      }
    }
    if (p <= brute_max_p) {
      const std::int64_t r = mode.best ? -1 : mode.root;
      const auto bf = trees::brute_force_minimum(pr, {trees::OrderRule::segment, -1, r});
      if (!same(fast.time, bf.time)) {
        add(out, pr, mode.root, "dp_vs_brute_force",
            fmt::format("optimal DP {} but the best of {} ordered trees takes {}", fast.time,
                        bf.trees, bf.time));
      }
      // Figure 7 (homogeneous) or Theorem 3's per-pair DP, whichever the costs call for.
      const auto bin = trees::optimal_binary_tree(pr, mode);
      const auto bb = trees::brute_force_minimum(pr, {trees::OrderRule::rank, 2, r});
      if (!same(bin.time, bb.time)) {
        add(out, pr, mode.root, "binary_vs_brute_force",
            fmt::format("binary DP {} but the best of {} rank-ordered binary trees takes {}",
                        bin.time, bb.trees, bb.time));
      }
    }
    // The checkers must reject broken copies of the tree (a checker that passes everything
    // would make every line above meaningless).
    for (const auto m :
         {TreeMutation::moved_subtree, TreeMutation::swapped_children, TreeMutation::wrong_root}) {
      const auto bad = mutate_tree(fast.tree, m, static_cast<std::uint64_t>(p));
      if (!bad) continue;
      if (!trees::check_tree_shape(*bad) &&
          !trees::check_tree_order(*bad, trees::OrderRule::segment)) {
        add(out, pr, mode.root, "mutant_not_caught",
            fmt::format("the checkers accept the {} mutant of the optimal tree", mutation_name(m)));
      }
    }
  }
}

template <class T>
std::vector<TreeInstanceRun<T>> run_tree_instances(const std::vector<TreeProblem<T>>& problems,
                                                   const std::vector<std::int64_t>& roots,
                                                   bool figure4, int jobs) {
  std::vector<TreeInstanceRun<T>> out(problems.size());
  if (problems.empty()) return out;
  // Costs that could overflow a completion time are bad input, refused before any DP runs
  // (an overflow inside would be an inf or a wrapped time, reported as a false violation).
  for (const auto& pr : problems) require_tree_costs_fit(pr);
  const int at_once = static_cast<int>(std::min<std::size_t>(
      static_cast<std::size_t>(std::max(1, jobs)), problems.size()));
  if (at_once > 1) {
    const std::int64_t p = problems.front().p();
    require_memory(checked_mul(trees::optimal_tree_memory_bytes(p, problems.front().cost.homogeneous()),
                               at_once, "trees: DP memory for all jobs"),
                   fmt::format("optimal tree DP for p = {} on {} jobs (use --jobs 1)", p, at_once));
  }
  PoolOptions po;
  po.jobs = at_once;
  run_items(problems.size(), po, [&](std::size_t i) {
    out[i].rows = run_tree_algorithms(problems[i], roots[i], out[i].violations, figure4);
  });
  return out;
}

template std::vector<TreeInstanceRun<std::int64_t>> run_tree_instances(
    const std::vector<TreeProblem<std::int64_t>>&, const std::vector<std::int64_t>&, bool, int);
template std::vector<TreeInstanceRun<double>> run_tree_instances(
    const std::vector<TreeProblem<double>>&, const std::vector<std::int64_t>&, bool, int);

template std::vector<TreeRow<std::int64_t>> run_tree_algorithms(const TreeProblem<std::int64_t>&,
                                                                std::int64_t,
                                                                std::vector<Violation>&, bool);
template std::vector<TreeRow<double>> run_tree_algorithms(const TreeProblem<double>&, std::int64_t,
                                                          std::vector<Violation>&, bool);
template void cross_check_trees(const TreeProblem<std::int64_t>&, std::int64_t, std::int64_t,
                                std::vector<Violation>&);
template void cross_check_trees(const TreeProblem<double>&, std::int64_t, std::int64_t,
                                std::vector<Violation>&);

}  // namespace collverify::engine
