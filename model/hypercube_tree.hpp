// A generic spanning tree of the d-cube given round by round (seed 004, slides 17-26): the data
// the all-to-all broadcast construction produces (reference/hypercube/aab.hpp), the structural
// checker judges (checkers/hypercube/) and the mutant generators break (generators/). Node 0 is
// the root; each edge says which link the packet crosses in which round (0-based). The tree of
// node t is this one translated by xor t.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace collverify::hypercube {

// One link of a generic tree: `child` = `parent` with bit `dimension` flipped, used in `round`.
struct TreeEdge {
  std::int64_t parent = 0;
  std::int64_t child = 0;
  int dimension = 0;
  std::int64_t round = 0;
  friend bool operator==(const TreeEdge&, const TreeEdge&) = default;
};

struct GenericTree {
  int d = 0;
  std::int64_t rounds = 0;
  std::vector<TreeEdge> edges;  // sorted by (round, dimension)
  std::string source;           // who built it, e.g. "construction", "search", "mutant: ..."
};

}  // namespace collverify::hypercube
