#include "reference/trees/nonordered_local.hpp"

#include "reference/trees/optimal.hpp"

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

namespace collverify::trees {

namespace {

using Idx = std::size_t;
constexpr int kMaxKick = 3;  // a perturbation makes 2..kMaxKick + 1 random moves

// A tree over places 0..p-1: par[place] (-1 at the root place), blk[place] = the processor there.
struct LocalShape {
  std::vector<int> par;
  std::vector<int> blk;
  int root = 0;
};

class Climber {
 public:
  Climber(const TreeProblem<std::int64_t>& pr, const LocalSearchOptions& o)
      : pr_(pr), o_(o), n_(static_cast<int>(pr.p())), kids_(static_cast<Idx>(n_)),
        size_(static_cast<Idx>(n_)), time_(static_cast<Idx>(n_)) {}

  // Figure 1 with every node's non-empty children in release (completion) order.
  std::int64_t eval(const LocalShape& s) {
    for (auto& k : kids_) k.clear();
    for (int v = 0; v < n_; ++v)
      if (s.par[static_cast<Idx>(v)] >= 0) kids_[static_cast<Idx>(s.par[static_cast<Idx>(v)])].push_back(v);
    order_.assign(1, s.root);
    for (Idx i = 0; i < order_.size(); ++i)
      for (const int c : kids_[static_cast<Idx>(order_[i])]) order_.push_back(c);
    const auto& c = pr_.cost;
    for (Idx i = order_.size(); i-- > 0;) {
      const auto v = static_cast<Idx>(order_[i]);
      const std::int64_t own = pr_.m[static_cast<Idx>(s.blk[v])];
      size_[v] = own;
      if (kids_[v].empty()) {
        time_[v] = o_.leaf_pays_copy ? c.gamma * own : 0;
        continue;
      }
      auto& ks = kids_[v];
      std::sort(ks.begin(), ks.end(), [&](int a, int b) {
        return time_[static_cast<Idx>(a)] < time_[static_cast<Idx>(b)];
      });
      std::int64_t t = c.gamma * own;
      for (const int k : ks) {
        const std::int64_t sz = size_[static_cast<Idx>(k)];
        if (sz == 0) continue;
        size_[v] += sz;
        t = std::max(t, time_[static_cast<Idx>(k)]) + c.alpha + c.beta * sz;
      }
      time_[v] = t;
    }
    return time_[static_cast<Idx>(s.root)];
  }

  // True when place u lies in the subtree of place v.
  static bool below(const LocalShape& s, int u, int v) {
    for (int x = u; x >= 0; x = s.par[static_cast<Idx>(x)])
      if (x == v) return true;
    return false;
  }

  // One pass of first-improvement moves; returns the (possibly improved) time.
  std::int64_t pass(LocalShape& s, std::int64_t cur, bool& improved) {
    improved = false;
    for (int v = 0; v < n_; ++v) {  // hang the subtree at v under u
      if (v == s.root) continue;
      for (int u = 0; u < n_; ++u) {
        const int old = s.par[static_cast<Idx>(v)];
        if (u == old || below(s, u, v)) continue;
        s.par[static_cast<Idx>(v)] = u;
        const std::int64_t t = eval(s);
        if (t < cur) {
          cur = t;
          improved = true;
        } else {
          s.par[static_cast<Idx>(v)] = old;
        }
      }
    }
    for (int a = 0; a < n_; ++a) {  // exchange the processors at two places
      for (int b = a + 1; b < n_; ++b) {
        if (o_.fixed_root && (a == s.root || b == s.root)) continue;
        std::swap(s.blk[static_cast<Idx>(a)], s.blk[static_cast<Idx>(b)]);
        const std::int64_t t = eval(s);
        if (t < cur) {
          cur = t;
          improved = true;
        } else {
          std::swap(s.blk[static_cast<Idx>(a)], s.blk[static_cast<Idx>(b)]);
        }
      }
    }
    return cur;
  }

  std::int64_t climb(LocalShape& s) {
    std::int64_t cur = eval(s);
    bool improved = true;
    while (improved) cur = pass(s, cur, improved);
    return cur;
  }

  // A few random moves (valid ones only): a reparent or an exchange.
  void perturb(LocalShape& s, std::mt19937_64& rng) {
    std::uniform_int_distribution<int> pick(0, n_ - 1);
    const int moves = 2 + static_cast<int>(rng() % static_cast<std::uint64_t>(kMaxKick));
    for (int i = 0; i < moves; ++i) {
      const int v = pick(rng), u = pick(rng);
      if (rng() % 2 == 0) {
        if (v != s.root && u != s.par[static_cast<Idx>(v)] && !below(s, u, v))
          s.par[static_cast<Idx>(v)] = u;
      } else if (u != v && !(o_.fixed_root && (u == s.root || v == s.root))) {
        std::swap(s.blk[static_cast<Idx>(u)], s.blk[static_cast<Idx>(v)]);
      }
    }
  }

  // The tree of a shape, children in release order (eval fills kids_ sorted).
  GatherTree tree(const LocalShape& s) {
    eval(s);
    GatherTree t;
    t.sequence.assign(static_cast<Idx>(n_), {});
    t.root = s.blk[static_cast<Idx>(s.root)];
    for (int v = 0; v < n_; ++v) {
      auto& seq = t.sequence[static_cast<Idx>(s.blk[static_cast<Idx>(v)])];
      seq.push_back(s.blk[static_cast<Idx>(v)]);
      for (const int k : kids_[static_cast<Idx>(v)]) seq.push_back(s.blk[static_cast<Idx>(k)]);
    }
    return t;
  }

