#include "checkers/trees/brute_force.hpp"

#include <cstddef>
#include <utility>
#include <vector>

#include "checkers/trees/scatter_time.hpp"
#include "checkers/trees/tree_time.hpp"
#include "model/error.hpp"

namespace collverify::trees {
namespace {

using Idx = std::size_t;

struct Pending {
  std::int64_t lo, hi, root;
};
struct Piece {
  std::int64_t lo, hi;
};

class Enumerator {
 public:
  Enumerator(std::int64_t p, const EnumerationLimits& lim,
             const std::function<void(const GatherTree&)>& visit)
      : lim_(lim), visit_(visit) {
    tree_.sequence.assign(static_cast<Idx>(p), {});
  }

  void run(std::int64_t p) {
    for (std::int64_t r = 0; r < p; ++r) {
      if (lim_.root >= 0 && r != lim_.root) continue;
      tree_.root = r;
      expand_all({{0, p - 1, r}});
    }
  }

 private:
  // Expands the first pending node and recurses; visits when nothing is pending.
  void expand_all(std::vector<Pending> pending) {
    if (pending.empty()) {
      visit_(tree_);
      return;
    }
    const Pending node = pending.back();
    pending.pop_back();
    // Left part split into pieces from the processor outward, right part likewise.
    for_each_split(node.lo, node.root - 1, true, [&](const std::vector<Piece>& left) {
      for_each_split(node.root + 1, node.hi, false, [&](const std::vector<Piece>& right) {
        const auto n = static_cast<std::int64_t>(left.size() + right.size());
        if (lim_.max_children >= 0 && n > lim_.max_children) return;
        for_each_order(node.root, left, right, [&](const std::vector<Piece>& order) {
          choose_roots(node.root, order, 0, {}, pending);
        });
      });
    });
  }

  // Compositions of [a..b] into consecutive pieces, listed from the end nearest the processor.
  template <class F>
  void for_each_split(std::int64_t a, std::int64_t b, bool outward_left, F&& f) {
    std::vector<Piece> pieces;
    split_rec(a, b, outward_left, pieces, f);
  }
  template <class F>
  void split_rec(std::int64_t a, std::int64_t b, bool left, std::vector<Piece>& pieces, F& f) {
    if (a > b) {
      f(pieces);
      return;
    }
    if (left) {  // next piece ends at b
      for (std::int64_t x = b; x >= a; --x) {
        pieces.push_back({x, b});
        split_rec(a, x - 1, left, pieces, f);
        pieces.pop_back();
      }
    } else {  // next piece starts at a
      for (std::int64_t y = a; y <= b; ++y) {
        pieces.push_back({a, y});
        split_rec(y + 1, b, left, pieces, f);
        pieces.pop_back();
      }
    }
  }

  // The sequences a rule allows for these pieces; the copy is the piece {v, v}.
  template <class F>
  void for_each_order(std::int64_t v, const std::vector<Piece>& left,
                      const std::vector<Piece>& right, F&& f) {
    std::vector<Piece> order;
    if (lim_.rule == OrderRule::rank) {
      for (auto it = left.rbegin(); it != left.rend(); ++it) order.push_back(*it);
      order.push_back({v, v});
      for (const auto& piece : right) order.push_back(piece);
      f(order);
      return;
    }
    if (lim_.rule == OrderRule::segment) {
      order.push_back({v, v});
      interleave(left, 0, right, 0, order, f);
      return;
    }
    // Figure 4: the copy and the first child in rank order, then any interleaving.
    if (left.empty() && right.empty()) {
      order.push_back({v, v});
      f(order);
      return;
    }
    auto place_copy = [&](const std::vector<Piece>& seq) {
      std::vector<Piece> out = seq;
      const bool first_left = seq.front().hi < v;
      out.insert(out.begin() + (first_left ? 1 : 0), Piece{v, v});
      f(out);
    };
    interleave(left, 0, right, 0, order, place_copy);
  }
  template <class F>
  void interleave(const std::vector<Piece>& l, std::size_t i, const std::vector<Piece>& r,
                  std::size_t j, std::vector<Piece>& order, F& f) {
    if (i == l.size() && j == r.size()) {
      f(order);
      return;
    }
    if (i < l.size()) {
      order.push_back(l[i]);
      interleave(l, i + 1, r, j, order, f);
      order.pop_back();
    }
    if (j < r.size()) {
      order.push_back(r[j]);
      interleave(l, i, r, j + 1, order, f);
      order.pop_back();
    }
  }

  // Every choice of a root for every child piece, then the rest of the tree.
  void choose_roots(std::int64_t v, const std::vector<Piece>& order, std::size_t at,
                    std::vector<std::int64_t> seq, const std::vector<Pending>& pending) {
    if (at == order.size()) {
      std::vector<Pending> more = pending;
      for (std::size_t x = 0; x < order.size(); ++x) {
        if (seq[x] != v) more.push_back({order[x].lo, order[x].hi, seq[x]});
      }
      tree_.sequence[static_cast<Idx>(v)] = seq;
      expand_all(std::move(more));
      return;
    }
    const Piece piece = order[at];
    if (piece.lo == v && piece.hi == v) {
      seq.push_back(v);
      choose_roots(v, order, at + 1, std::move(seq), pending);
      return;
    }
    for (std::int64_t c = piece.lo; c <= piece.hi; ++c) {
      std::vector<std::int64_t> s = seq;
      s.push_back(c);
      choose_roots(v, order, at + 1, std::move(s), pending);
    }
  }

  EnumerationLimits lim_;
  const std::function<void(const GatherTree&)>& visit_;
  GatherTree tree_;
};

}  // namespace

void for_each_ordered_tree(std::int64_t p, const EnumerationLimits& limits,
                           const std::function<void(const GatherTree&)>& visit) {
  CV_ASSERT(p >= 1 && p <= 12, "brute force is for small p");
  Enumerator e(p, limits, visit);
  e.run(p);
}

template <class T>
BruteForceResult<T> brute_force_minimum(const TreeProblem<T>& problem,
                                        const EnumerationLimits& limits) {
  BruteForceResult<T> best;
  for_each_ordered_tree(problem.p(), limits, [&](const GatherTree& t) {
    const T time = gather_time(t, problem, LeafCopy::free);
    if (best.trees == 0 || time < best.time) {
      best.time = time;
      best.tree = t;
    }
    ++best.trees;
  });
  return best;
}

template <class T>
BruteForceResult<T> brute_force_broadcast_minimum(const TreeProblem<T>& problem,
                                                  const EnumerationLimits& limits) {
  BruteForceResult<T> best;
  for_each_ordered_tree(problem.p(), limits, [&](const GatherTree& t) {
    const T time = broadcast_time(reversed_sequences(t), problem);
    if (best.trees == 0 || time < best.time) {
      best.time = time;
      best.tree = t;
    }
    ++best.trees;
  });
  return best;
}

template BruteForceResult<std::int64_t> brute_force_minimum(const TreeProblem<std::int64_t>&,
                                                            const EnumerationLimits&);
template BruteForceResult<double> brute_force_minimum(const TreeProblem<double>&,
                                                      const EnumerationLimits&);
template BruteForceResult<std::int64_t> brute_force_broadcast_minimum(
    const TreeProblem<std::int64_t>&, const EnumerationLimits&);
template BruteForceResult<double> brute_force_broadcast_minimum(const TreeProblem<double>&,
                                                                const EnumerationLimits&);

}  // namespace collverify::trees
