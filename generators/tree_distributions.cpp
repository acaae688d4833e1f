#include "generators/tree_distributions.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <random>

#include "generators/uniform.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify {
namespace {

struct Named {
  TreeDistribution d;
  const char* name;
};
constexpr Named kNames[] = {
    {TreeDistribution::same, "same"},
    {TreeDistribution::random, "random"},
    {TreeDistribution::random_decreasing, "random_decreasing"},
    {TreeDistribution::random_increasing, "random_increasing"},
    {TreeDistribution::bucket, "bucket"},
    {TreeDistribution::spikes, "spikes"},
    {TreeDistribution::decreasing, "decreasing"},
    {TreeDistribution::increasing, "increasing"},
    {TreeDistribution::alternating, "alternating"},
    {TreeDistribution::skewed, "skewed"},
    {TreeDistribution::two_blocks, "two_blocks"},
};

}  // namespace

const std::vector<TreeDistribution>& all_tree_distributions() {
  static const std::vector<TreeDistribution> all = [] {
    std::vector<TreeDistribution> v;
    for (const auto& n : kNames) v.push_back(n.d);
    return v;
  }();
  return all;
}

std::string distribution_name(TreeDistribution d) {
  for (const auto& n : kNames) {
    if (n.d == d) return n.name;
  }
  return "?";
}

TreeDistribution parse_distribution(const std::string& name) {
  std::string names;
  for (const auto& n : kNames) {
    if (name == n.name) return n.d;
    names += (names.empty() ? "" : ", ") + std::string(n.name);
  }
  throw InputError(fmt::format("--dist '{}' is not one of: {}, all", name, names));
}

std::vector<std::int64_t> block_sizes(TreeDistribution d, std::int64_t p,
                                      const DistributionParams& pr) {
  if (p < 1) throw InputError(fmt::format("p = {} is not a processor count (need p >= 1)", p));
  if (pr.b < 1)
    throw InputError(fmt::format("b = {} is not an average block size (need b >= 1)", pr.b));
  if (pr.lambda < 1) throw InputError(fmt::format("lambda = {} must be >= 1", pr.lambda));
  const std::string what = fmt::format("block sizes for p = {}, b = {}", p, pr.b);
  const std::int64_t two_b = checked_mul(2, pr.b, what);
  const std::int64_t pb = checked_mul(p, pr.b, what);
  checked_mul(two_b, p, what);  // 2b(p - i) and 2b(i + 1) stay below 2bp
  checked_mul(pr.lambda, pr.b, what);
  std::mt19937_64 g(pr.seed);
  std::vector<std::int64_t> m(static_cast<std::size_t>(p), 0);
  for (std::int64_t i = 0; i < p; ++i) {
    std::int64_t& x = m[static_cast<std::size_t>(i)];
    switch (d) {
      case TreeDistribution::same:
        x = pr.b;
        break;
      case TreeDistribution::random:
      case TreeDistribution::random_decreasing:
      case TreeDistribution::random_increasing:
        x = uniform(g, 1, two_b);
        break;
      case TreeDistribution::bucket:
        x = (pr.b + 1) / 2 + uniform(g, 1, pr.b);
        break;
      case TreeDistribution::spikes:
        x = uniform(g, 1, pr.lambda) == 1 ? pr.lambda * pr.b : 1;
        break;
      case TreeDistribution::decreasing:
        x = two_b * (p - i) / p + 1;
        break;
      case TreeDistribution::increasing:
        x = two_b * (i + 1) / p + 1;
        break;
      case TreeDistribution::alternating:
        x = i % 2 == 0 ? pr.b + pr.b / 2 : pr.b - pr.b / 2;
        break;
      case TreeDistribution::skewed:
        x = i < pr.lambda ? pb / pr.lambda : 1;
        break;
      case TreeDistribution::two_blocks:
        x = (i == 0 || i == p - 1) ? pb / 2 : 0;
        break;
    }
  }
  if (d == TreeDistribution::random_decreasing) std::sort(m.begin(), m.end(), std::greater<>());
  if (d == TreeDistribution::random_increasing) std::sort(m.begin(), m.end());
  std::int64_t total = 0;
  for (const auto x : m) total = checked_add(total, x, what + ": total m");
  return m;
}

}  // namespace collverify
