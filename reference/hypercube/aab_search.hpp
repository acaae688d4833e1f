// Backtracking search for a generic all-to-all broadcast tree with property (*) (seed 004,
// slide 26) in ceil((2^d - 1)/d) rounds, for the d where Step IV as printed is not a valid tree
// (docs/ERRATA.md E41). Round by round, each dimension j takes at most one new node c whose
// neighbour c xor 2^j is already in the tree (served in an earlier round); a round may leave a
// dimension idle only while the total idle slots stay within ceil((2^d-1)/d) d - (2^d - 1).
// Candidates are tried by fewest ones first, then smallest label (deterministic). The answer is
// re-checked by the independent checker (checkers/hypercube) in the tests.
// Cost: exponential in the worst case; `budget` bounds the number of tree nodes tried.
// Example: d = 3 gives a 3-round tree.
#pragma once

#include <cstdint>

#include "reference/hypercube/aab.hpp"

namespace collverify::hypercube {

// A valid generic tree, or one with no edges when the budget ran out first.
GenericTree search_generic_tree(int d, std::int64_t budget = 50'000'000);

}  // namespace collverify::hypercube
