#include "reference/trees/oblivious_binomial.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "reference/trees/dp_common.hpp"

namespace collverify::trees {
namespace {

using Idx = std::size_t;

// A gathered block: its root, its data (Size) and the time its root has gathered it.
template <class T>
struct Gathered {
  std::int64_t root = 0;
  std::int64_t size = 0;
  T time{};
  bool leaf = true;  // no child yet: a leaf sends straight from its buffer (no copy)
};

template <class T>
class Builder {
 public:
  Builder(const TreeProblem<T>& pr, GatherTree& tree) : pr_(pr), tree_(tree) {}

  // The block [lo, lo + width) clipped at p, rooted at `root` (inside it).
  Gathered<T> gather(std::int64_t lo, std::int64_t width, std::int64_t root) {
    const std::int64_t p = pr_.p();
    if (width == 1) return {root, pr_.m[static_cast<Idx>(root)], T{}, true};
    const std::int64_t half = width / 2;
    const std::int64_t mid = lo + half;
    if (mid >= p) return gather(lo, half, root);  // the right half is empty
    const std::int64_t end = std::min(lo + width, p);
    const bool root_right = root >= mid;
    Gathered<T> own = root_right ? gather(mid, half, root) : gather(lo, half, root);
    // The other half has no given root: its last rank gathers it.
    const Gathered<T> other = root_right ? gather(lo, half, mid - 1) : gather(mid, half, end - 1);
    receive(own, other);
    return own;
  }

 private:
  void receive(Gathered<T>& recv, const Gathered<T>& send) {
    const auto& c = pr_.cost;
    if (recv.leaf) {  // the local copy comes before the first child
      recv.time = c.g(recv.root) * static_cast<T>(pr_.m[static_cast<Idx>(recv.root)]);
      recv.leaf = false;
    }
    if (send.size > 0) {  // comm(0) = 0
      recv.time = std::max(recv.time, send.time) + c.a(send.root, recv.root) +
                  c.b(send.root, recv.root) * static_cast<T>(send.size);
    }
    recv.size += send.size;
    tree_.sequence[static_cast<Idx>(recv.root)].push_back(send.root);
  }

  const TreeProblem<T>& pr_;
  GatherTree& tree_;
};

template <class T>
TreeResult<T> rooted_at(const TreeProblem<T>& pr, std::int64_t r) {
  const std::int64_t p = pr.p();
  TreeResult<T> out;
  out.tree.root = r;
  out.tree.sequence.resize(static_cast<Idx>(p));
  for (std::int64_t v = 0; v < p; ++v) out.tree.sequence[static_cast<Idx>(v)] = {v};
  std::int64_t width = 1;
  while (width < p) width *= 2;
  const Gathered<T> top = Builder<T>(pr, out.tree).gather(0, width, r);
  out.time = top.leaf ? T{} : top.time;
  return out;
}

}  // namespace

template <class T>
TreeResult<T> oblivious_binomial_tree(const TreeProblem<T>& problem, RootMode mode) {
  detail::validate_problem(problem, mode, "oblivious binomial tree");
  if (!mode.best) return rooted_at(problem, mode.root);
  TreeResult<T> best = rooted_at(problem, 0);
  for (std::int64_t r = 1; r < problem.p(); ++r) {
    TreeResult<T> t = rooted_at(problem, r);
    if (t.time < best.time) best = std::move(t);
  }
  return best;
}

template TreeResult<std::int64_t> oblivious_binomial_tree(const TreeProblem<std::int64_t>&,
                                                          RootMode);
template TreeResult<double> oblivious_binomial_tree(const TreeProblem<double>&, RootMode);

}  // namespace collverify::trees
