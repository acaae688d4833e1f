// An experiment of issue 24 (docs/RESULTS-trees-bnb.md, "Tried in stop 33: a count-indexed
// capacity relaxation"), kept so that its figures can be reproduced; the B&B does not use it.
// A lower bound on the best-root non-ordered gather time G(P) for beta = gamma = 1, free leaves:
// the capacity tables of Lemma B4 indexed also by the number of blocks of a subtree, with each
// subtree over a suffix of the blocks sorted decreasingly (heap order, ties broken by index),
// every child at least the sum of its k smallest blocks, and the first `slots` children of every
// chain rooted at distinct items (Lemma B5's seeds, as a DP over the set of used seeds).
//   nonordered_relaxation bound DIST P ALPHA SEED SLOTS  the bound on one instance (b = 1000)
//   nonordered_relaxation check N SEED                   N random instances, p = 3..11, against
//                                                        the subset DP: exit 1 if a bound is above
// Cost: O(p^3 2^slots T) for T = the time horizon (the ordered tree's time): seconds at p = 28.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "generators/tree_distributions.hpp"
#include "proofs/trees/nonordered_dp.hpp"
#include "reference/trees/optimal.hpp"

namespace cv = collverify;

namespace {

using Row = std::vector<std::int64_t>;   // over time 0..T; -1: no such subtree or chain
using Table = std::vector<Row>;          // [blocks][time]

struct Relaxation {
  std::int64_t alpha = 0;
  std::int64_t horizon = 0;   // T
  std::vector<std::int64_t> b;  // blocks, decreasing
  std::vector<Table> tab;       // tab[i][k][t]: most volume of a k-block subtree over items >= i
                                // complete by t

  // Children of a root of block `root` drawn from items first.., `slots` of them distinct:
  // out[K][t] = most volume K blocks of children deliver by t (copy first, then the messages).
  Table chain(std::int64_t root, std::size_t first, int slots) const {
    const std::size_t n = b.size() - first;
    const int ks = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(slots), n));
    Row top(n + 1, 0), bot(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
      top[i + 1] = top[i] + b[first + i];
      bot[i + 1] = bot[i] + b[b.size() - 1 - i];
    }
    const std::size_t masks = std::size_t{1} << ks;
    std::vector<Table> best(masks, Table(n + 1, Row(static_cast<std::size_t>(horizon) + 1, -1)));
    for (std::int64_t t = root; t <= horizon; ++t) best[0][0][static_cast<std::size_t>(t)] = 0;
    for (std::size_t k = 0; k <= n; ++k) {
      for (auto& by_mask : best) finish_row(by_mask[k], top[k]);
      if (k == n) break;
      for (std::size_t mask = 0; mask < masks; ++mask) {
        for (int slot = 0; slot <= ks; ++slot) {
          if (slot < ks && ((mask >> slot) & 1U) != 0) continue;
          const std::size_t item = first + static_cast<std::size_t>(slot);
          if (item >= b.size()) continue;
          const std::size_t next = slot < ks ? (mask | (std::size_t{1} << slot)) : mask;
          const Table& sub = tab[item];
          for (std::size_t kp = 1; k + kp <= n && kp < sub.size(); ++kp)
            extend(best[mask][k], sub[kp], std::max<std::int64_t>(1, bot[kp]), best[next][k + kp]);
        }
      }
    }
    Table out(n + 1, Row(static_cast<std::size_t>(horizon) + 1, -1));
    for (const auto& by_mask : best)
      for (std::size_t k = 0; k <= n; ++k)
        for (std::size_t t = 0; t < out[k].size(); ++t) out[k][t] = std::max(out[k][t], by_mask[k][t]);
    return out;
  }

  // Monotone in time, and no more than the k largest blocks' volume.
  static void finish_row(Row& r, std::int64_t cap) {
    for (std::size_t t = 1; t < r.size(); ++t) r[t] = std::max(r[t], r[t - 1]);
    for (auto& v : r) v = std::min(v, cap);
  }

  // One more message: from chain state `from` (volume by its end), a child of volume s >= least
  // that is complete when the message starts at u (s <= sub[u]) and ends at t = u + alpha + s.
  // to[t] = max over u of from[u] + (t - alpha - u): a sliding-window maximum of from[u] - u over
  // u in [lowest u with u + sub[u] >= t - alpha, t - alpha - least].
  void extend(const Row& from, const Row& sub, std::int64_t least, Row& to) const {
    std::deque<std::int64_t> window;
    std::int64_t next = 0, low = 0;
    const auto at = [](const Row& r, std::int64_t i) { return r[static_cast<std::size_t>(i)]; };
    for (std::int64_t t = 0; t <= horizon; ++t) {
      const std::int64_t high = t - alpha - least;
      for (; next <= high; ++next) {
        if (at(from, next) < 0 || at(sub, next) < 0) continue;
        while (!window.empty() && at(from, window.back()) - window.back() <= at(from, next) - next)
          window.pop_back();
        window.push_back(next);
      }
      while (low <= high && (at(sub, low) < 0 || low + at(sub, low) < t - alpha)) ++low;
      while (!window.empty() && window.front() < low) window.pop_front();
      if (window.empty()) continue;
      const std::int64_t u = window.front();
      auto& v = to[static_cast<std::size_t>(t)];
      v = std::max(v, at(from, u) + (t - alpha - u));
    }
  }

  // The least t with a chain from the largest block (Lemma R) delivering every other block.
  std::int64_t bound(int slots) {
    const std::size_t n = b.size();
    tab.assign(n + 1, Table(1, Row(static_cast<std::size_t>(horizon) + 1, -1)));
    for (std::size_t i = n; i-- > 0;) {
      Table u(n - i + 1, Row(static_cast<std::size_t>(horizon) + 1, -1));
      for (std::size_t k = 0; k < tab[i + 1].size(); ++k) u[k] = tab[i + 1][k];
      for (auto& v : u[1]) v = std::max(v, b[i]);
      const Table c = chain(b[i], i + 1, slots);
      for (std::size_t k = 0; k < c.size(); ++k)
        for (std::size_t t = 0; t < c[k].size(); ++t)
          if (c[k][t] >= 0) u[k + 1][t] = std::max(u[k + 1][t], b[i] + c[k][t]);
      tab[i] = std::move(u);
    }
    if (n == 1) return 0;
    const std::int64_t need = std::accumulate(b.begin() + 1, b.end(), std::int64_t{0});
    const Table top = chain(b[0], 1, std::max(slots, 4));
    for (std::size_t t = 0; t < top[n - 1].size(); ++t)
      if (top[n - 1][t] >= need) return static_cast<std::int64_t>(t);
    return horizon + 1;  // nothing within the horizon (the horizon is a tree's time: not reached)
  }
};

