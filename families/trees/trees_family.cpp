#include "families/trees/trees_family.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>
#include <vector>

#include "families/trees/tree_checks.hpp"
#include "families/trees/tree_dot.hpp"
#include "model/error.hpp"
#include "reference/trees/optimal.hpp"

namespace collverify::engine {

TreesFamily::TreesFamily(TreesOptions options) : o_(std::move(options)) {
  if (o_.alpha < 0 || o_.beta < 0) throw InputError("--alpha and --beta must be >= 0");
  for (const auto g : o_.gammas) {
    if (g < 0) throw InputError(fmt::format("--gamma {} is negative", g));
  }
  if (o_.brute_max_p > 9) {
    throw InputError(
        fmt::format("--brute-max-p {} is above 9 (366080 trees at p = 9)", o_.brute_max_p));
  }
}

Coverage TreesFamily::coverage() const {
  Coverage c;
  std::vector<std::string> names;
  for (const auto d : o_.dists) names.push_back(distribution_name(d));
  const std::string dists = fmt::format("{}", fmt::join(names, ","));
  const std::string gammas = fmt::format("{}", fmt::join(o_.gammas, ","));
  c.parameters = fmt::format(
      "distributions {}; b = {}, alpha = {}, beta = {}, gamma in {{{}}}, lambda = {}, seed {}; "
      "brute force up to p = {}",
      dists, o_.b, o_.alpha, o_.beta, gammas, o_.lambda, o_.seed, o_.brute_max_p);
  c.properties = {"shape", "order", "claimed_time", "lower_bound", "dp_optimal_in_class",
                  "proposition_1", "fast_dp_equals_naive", "per_pair_equals_homogeneous",
                  "brute_force_optimum", "mutants_rejected"};
  // Trees are judged by completion time (the Section 2.3 lower bounds are the property
  // lower_bound), not by rounds: no round lower bound applies.
  return c;
}

void TreesFamily::accept(std::int64_t p) const {
  if (p < 1) throw InputError(fmt::format("p = {} is not a processor count (need p >= 1)", p));
}

double TreesFamily::cost(std::int64_t p) const {
  const double x = static_cast<double>(p);
  return x * x * x;  // the DPs are O(p^3)
}

std::int64_t TreesFamily::bytes(std::int64_t p, int) const {
  return trees::optimal_tree_memory_bytes(p, true);
}

Outcome TreesFamily::check(std::int64_t p, const CheckContext&) const {
  Outcome out;
  for (const auto d : o_.dists) {
    const auto m = block_sizes(d, p, {o_.b, o_.lambda, o_.seed});
    for (const auto g : o_.gammas) {
      TreeProblem<std::int64_t> pr{m, CostModel<std::int64_t>::uniform(o_.alpha, o_.beta, g)};
      std::vector<Violation> v;
      run_tree_algorithms(pr, p / 2, v);
      cross_check_trees(pr, p / 2, o_.brute_max_p, v);
      for (auto& x : v) {
        x.message = fmt::format("{} gamma = {}: {}", distribution_name(d), g, x.message);
        out.violations.push_back(std::move(x));
      }
      ++out.instances;
      out.instance_results.push_back(
          {p, kNone, v.empty() ? Status::pass : Status::fail, kNone, kNone});
    }
  }
  if (!out.violations.empty()) out.status = Status::fail;
  return out;
}

void TreesFamily::finish(ConstructionSummary& s,
                         const std::vector<Finished>& /*finished*/) const {
  if (s.violations.empty()) return;
  const std::int64_t p = s.violations.front().p;
  const auto d = o_.dists.size() == 1 ? o_.dists.front() : TreeDistribution::same;
  const auto m = block_sizes(d, p, {o_.b, o_.lambda, o_.seed});
  TreeProblem<std::int64_t> pr{m,
                               CostModel<std::int64_t>::uniform(o_.alpha, o_.beta, o_.gammas.front())};
  const auto r = trees::optimal_ordered_tree(pr, trees::RootMode::fixed(p / 2));
  s.picture_dot = tree_dot(r.tree, m,
                           fmt::format("smallest failing p = {}: optimal ordered tree ({})", p,
                                       distribution_name(d)));
}

}  // namespace collverify::engine