 private:
  const TreeProblem<std::int64_t>& pr_;
  LocalSearchOptions o_;
  int n_;
  std::vector<std::vector<int>> kids_;
  std::vector<int> order_;
  std::vector<std::int64_t> size_, time_;
};

// A shape from a gather tree (place v holds processor v).
LocalShape shape_of(const GatherTree& tree) {
  const std::int64_t n = tree.p();
  LocalShape s;
  s.blk.resize(static_cast<Idx>(n));
  for (int v = 0; v < n; ++v) s.blk[static_cast<Idx>(v)] = v;
  s.root = static_cast<int>(tree.root);
  const std::vector<std::int64_t> parents = tree.parents();
  s.par.assign(static_cast<Idx>(n), -1);
  for (int v = 0; v < n; ++v) s.par[static_cast<Idx>(v)] = static_cast<int>(parents[static_cast<Idx>(v)]);
  s.par[static_cast<Idx>(s.root)] = -1;
  return s;
}

// The root-first preorder of a tree (children in sequence order): every subtree is a range of
// it, each child's range right after the previous one, so the tree is an ordered tree of this
// permutation and the ordered DP on it is at least as fast.
void preorder(const GatherTree& t, std::int64_t v, std::vector<int>& out) {
  out.push_back(static_cast<int>(v));
  for (const std::int64_t c : t.sequence[static_cast<Idx>(v)])
    if (c != v) preorder(t, c, out);
}

// The optimal ordered tree of the processors laid out in `order`, as a tree over the processors.
GatherTree ordered_tree_of(const TreeProblem<std::int64_t>& pr, const std::vector<int>& order,
                           bool fixed_root, std::int64_t root) {
  TreeProblem<std::int64_t> q = pr;
  std::int64_t root_place = 0;
  for (Idx i = 0; i < order.size(); ++i) {
    q.m[i] = pr.m[static_cast<Idx>(order[i])];
    if (order[i] == root) root_place = static_cast<std::int64_t>(i);
  }
  const RootMode mode = fixed_root ? RootMode::fixed(root_place) : RootMode::best_root();
  const GatherTree t = optimal_ordered_tree(q, mode).tree;
  GatherTree out;
  out.root = order[static_cast<Idx>(t.root)];
  out.sequence.assign(order.size(), {});
  for (Idx i = 0; i < order.size(); ++i)
    for (const std::int64_t c : t.sequence[i])
      out.sequence[static_cast<Idx>(order[i])].push_back(order[static_cast<Idx>(c)]);
  return out;
}

// First-improvement over exchanges of two positions of the permutation, each judged by the
// ordered DP on it (then re-timed by eval: the convention and release order). O(p^2) DPs a pass.
std::int64_t permutation_climb(const TreeProblem<std::int64_t>& pr, Climber& cl,
                               std::vector<int>& order, const LocalSearchOptions& o,
                               std::int64_t root, std::int64_t cur, GatherTree& best) {
  const bool fixed_root = o.fixed_root;
  bool improved = true;
  while (improved) {
    improved = false;
    for (Idx a = 0; a < order.size(); ++a) {
      if (cur <= o.target || (o.stop && o.stop())) return cur;
      for (Idx b = a + 1; b < order.size(); ++b) {
        std::swap(order[a], order[b]);
        GatherTree t = ordered_tree_of(pr, order, fixed_root, root);
        const std::int64_t v = cl.eval(shape_of(t));
        if (v < cur) {
          cur = v;
          best = std::move(t);
          improved = true;
        } else {
          std::swap(order[a], order[b]);
        }
      }
    }
  }
  return cur;
}

}  // namespace

LocalSearchResult improve_tree(const TreeProblem<std::int64_t>& problem, const GatherTree& tree,
                               const LocalSearchOptions& options) {
  const int n = static_cast<int>(problem.p());
  Climber cl(problem, options);
  LocalShape best = shape_of(tree);
  std::int64_t best_time = cl.climb(best);
  std::mt19937_64 rng(options.seed);
  // Alternate the two neighbourhoods until neither improves: tree moves, then the ordered DP
  // over exchanges of the tree's preorder.
  auto done = [&] { return best_time <= options.target || (options.stop && options.stop()); };
  for (int phase = 0; phase < options.phases && !done(); ++phase) {
    const std::int64_t before = best_time;
    // The permutation moves first: a pass is cheap at these p and often enough alone.
    GatherTree cur = cl.tree(best);
    std::vector<int> order;
    preorder(cur, cur.root, order);
    if (permutation_climb(problem, cl, order, options, tree.root, best_time, cur) < best_time) {
      best = shape_of(cur);
      best_time = cl.climb(best);
    }
    for (int r = 0, idle = 0; r < options.rounds && idle < options.patience * n && n > 2 && !done();
         ++r, ++idle) {
      LocalShape t = best;
      cl.perturb(t, rng);
      const std::int64_t v = cl.climb(t);
      if (v < best_time) {
        best_time = v;
        best = std::move(t);
        idle = 0;
      }
    }
    if (best_time >= before) break;
  }
  return {cl.tree(best), best_time};
}

}  // namespace collverify::trees