cv::TreeProblem<std::int64_t> problem_of(std::vector<std::int64_t> m, std::int64_t alpha) {
  cv::TreeProblem<std::int64_t> pr;
  pr.m = std::move(m);
  pr.cost = cv::CostModel<std::int64_t>::uniform(alpha, 1, 1);
  return pr;
}

std::int64_t relaxation_bound(const cv::TreeProblem<std::int64_t>& pr, std::int64_t horizon,
                              int slots) {
  Relaxation r;
  r.alpha = pr.cost.alpha;
  r.horizon = horizon;
  r.b = pr.m;
  std::sort(r.b.begin(), r.b.end(), std::greater<>());
  return r.bound(slots);
}

int check(int count, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  int above = 0, equal = 0, runs = 0;
  for (int i = 0; i < count; ++i) {
    const int p = 3 + i % 9;
    const std::int64_t alpha = i % 3 == 0 ? 100 : i % 3 == 1 ? 1000 : 2500;
    const std::int64_t hi = i % 4 == 0 ? 20 : 2000;
    std::vector<std::int64_t> m(static_cast<std::size_t>(p));
    for (auto& x : m) x = std::uniform_int_distribution<std::int64_t>(1, hi)(g);
    if (i % 5 == 0) std::fill(m.begin(), m.begin() + p / 2, m[0]);  // equal blocks
    const auto pr = problem_of(m, alpha);
    const std::int64_t opt =
        cv::proofs::nonordered_subset_dp(pr, cv::proofs::RootChoice::best(), cv::trees::LeafCopy::free)
            .time;
    for (const int slots : {0, 2}) {
      const std::int64_t lb = relaxation_bound(pr, opt + 1, slots);
      ++runs;
      if (lb > opt) {
        ++above;
        fmt::print("ABOVE p={} alpha={} slots={} bound={} optimum={}\n", p, alpha, slots, lb, opt);
      }
      if (lb == opt) ++equal;
    }
  }
  fmt::print("runs={} above_optimum={} equal_to_optimum={}\n", runs, above, equal);
  return above == 0 ? 0 : 1;
}

int usage() {
  fmt::print(stderr,
             "usage: nonordered_relaxation bound DIST P ALPHA SEED SLOTS | check N SEED\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> a(argv + 1, argv + argc);
  if (a.size() == 3 && a[0] == "check")
    return check(std::atoi(a[1].c_str()), std::strtoull(a[2].c_str(), nullptr, 10));
  if (a.size() != 6 || a[0] != "bound") return usage();
  cv::DistributionParams params;
  params.seed = std::strtoull(a[4].c_str(), nullptr, 10);
  const auto pr = problem_of(
      cv::block_sizes(cv::parse_distribution(a[1]), std::atoll(a[2].c_str()), params),
      std::atoll(a[3].c_str()));
  // The horizon: the optimal ordered tree's time (an upper bound on the optimum).
  const std::int64_t horizon =
      cv::trees::optimal_ordered_tree(pr, cv::trees::RootMode::best_root()).time;
  fmt::print("dist={} p={} alpha={} seed={} slots={} ordered={} bound={}\n", a[1], a[2], a[3],
             a[4], a[5], horizon, relaxation_bound(pr, horizon, std::atoi(a[5].c_str())));
  return 0;
}
