// The integer gather instance of Theorem 7 (seed 001, Section 4, last paragraph of the proof)
// built from a PARTITION instance m_0..m_{p-1} (positive integers, m = sum m_i even):
//   p + 2 processors; processor i < p holds m'_i = p * m_i + 1, processor p holds
//   m'_p = p * m / 2, processor p + 1 holds m'_{p+1} = p * m / 2 + p;
//   alpha = beta = gamma = 1; the root is chosen by the algorithm (the proof's optimal tree is
//   rooted at p + 1, Figure 8).
// Claim: the optimal non-ordered gather time is target = 2pm + 2p + 2 exactly when a subset of
// the m_i sums to m / 2. The proof assumes every m_i < m / 2 (`nontrivial`); instances that
// violate it are still built, and the caller reports the assumption.
//
// Example: values {1, 2, 3} (p = 3, m = 6): blocks {4, 7, 10, 9, 12}, target 2*3*6 + 6 + 2 = 44.
//
// Bad input => InputError naming the value: an empty list, a value <= 0, an odd sum, or any
// size, the target or the instance's completion-time bound overflowing int64.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/tree_cost.hpp"

namespace collverify {

struct PartitionGatherInstance {
  std::vector<std::int64_t> values;      // the PARTITION instance m_0..m_{p-1}
  std::int64_t sum = 0;                  // m
  std::int64_t target = 0;               // 2pm + 2p + 2
  bool nontrivial = false;               // every m_i < m / 2 (the theorem's assumption)
  TreeProblem<std::int64_t> problem;     // p + 2 blocks, alpha = beta = gamma = 1
};

PartitionGatherInstance partition_gather_instance(const std::vector<std::int64_t>& values);

// An independent answer to PARTITION by subset sums over 0..m/2 (O(p * m) time, bitset):
// indices (ascending) of a subset summing to m / 2, reconstructed from the last value back
// (a value is taken only when the rest cannot reach the remaining sum), or nothing.
// InputError when m / 2 exceeds 10^7.
std::optional<std::vector<std::int64_t>> partition_subset(const std::vector<std::int64_t>& values);

}  // namespace collverify
