#include "reference/trees/two_size.hpp"

#include <algorithm>
#include <cstddef>
#include <set>
#include <vector>

#include "model/error.hpp"
#include "reference/trees/dp_common.hpp"

namespace collverify::trees {
namespace {

using Idx = std::size_t;

template <class T>
struct Group {
  std::int64_t root = -1;
  std::int64_t size = 0;
  T time{};
};

// Binomial gather over `members` (ascending ranks): blocks of 1, 2, 4, ... members merge, the
// left block's root receiving. Appends to the sequences; returns the root, size and time.
template <class T>
Group<T> binomial_over(const TreeProblem<T>& pr, const std::vector<std::int64_t>& members,
                       GatherTree& g) {
  struct B {
    std::int64_t root;
    std::int64_t size;
    T time;
    bool leaf;
  };
  std::vector<B> blocks;
  for (const auto v : members) blocks.push_back({v, pr.m[static_cast<Idx>(v)], T{}, true});
  while (blocks.size() > 1) {
    std::vector<B> next;
    for (std::size_t b = 0; b < blocks.size(); b += 2) {
      if (b + 1 == blocks.size()) {
        next.push_back(blocks[b]);
        continue;
      }
      B recv = blocks[b];
      const B& send = blocks[b + 1];
      if (recv.leaf) {
        recv.time = pr.cost.g(recv.root) * static_cast<T>(pr.m[static_cast<Idx>(recv.root)]);
        recv.leaf = false;
      }
      if (send.size > 0) {
        recv.time = std::max(recv.time, send.time) + pr.cost.a(send.root, recv.root) +
                    pr.cost.b(send.root, recv.root) * static_cast<T>(send.size);
      }
      recv.size += send.size;
      g.sequence[static_cast<Idx>(recv.root)].push_back(send.root);
      next.push_back(recv);
    }
    blocks = std::move(next);
  }
  const B& top = blocks.front();
  return {top.root, top.size, top.leaf ? T{} : top.time};
}

}  // namespace

template <class T>
TreeResult<T> two_size_tree(const TreeProblem<T>& pr) {
  detail::validate_problem(pr, RootMode::best_root(), "two-size tree (Lemma 2)");
  const std::set<std::int64_t> sizes(pr.m.begin(), pr.m.end());
  if (sizes.size() != 2) {
    throw InputError("two-size tree (Lemma 2): the blocks take " + std::to_string(sizes.size()) +
                     " distinct sizes; need exactly 2");
  }
  const std::int64_t y = *sizes.rbegin();
  std::vector<std::int64_t> small, large;
  for (std::int64_t v = 0; v < pr.p(); ++v) {
    (pr.m[static_cast<Idx>(v)] == y ? large : small).push_back(v);
  }
  TreeResult<T> out;
  out.tree.sequence.resize(static_cast<Idx>(pr.p()));
  for (std::int64_t v = 0; v < pr.p(); ++v) out.tree.sequence[static_cast<Idx>(v)] = {v};
  const Group<T> a = binomial_over(pr, small, out.tree);
  const Group<T> b = binomial_over(pr, large, out.tree);
  // The group with more data receives (ties: the large-block group).
  const Group<T>& recv = b.size >= a.size ? b : a;
  const Group<T>& send = b.size >= a.size ? a : b;
  T t = recv.time;
  if (out.tree.sequence[static_cast<Idx>(recv.root)].size() == 1) {  // a leaf so far: copy
    t = pr.cost.g(recv.root) * static_cast<T>(pr.m[static_cast<Idx>(recv.root)]);
  }
  if (send.size > 0) {
    t = std::max(t, send.time) + pr.cost.a(send.root, recv.root) +
        pr.cost.b(send.root, recv.root) * static_cast<T>(send.size);
  }
  out.tree.sequence[static_cast<Idx>(recv.root)].push_back(send.root);
  out.tree.root = recv.root;
  out.time = t;
  return out;
}

template <class T>
TreeResult<T> two_gatherv_tree(const TreeProblem<T>& pr, RootMode mode, TwoSizeMutant mutant) {
  if (mode.best) return two_size_tree(pr);
  detail::validate_problem(pr, mode, "TWO_Gatherv tree (Section 5.2)");
  const std::set<std::int64_t> sizes(pr.m.begin(), pr.m.end());
  if (sizes.size() != 2) {
    throw InputError("TWO_Gatherv tree (Section 5.2): the blocks take " +
                     std::to_string(sizes.size()) + " distinct sizes; need exactly 2");
  }
  const std::int64_t p = pr.p();
  const std::int64_t r = mode.root;
  const std::int64_t mine = pr.m[static_cast<Idx>(r)];
  std::vector<std::int64_t> own, other;
  for (std::int64_t x = 0; x < p; ++x) {
    const std::int64_t v = (r + x) % p;  // from r upwards, cyclically
    if (pr.m[static_cast<Idx>(v)] == mine) own.push_back(v);
  }
  for (std::int64_t v = 0; v < p; ++v) {
    if (pr.m[static_cast<Idx>(v)] != mine) other.push_back(v);
  }
  TreeResult<T> out;
  out.tree.sequence.resize(static_cast<Idx>(p));
  for (std::int64_t v = 0; v < p; ++v) out.tree.sequence[static_cast<Idx>(v)] = {v};
  const Group<T> a = binomial_over(pr, own, out.tree);
  const Group<T> b = binomial_over(pr, other, out.tree);
  const bool leaf = out.tree.sequence[static_cast<Idx>(r)].size() == 1;
  T t = a.time;
  if (leaf) t = pr.cost.g(r) * static_cast<T>(mine);  // a leaf so far: copy first
  if (b.size > 0) {
    t = std::max(t, b.time) + pr.cost.a(b.root, r) + pr.cost.b(b.root, r) * static_cast<T>(b.size);
  }
  if (mutant != TwoSizeMutant::final_message_dropped) {
    out.tree.sequence[static_cast<Idx>(r)].push_back(b.root);
  }
  if (mutant == TwoSizeMutant::root_copy_dropped) t -= pr.cost.g(r) * static_cast<T>(mine);
  out.tree.root = r;
  out.time = t;
  return out;
}

template TreeResult<std::int64_t> two_gatherv_tree(const TreeProblem<std::int64_t>&, RootMode,
                                                   TwoSizeMutant);
template TreeResult<double> two_gatherv_tree(const TreeProblem<double>&, RootMode, TwoSizeMutant);
template TreeResult<std::int64_t> two_size_tree(const TreeProblem<std::int64_t>&);
template TreeResult<double> two_size_tree(const TreeProblem<double>&);

}  // namespace collverify::trees
