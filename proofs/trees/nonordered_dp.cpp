#include "proofs/trees/nonordered_dp.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

#include "model/error.hpp"
#include "model/memory.hpp"

namespace collverify::proofs {
namespace {

using Idx = std::size_t;
using Mask = std::uint32_t;
constexpr std::int64_t kInf = std::numeric_limits<std::int64_t>::max();

struct Tables {
  Idx p = 0;
  std::vector<std::int64_t> size;   // Size(S)
  std::vector<std::int64_t> f;      // F(S, r) at S * p + r
  std::vector<Mask> last;           // the chosen last subtree Q of F(S, r)
  std::vector<std::int64_t> g;      // G(S)
  std::vector<std::uint8_t> groot;  // argmin root of G(S)
  std::int64_t F(Mask s, Idx r) const { return f[static_cast<Idx>(s) * p + r]; }
};

void fill(Tables& t, const TreeProblem<std::int64_t>& problem, trees::LeafCopy leaf) {
  const Idx p = t.p;
  const Mask full = static_cast<Mask>((std::uint64_t{1} << p) - 1);
  const auto& c = problem.cost;
  for (Mask s = 1; s <= full; ++s) {
    const Idx low = static_cast<Idx>(__builtin_ctz(s));
    t.size[s] = t.size[s & (s - 1)] + problem.m[low];
    std::int64_t best_g = kInf;
    for (Idx r = 0; r < p; ++r) {
      if (!(s >> r & 1U)) continue;
      const Mask b = s & ~(Mask{1} << r);
      std::int64_t best = kInf;
      Mask choice = 0;
      if (b == 0) {
        best = c.gamma * problem.m[r];
      } else {
        for (Mask q = b; q != 0; q = (q - 1) & b) {
          const std::int64_t before = t.F(s & ~q, r);
          const std::int64_t v = t.size[q] == 0 ? before
                                                : std::max(before, t.g[q]) + c.alpha + c.beta * t.size[q];
          if (v < best) {
            best = v;
            choice = q;
          }
        }
      }
      t.f[static_cast<Idx>(s) * p + r] = best;
      t.last[static_cast<Idx>(s) * p + r] = choice;
      if (best < best_g) {
        best_g = best;
        t.groot[s] = static_cast<std::uint8_t>(r);
      }
    }
    t.g[s] = (leaf == trees::LeafCopy::free && (s & (s - 1)) == 0) ? 0 : best_g;
  }
}

// sequence[r] = {r, roots of the subtrees in the order r receives them}, recursively.
void rebuild(const Tables& t, Mask s, Idx r, GatherTree& tree) {
  std::vector<Mask> subtrees;
  for (Mask cur = s; cur != (Mask{1} << r);) {
    const Mask q = t.last[static_cast<Idx>(cur) * t.p + r];
    CV_ASSERT(q != 0 && (q & cur) == q, "subset DP: broken choice table");
    subtrees.push_back(q);
    cur &= ~q;
  }
  std::reverse(subtrees.begin(), subtrees.end());
  auto& seq = tree.sequence[r];
  seq = {static_cast<std::int64_t>(r)};
  for (const Mask q : subtrees) {
    const Idx child = t.groot[q];
    seq.push_back(static_cast<std::int64_t>(child));
    rebuild(t, q, child, tree);
  }
}

}  // namespace

TreeSolution nonordered_subset_dp(const TreeProblem<std::int64_t>& problem, RootChoice root,
                                  trees::LeafCopy leaf) {
  require_exact_tree_problem(problem, root, kSubsetDpMaxP, "subset DP");
  Tables t;
  t.p = static_cast<Idx>(problem.p());
  const Idx n = Idx{1} << t.p;
  require_memory(static_cast<std::int64_t>(n * (t.p * 12 + 17)),
                 "subset DP tables for p = " + std::to_string(t.p));
  t.size.assign(n, 0);
  t.f.assign(n * t.p, kInf);
  t.last.assign(n * t.p, 0);
  t.g.assign(n, kInf);
  t.groot.assign(n, 0);
  fill(t, problem, leaf);
  const Mask full = static_cast<Mask>(n - 1);
  const Idx r = root.root ? static_cast<Idx>(*root.root) : t.groot[full];
  TreeSolution out;
  out.time = (leaf == trees::LeafCopy::free && t.p == 1) ? 0 : t.F(full, r);
  out.tree.root = static_cast<std::int64_t>(r);
  out.tree.sequence.assign(t.p, {});
  rebuild(t, full, r, out.tree);
  return out;
}

}  // namespace collverify::proofs
