// The slow twin of every ordered-tree DP (seed 001): enumerate ALL ordered trees over p
// processors explicitly and evaluate each with the Figure 1 evaluator (tree_time.hpp, free
// leaves). Nothing here shares code or equations with reference/trees.
//
// for_each_ordered_tree visits every tree in which every subtree spans a consecutive range and
// every sequence obeys `rule` (tree_check.hpp), every processor having at most `max_children`
// children; a root given as `root >= 0` restricts to trees rooted there. The visited tree is
// reused between calls (copy it to keep it). Counts for OrderRule::segment, any degree, any
// root: 1, 2, 8, 40, 224, 1344, 8448, 54912, 366080 for p = 1..9.
// brute_force_minimum returns the smallest gather time and the first tree attaining it
// (enumeration order) and the number of trees seen. Cost: number of trees times O(p).
#pragma once

#include <cstdint>
#include <functional>

#include "checkers/trees/tree_check.hpp"
#include "model/gather_tree.hpp"
#include "model/tree_cost.hpp"

namespace collverify::trees {

struct EnumerationLimits {
  OrderRule rule = OrderRule::segment;
  std::int64_t max_children = -1;  // -1: any degree
  std::int64_t root = -1;          // -1: any root
};

void for_each_ordered_tree(std::int64_t p, const EnumerationLimits& limits,
                           const std::function<void(const GatherTree&)>& visit);

template <class T>
struct BruteForceResult {
  T time{};
  GatherTree tree;
  std::int64_t trees = 0;
};

template <class T>
BruteForceResult<T> brute_force_minimum(const TreeProblem<T>& problem,
                                        const EnumerationLimits& limits);

// The same minimum for broadcast of the whole vector (Theorem 4): the smallest broadcast time of
// the reversed sequences over the same trees (no local copies).
template <class T>
BruteForceResult<T> brute_force_broadcast_minimum(const TreeProblem<T>& problem,
                                                  const EnumerationLimits& limits);

}  // namespace collverify::trees
