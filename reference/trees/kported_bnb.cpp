#include "reference/trees/kported_bnb.hpp"

#include <algorithm>
#include <cstddef>
#include <numeric>

namespace collverify::trees {
namespace {

using Idx = std::size_t;

struct KportSearch {
  std::vector<std::int64_t> w;       // decreasing
  std::vector<std::int64_t> suffix;  // suffix[i] = sum of w[i..]
  std::vector<std::int64_t> load;
  std::vector<std::int64_t> assign, best_assign;
  std::int64_t best = 0, bound = 0, nodes = 0, max_nodes = 0;
  bool stopped = false;

  void dfs(Idx i, std::int64_t assigned) {
    if (best == bound || stopped) return;
    if (i == w.size()) {
      const std::int64_t t = *std::max_element(load.begin(), load.end());
      if (t < best) best = t, best_assign = assign;
      return;
    }
    ++nodes;
    if (max_nodes > 0 && nodes > max_nodes) {
      stopped = true;
      return;
    }
    const auto k = static_cast<std::int64_t>(load.size());
    if ((assigned + suffix[i] + k - 1) / k >= best) return;  // K2 on what is left
    std::vector<std::int64_t> tried;
    std::vector<Idx> order(load.size());
    std::iota(order.begin(), order.end(), Idx{0});
    std::stable_sort(order.begin(), order.end(), [&](Idx a, Idx b) { return load[a] < load[b]; });
    for (const Idx j : order) {
      if (load[j] + w[i] >= best) break;  // loads increase: every later port fails too
      if (std::find(tried.begin(), tried.end(), load[j]) != tried.end()) continue;
      tried.push_back(load[j]);
      load[j] += w[i];
      assign[i] = static_cast<std::int64_t>(j);
      dfs(i + 1, assigned + w[i]);
      load[j] -= w[i];
      if (best == bound || stopped) return;
    }
  }
};

}  // namespace

KPortedBnbResult kported_bnb(const std::vector<std::int64_t>& m, std::int64_t k, std::int64_t alpha,
                             std::int64_t beta, std::int64_t max_nodes) {
  const Idx n = m.size();
  std::vector<Idx> by_cost(n);
  std::iota(by_cost.begin(), by_cost.end(), Idx{0});
  auto cost = [&](Idx i) { return m[i] == 0 ? 0 : alpha + beta * m[i]; };
  std::stable_sort(by_cost.begin(), by_cost.end(), [&](Idx a, Idx b) { return cost(a) > cost(b); });
  KportSearch s;
  for (const Idx i : by_cost) s.w.push_back(cost(i));
  s.suffix.assign(n + 1, 0);
  for (Idx i = n; i-- > 0;) s.suffix[i] = s.suffix[i + 1] + s.w[i];
  // LPT: the first incumbent.
  s.load.assign(static_cast<Idx>(k), 0);
  s.assign.assign(n, 0);
  for (Idx i = 0; i < n; ++i) {
    const auto j =
        static_cast<Idx>(std::min_element(s.load.begin(), s.load.end()) - s.load.begin());
    s.load[j] += s.w[i];
    s.assign[i] = static_cast<std::int64_t>(j);
  }
  KPortedBnbResult out;
  s.best = *std::max_element(s.load.begin(), s.load.end());
  s.best_assign = s.assign;
  out.first_incumbent = s.best;
  const std::int64_t k1 = n == 0 ? 0 : s.w.front();
  const std::int64_t k2 = (s.suffix[0] + k - 1) / k;
  const std::int64_t k3 = static_cast<std::int64_t>(n) > k
                              ? s.w[static_cast<Idx>(k) - 1] + s.w[static_cast<Idx>(k)]
                              : 0;
  s.bound = std::max({k1, k2, k3});
  s.max_nodes = max_nodes;
  std::fill(s.load.begin(), s.load.end(), 0);
  if (s.best > s.bound) s.dfs(0, 0);
  out.time = s.best;
  out.port.assign(n, 0);
  for (Idx i = 0; i < n; ++i) out.port[by_cost[i]] = s.best_assign[i];
  out.optimal = !s.stopped;
  out.lower_bound = out.optimal ? out.time : s.bound;
  out.nodes = s.nodes;
  return out;
}

}  // namespace collverify::trees
