#include "proofs/trees/ordered_baseline.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

#include "model/error.hpp"

namespace collverify::proofs {
namespace {

using Idx = std::size_t;
constexpr std::int64_t kUnreached = std::numeric_limits<std::int64_t>::max();

struct Dp {
  const TreeProblem<std::int64_t>& pr;
  Idx p;
  std::vector<std::int64_t> prefix;               // prefix[i] = m_0 + ... + m_{i-1}
  std::vector<std::int64_t> l, lk;                // L(i, e) at i * (p + 1) + (e + 1); its k
  std::vector<std::int64_t> o, ok;                // O(i, j, r) at (i * p + j) * p + r; its k
  std::vector<std::int64_t> best, best_root;      // Best(i, j), its root

  std::int64_t size(Idx i, Idx j) const { return prefix[j + 1] - prefix[i]; }
  std::int64_t step(std::int64_t t, std::int64_t sub, std::int64_t s) const {
    return s == 0 ? t : std::max(t, sub) + pr.cost.alpha + pr.cost.beta * s;
  }
  Idx li(Idx i, std::int64_t e) const { return i * (p + 1) + static_cast<Idx>(e + 1); }
  Idx oi(Idx i, Idx j, Idx r) const { return (i * p + j) * p + r; }

  void fill_range(Idx i, Idx j) {
    for (Idx r = i; r <= j; ++r) {
      std::int64_t ob = kUnreached, oc = -1;
      if (r == j) {
        ob = l[li(i, static_cast<std::int64_t>(r) - 1)] + pr.cost.gamma * pr.m[r];
      } else {
        for (Idx k = r; k < j; ++k) {
          const std::int64_t v = step(o[oi(i, k, r)], best[(k + 1) * p + j], size(k + 1, j));
          if (v < ob) ob = v, oc = static_cast<std::int64_t>(k);
        }
      }
      o[oi(i, j, r)] = ob;
      ok[oi(i, j, r)] = oc;
      if (ob < best[i * p + j]) best[i * p + j] = ob, best_root[i * p + j] = static_cast<std::int64_t>(r);
    }
    // L(i, j): the last subtree covers [k + 1, j]; k = i - 1 is one subtree over the whole range.
    std::int64_t lbest = kUnreached, lchoice = -2;
    for (std::int64_t k = static_cast<std::int64_t>(i) - 1; k < static_cast<std::int64_t>(j); ++k) {
      const Idx first = static_cast<Idx>(k + 1);
      const std::int64_t v = step(l[li(i, k)], best[first * p + j], size(first, j));
      if (v < lbest) lbest = v, lchoice = k;
    }
    l[li(i, static_cast<std::int64_t>(j))] = lbest;
    lk[li(i, static_cast<std::int64_t>(j))] = lchoice;
  }

  // Appends to `seq` the roots of the subtrees covering [i, e] (received before the copy).
  void left_items(Idx i, std::int64_t e, GatherTree& tree, std::vector<std::int64_t>& seq) const {
    if (e < static_cast<std::int64_t>(i)) return;
    const std::int64_t k = lk[li(i, e)];
    left_items(i, k, tree, seq);
    seq.push_back(subtree(static_cast<Idx>(k + 1), static_cast<Idx>(e), tree));
  }
  // Builds the best tree over [i, j] into `tree`; returns its root.
  std::int64_t subtree(Idx i, Idx j, GatherTree& tree) const {
    const Idx r = static_cast<Idx>(best_root[i * p + j]);
    rooted(i, j, r, tree);
    return static_cast<std::int64_t>(r);
  }
  void rooted(Idx i, Idx j, Idx r, GatherTree& tree) const {
    std::vector<Idx> rights;  // first indices of the subtrees right of r, last received first
    for (Idx cur = j; cur > r;) {
      const Idx k = static_cast<Idx>(ok[oi(i, cur, r)]);
      rights.push_back(k + 1);
      cur = k;
    }
    std::vector<std::int64_t> seq;
    left_items(i, static_cast<std::int64_t>(r) - 1, tree, seq);
    seq.push_back(static_cast<std::int64_t>(r));
    Idx end = j;
    std::vector<std::pair<Idx, Idx>> ranges;
    for (const Idx first : rights) ranges.emplace_back(first, end), end = first - 1;
    std::reverse(ranges.begin(), ranges.end());
    for (const auto& [a, b] : ranges) seq.push_back(subtree(a, b, tree));
    tree.sequence[r] = std::move(seq);
  }
};

}  // namespace

TreeSolution ordered_baseline(const TreeProblem<std::int64_t>& problem, RootChoice root) {
  require_exact_tree_problem(problem, root, kOrderedBaselineMaxP, "ordered baseline");
  const Idx p = static_cast<Idx>(problem.p());
  Dp d{problem, p, {}, {}, {}, {}, {}, {}, {}};
  d.prefix.assign(p + 1, 0);
  for (Idx i = 0; i < p; ++i) d.prefix[i + 1] = d.prefix[i] + problem.m[i];
  d.l.assign(p * (p + 1), kUnreached);
  d.lk.assign(p * (p + 1), -2);
  for (Idx i = 0; i < p; ++i) d.l[d.li(i, static_cast<std::int64_t>(i) - 1)] = 0;
  d.o.assign(p * p * p, kUnreached);
  d.ok.assign(p * p * p, -1);
  d.best.assign(p * p, kUnreached);
  d.best_root.assign(p * p, -1);
  for (Idx len = 1; len <= p; ++len) {
    for (Idx i = 0; i + len <= p; ++i) d.fill_range(i, i + len - 1);
  }
  const Idx r = root.root ? static_cast<Idx>(*root.root) : static_cast<Idx>(d.best_root[p - 1]);
  TreeSolution out;
  out.time = d.o[d.oi(0, p - 1, r)];
  out.tree.root = static_cast<std::int64_t>(r);
  out.tree.sequence.assign(p, {});
  d.rooted(0, p - 1, r, out.tree);
  return out;
}

}  // namespace collverify::proofs
