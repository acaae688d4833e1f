#include "families/trees/binary_per_pair_family.hpp"

#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

#include "checkers/trees/binary_check.hpp"
#include "generators/tree_costs.hpp"
#include "generators/tree_distributions.hpp"
#include "model/error.hpp"
#include "reference/trees/binary.hpp"
#include "reference/trees/binary_per_pair.hpp"

namespace collverify::engine {
namespace {

void add(std::vector<Violation>& out, std::int64_t p, std::int64_t rank, std::string property,
         std::string message) {
  Violation v;
  v.property = std::move(property);
  v.p = p;
  v.rank = rank;
  v.message = std::move(message);
  out.push_back(std::move(v));
}

// The DP's two claims for one problem, each judged by the checker.
void judge_claims(const TreeProblem<std::int64_t>& pr, const BinaryPerPairOptions& o,
                  const std::string& who, std::vector<Violation>& out) {
  const std::int64_t p = pr.p();
  const std::int64_t limit = p <= o.brute_max_p ? o.brute_max_p : 0;
  for (const std::int64_t root : {p / 2, std::int64_t{-1}}) {
    const auto mode = root < 0 ? trees::RootMode::best_root() : trees::RootMode::fixed(root);
    const auto claim = trees::optimal_binary_tree_per_pair(pr, mode, o.mutant);
    if (const auto v = trees::check_binary_optimum(pr, root, claim.tree, claim.time, limit)) {
      add(out, p, v->processor, v->property,
          fmt::format("{} ({} root): {}", who, root < 0 ? "best" : "fixed", v->message));
    }
  }
}

// The same costs in every pair: the per-pair DP must give Figure 7's times.
void against_figure7(const std::vector<std::int64_t>& m, std::vector<Violation>& out) {
  const std::int64_t p = static_cast<std::int64_t>(m.size());
  const TreeProblem<std::int64_t> hom{m, CostModel<std::int64_t>::uniform(50, 2, 1)};
  TreeProblem<std::int64_t> wide = hom;
  wide.cost.p = p;
  wide.cost.alpha_ij.assign(static_cast<std::size_t>(p * p), 50);
  wide.cost.beta_ij.assign(static_cast<std::size_t>(p * p), 2);
  wide.cost.gamma_i.assign(static_cast<std::size_t>(p), 1);
  const auto fig7 = trees::optimal_binary_tree_both(hom, p / 2);
  const auto pair = trees::optimal_binary_tree_per_pair_both(wide, p / 2);
  if (fig7.first.time != pair.fixed.time || fig7.second.time != pair.best.time) {
    add(out, p, p / 2, "figure7_on_equal_costs",
        fmt::format("equal costs: per-pair DP {} / {} (fixed / best) but Figure 7 {} / {}",
                    pair.fixed.time, pair.best.time, fig7.first.time, fig7.second.time));
  }
}

}  // namespace

BinaryPerPairFamily::BinaryPerPairFamily(BinaryPerPairOptions options) : o_(options) {
  if (o_.instances < 1) throw InputError(fmt::format("instances {} (need >= 1)", o_.instances));
  if (o_.brute_max_p > 9) {
    throw InputError(fmt::format("brute_max_p {} is above 9", o_.brute_max_p));
  }
}

Coverage BinaryPerPairFamily::coverage() const {
  Coverage c;
  c.parameters = fmt::format(
      "{} problems per p: random block sizes (b = 20), random per-pair costs (alpha_ij in "
      "[0, 100], one in four 0; beta_ij in [1, 4]; gamma_i in [0, 2]), seed {}; fixed root "
      "floor(p/2) and best root; brute force up to p = {}",
      o_.instances, o_.seed, o_.brute_max_p);
  c.properties = {"shape",
                  "rank_order",
                  "not_binary",
                  "wrong_root",
                  "claimed_time",
                  "not_optimal",
                  "figure7_on_equal_costs"};
  return c;
}

void BinaryPerPairFamily::accept(std::int64_t p) const {
  if (p < 1) throw InputError(fmt::format("p = {} is not a processor count (need p >= 1)", p));
}

double BinaryPerPairFamily::cost(std::int64_t p) const {
  const double x = static_cast<double>(p);
  return x * x * x * x;  // Theorem 3: O(p^4)
}

std::int64_t BinaryPerPairFamily::bytes(std::int64_t p, int) const {
  return trees::binary_per_pair_memory_bytes(p);
}

Outcome BinaryPerPairFamily::check(std::int64_t p, const CheckContext&) const {
  Outcome out;
  for (std::int64_t x = 0; x < o_.instances; ++x) {
    const std::uint64_t seed = o_.seed * 1000003u + static_cast<std::uint64_t>(p * 64 + x);
    const auto m = block_sizes(TreeDistribution::random, p, {20, 5, seed});
    const TreeProblem<std::int64_t> pr{m, random_pair_costs(p, {100, 4, 2, seed})};
    std::vector<Violation> v;
    judge_claims(pr, o_, fmt::format("instance {}", x), v);
    if (x == 0) against_figure7(m, v);
    ++out.instances;
    out.instance_results.push_back(
        {p, kNone, v.empty() ? Status::pass : Status::fail, kNone, kNone});
    for (auto& e : v) out.violations.push_back(std::move(e));
  }
  if (!out.violations.empty()) out.status = Status::fail;
  return out;
}

}  // namespace collverify::engine
