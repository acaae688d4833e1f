#include "reference/trees/binomial.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "reference/trees/dp_common.hpp"

namespace collverify::trees {
namespace {

using Idx = std::size_t;

// One block of the current round: its root, its data and the time its root has gathered it.
template <class T>
struct Block {
  std::int64_t root = -1;
  std::int64_t size = 0;
  T time{};
  bool leaf = true;  // the root has no child yet (a leaf sends without a copy)
};

enum class Policy { left_rooted, adaptive };

template <class T>
TreeResult<T> merge_tree(const TreeProblem<T>& pr, Policy policy, bool fixed, std::int64_t r) {
  const std::int64_t p = pr.p();
  TreeResult<T> out;
  out.tree.sequence.resize(static_cast<Idx>(p));
  std::vector<Block<T>> blocks(static_cast<Idx>(p));
  for (std::int64_t v = 0; v < p; ++v) {
    out.tree.sequence[static_cast<Idx>(v)] = {v};
    blocks[static_cast<Idx>(v)] = {v, pr.m[static_cast<Idx>(v)], T{}, true};
  }
  for (std::int64_t width = 1; width < p; width *= 2) {
    std::vector<Block<T>> next;
    for (std::size_t b = 0; b < blocks.size(); b += 2) {
      if (b + 1 == blocks.size()) {
        next.push_back(blocks[b]);
        continue;
      }
      Block<T> left = blocks[b];
      Block<T> right = blocks[b + 1];
      const std::int64_t lo = static_cast<std::int64_t>(b) * width;
      const bool root_left = fixed && r >= lo && r < lo + width;
      const bool root_right = fixed && r >= lo + width && r < lo + 2 * width;
      bool left_receives = policy == Policy::left_rooted || left.size >= right.size;
      if (root_left) left_receives = true;
      if (root_right) left_receives = false;
      Block<T>& recv = left_receives ? left : right;
      const Block<T>& send = left_receives ? right : left;
      if (recv.leaf) {  // the receiver copies its own block first
        recv.time = pr.cost.g(recv.root) * static_cast<T>(pr.m[static_cast<Idx>(recv.root)]);
        recv.leaf = false;
      }
      if (send.size > 0) {
        recv.time = std::max(recv.time, send.time) + pr.cost.a(send.root, recv.root) +
                    pr.cost.b(send.root, recv.root) * static_cast<T>(send.size);
      }
      recv.size += send.size;
      out.tree.sequence[static_cast<Idx>(recv.root)].push_back(send.root);
      next.push_back(recv);
    }
    blocks = std::move(next);
  }
  const Block<T>& top = blocks.front();
  out.tree.root = top.root;
  out.time = top.leaf ? T{} : top.time;
  return out;
}

}  // namespace

template <class T>
TreeResult<T> left_rooted_binomial_tree(const TreeProblem<T>& problem, RootMode mode) {
  detail::validate_problem(problem, mode, "left-rooted binomial tree");
  if (!mode.best) return merge_tree(problem, Policy::left_rooted, true, mode.root);
  TreeResult<T> best = merge_tree(problem, Policy::left_rooted, true, 0);
  for (std::int64_t r = 1; r < problem.p(); ++r) {
    TreeResult<T> t = merge_tree(problem, Policy::left_rooted, true, r);
    if (t.time < best.time) best = std::move(t);
  }
  return best;
}

template <class T>
TreeResult<T> adaptive_binomial_tree(const TreeProblem<T>& problem, RootMode mode) {
  detail::validate_problem(problem, mode, "adaptive binomial tree");
  return merge_tree(problem, Policy::adaptive, !mode.best, mode.root);
}

template TreeResult<std::int64_t> left_rooted_binomial_tree(const TreeProblem<std::int64_t>&,
                                                            RootMode);
template TreeResult<double> left_rooted_binomial_tree(const TreeProblem<double>&, RootMode);
template TreeResult<std::int64_t> adaptive_binomial_tree(const TreeProblem<std::int64_t>&,
                                                         RootMode);
template TreeResult<double> adaptive_binomial_tree(const TreeProblem<double>&, RootMode);

}  // namespace collverify::trees
