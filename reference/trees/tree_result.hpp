// What every tree construction of seed 001 takes and returns (reference/trees/*).
//
// RootMode says whether the root is given (`best == false`, the root is `root`, as in
// MPI_Gatherv) or chosen by the algorithm (`best == true`, `root` is ignored). TreeResult
// carries the tree itself and the completion time the construction claims for it; the claim is
// re-checked by checkers/trees (gather_time with LeafCopy::free), never trusted.
#pragma once

#include <cstdint>

#include "model/gather_tree.hpp"

namespace collverify::trees {

struct RootMode {
  bool best = false;
  std::int64_t root = 0;

  static RootMode fixed(std::int64_t r) { return {false, r}; }
  static RootMode best_root() { return {true, 0}; }
};

template <class T>
struct TreeResult {
  GatherTree tree;
  T time{};
};

}  // namespace collverify::trees
