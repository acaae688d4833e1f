#include "generators/tree_mutants.hpp"

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace collverify {
namespace {

using Idx = std::size_t;

struct Ranges {
  std::vector<std::int64_t> lo, hi, parent;
  std::vector<std::vector<char>> in_subtree;  // in_subtree[c][w]: w lies in c's subtree
};

Ranges ranges(const GatherTree& t) {
  const auto p = static_cast<Idx>(t.p());
  Ranges r{std::vector<std::int64_t>(p), std::vector<std::int64_t>(p), t.parents(),
           std::vector<std::vector<char>>(p, std::vector<char>(p, 0))};
  std::vector<std::int64_t> order{t.root};
  for (std::size_t q = 0; q < order.size(); ++q) {
    for (const std::int64_t c : t.sequence[static_cast<Idx>(order[q])]) {
      if (c != order[q]) order.push_back(c);
    }
  }
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const auto v = static_cast<Idx>(*it);
    r.lo[v] = r.hi[v] = *it;
    r.in_subtree[v][v] = 1;
    for (const std::int64_t c : t.sequence[v]) {
      if (c == *it) continue;
      r.lo[v] = std::min(r.lo[v], r.lo[static_cast<Idx>(c)]);
      r.hi[v] = std::max(r.hi[v], r.hi[static_cast<Idx>(c)]);
      for (Idx w = 0; w < static_cast<Idx>(t.p()); ++w) {
        if (r.in_subtree[static_cast<Idx>(c)][w]) r.in_subtree[v][w] = 1;
      }
    }
  }
  return r;
}

std::optional<GatherTree> move_subtree(const GatherTree& t, std::uint64_t seed) {
  const Ranges r = ranges(t);
  std::vector<std::pair<std::int64_t, std::int64_t>> moves;
  for (std::int64_t c = 0; c < t.p(); ++c) {
    if (c == t.root) continue;
    for (std::int64_t w = 0; w < t.p(); ++w) {
      const auto ci = static_cast<Idx>(c), wi = static_cast<Idx>(w);
      if (r.in_subtree[ci][wi] || r.in_subtree[wi][ci]) continue;  // inside, or an ancestor
      if (r.hi[wi] + 1 < r.lo[ci] || r.hi[ci] + 1 < r.lo[wi]) moves.emplace_back(c, w);
    }
  }
  if (moves.empty()) return std::nullopt;
  const auto [c, w] = moves[seed % moves.size()];
  GatherTree out = t;
  auto& old = out.sequence[static_cast<Idx>(r.parent[static_cast<Idx>(c)])];
  old.erase(std::find(old.begin(), old.end(), c));
  out.sequence[static_cast<Idx>(w)].push_back(c);
  return out;
}

std::optional<GatherTree> swap_children(const GatherTree& t, std::uint64_t seed, bool segment) {
  std::vector<std::int64_t> candidates;
  for (std::int64_t v = 0; v < t.p(); ++v) {
    if (t.sequence[static_cast<Idx>(v)].size() >= 2) candidates.push_back(v);
  }
  if (candidates.empty()) return std::nullopt;
  const std::int64_t v = candidates[seed % candidates.size()];
  GatherTree out = t;
  auto& s = out.sequence[static_cast<Idx>(v)];
  if (!segment) {
    const std::size_t i = (seed / candidates.size()) % (s.size() - 1);
    std::swap(s[i], s[i + 1]);
    return out;
  }
  const Ranges r = ranges(t);
  for (std::size_t i = 0; i < s.size(); ++i) {
    for (std::size_t j = i + 1; j < s.size(); ++j) {
      if (s[i] == v || s[j] == v) continue;
      const bool both_right = r.lo[static_cast<Idx>(s[i])] > v && r.lo[static_cast<Idx>(s[j])] > v;
      const bool both_left = r.hi[static_cast<Idx>(s[i])] < v && r.hi[static_cast<Idx>(s[j])] < v;
      if (both_right || both_left) {
        std::swap(s[i], s[j]);
        return out;
      }
    }
  }
  const auto copy = std::find(s.begin(), s.end(), v);
  std::iter_swap(copy, copy == s.begin() ? copy + 1 : s.begin());
  return out;
}

}  // namespace

std::string mutation_name(TreeMutation m) {
  switch (m) {
    case TreeMutation::moved_subtree: return "moved_subtree";
    case TreeMutation::swapped_children: return "swapped_children";
    case TreeMutation::wrong_root: return "wrong_root";
  }
  return "?";
}

std::optional<GatherTree> mutate_tree(const GatherTree& tree, TreeMutation m, std::uint64_t seed,
                                      bool segment_rule) {
  switch (m) {
    case TreeMutation::moved_subtree: return move_subtree(tree, seed);
    case TreeMutation::swapped_children: return swap_children(tree, seed, segment_rule);
    case TreeMutation::wrong_root: {
      if (tree.p() < 2) return std::nullopt;
      GatherTree out = tree;
      const auto shift = static_cast<std::int64_t>(seed % static_cast<std::uint64_t>(tree.p() - 1));
      out.root = (tree.root + 1 + shift) % tree.p();
      return out;
    }
  }
  return std::nullopt;
}

}  // namespace collverify
