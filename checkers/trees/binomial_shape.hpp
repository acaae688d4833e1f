// Is a gather tree the standard rank-ordered binomial tree of seed 001, Section 5.1 ("Oblivious"
// of Table 1) rooted at its root r? Written from the definition, per processor and in closed
// form, independent of reference/trees (which builds the tree top-down by halving).
//
// The aligned blocks of level k are [a 2^k, (a+1) 2^k) clipped at p. A block's root is r if it
// holds r, otherwise its last rank (the reading that reproduces Table 1: docs/ERRATA.md E21).
// Processor v gathers, for k = 0, 1, ... while v is the root of its level-(k+1) block, the
// sibling of its level-k block inside that level-(k+1) block (when not empty), from the
// sibling's root. So its sequence must be exactly {v, those roots in increasing k}: the copy
// first, smaller subtrees first.
//
// Returns the first processor (smallest rank) whose sequence differs, with property
// `binomial_children` and both sequences in the message; `binomial_size` when the tree has no
// processor or its root lies outside [0, p). Nothing else is assumed of the tree (a tree that
// passes is well formed, since the expected tree is). Cost O(p log p) time, O(log p) memory
// beyond the tree.
// Example: p = 3, root 2: expected {{0}, {1, 0}, {2, 1}}; the tree {{0, 1}, {1}, {2, 0}} (the
// first rank of [0, 2) as its root) fails at processor 0.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "checkers/trees/tree_check.hpp"
#include "model/gather_tree.hpp"

namespace collverify::trees {

// The sequence the standard binomial tree over p processors rooted at r gives processor v.
std::vector<std::int64_t> standard_binomial_sequence(std::int64_t p, std::int64_t r,
                                                     std::int64_t v);

std::optional<TreeViolation> check_standard_binomial(const GatherTree& tree);

}  // namespace collverify::trees
