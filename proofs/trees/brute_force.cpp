#include "proofs/trees/brute_force.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

#include "checkers/trees/tree_time.hpp"

namespace collverify::proofs {
namespace {

using Idx = std::size_t;

// True when following parents from every v reaches `root` (no cycle).
bool reaches_root(const std::vector<std::int64_t>& parent, std::int64_t root) {
  const std::int64_t p = static_cast<std::int64_t>(parent.size());
  for (std::int64_t v = 0; v < p; ++v) {
    std::int64_t u = v;
    for (std::int64_t steps = 0; u != root; ++steps) {
      if (steps > p) return false;
      u = parent[static_cast<Idx>(u)];
    }
  }
  return true;
}

// Calls visit(tree) for every order of every sequence of the tree given by `parent`.
template <class Visit>
void each_sequence_order(const std::vector<std::int64_t>& parent, std::int64_t root, Visit&& visit) {
  const std::int64_t p = static_cast<std::int64_t>(parent.size());
  GatherTree tree;
  tree.root = root;
  tree.sequence.assign(static_cast<Idx>(p), {});
  for (std::int64_t v = 0; v < p; ++v) tree.sequence[static_cast<Idx>(v)].push_back(v);
  for (std::int64_t v = 0; v < p; ++v) {
    if (v != root) tree.sequence[static_cast<Idx>(parent[static_cast<Idx>(v)])].push_back(v);
  }
  for (auto& s : tree.sequence) std::sort(s.begin(), s.end());
  // Odometer over the processors: advance the first sequence that has a next permutation.
  while (true) {
    visit(tree);
    Idx v = 0;
    while (v < tree.sequence.size() &&
           !std::next_permutation(tree.sequence[v].begin(), tree.sequence[v].end())) {
      ++v;  // next_permutation wrapped this one back to sorted order: carry
    }
    if (v == tree.sequence.size()) return;
  }
}

template <class Accept>
TreeSolution brute_force(const TreeProblem<std::int64_t>& problem, RootChoice choice,
                         const char* name, trees::LeafCopy leaf, Accept&& accept) {
  require_exact_tree_problem(problem, choice, kBruteForceMaxP, name);
  const std::int64_t p = problem.p();
  std::optional<TreeSolution> best;
  for (std::int64_t root = 0; root < p; ++root) {
    if (choice.root && *choice.root != root) continue;
    std::vector<std::int64_t> parent(static_cast<Idx>(p), 0);
    parent[static_cast<Idx>(root)] = root;
    while (true) {
      bool valid = reaches_root(parent, root);
      for (std::int64_t v = 0; v < p && valid; ++v) valid = v == root || parent[static_cast<Idx>(v)] != v;
      if (valid) {
        each_sequence_order(parent, root, [&](const GatherTree& tree) {
          if (!accept(tree)) return;
          const std::int64_t t = trees::gather_time(tree, problem, leaf);
          if (!best || t < best->time) best = TreeSolution{t, tree};
        });
      }
      std::int64_t v = 0;  // odometer over the parents of the non-roots
      for (; v < p; ++v) {
        if (v == root) continue;
        auto& x = parent[static_cast<Idx>(v)];
        if (++x < p) break;
        x = 0;
      }
      if (v == p) break;
    }
  }
  return *best;
}

}  // namespace

TreeSolution brute_force_nonordered(const TreeProblem<std::int64_t>& problem, RootChoice root,
                                    trees::LeafCopy leaf) {
  return brute_force(problem, root, "brute force (non-ordered)", leaf, [](const GatherTree&) { return true; });
}

TreeSolution brute_force_ordered(const TreeProblem<std::int64_t>& problem, RootChoice root) {
  return brute_force(problem, root, "brute force (ordered)", trees::LeafCopy::paid,
                     [](const GatherTree& t) { return is_strongly_ordered(t); });
}

}  // namespace collverify::proofs
