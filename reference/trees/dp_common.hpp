// Helpers shared by the tree DPs of reference/trees (not a public API): prefix sums, the
// homogeneous comm() with comm(0) = 0, the overflow bound for exact arithmetic, and the
// precondition checks every construction applies to its input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "model/tree_cost.hpp"
#include "reference/trees/tree_result.hpp"

namespace collverify::trees::detail {

// InputError unless p >= 1, every m_i >= 0, per-pair matrices have the right shape, the total
// fits int64, and a fixed root lies in [0, p). With T = std::int64_t also refuses costs whose
// worst tree time (p * alpha + p * beta * m + gamma * m) overflows.
template <class T>
void validate_problem(const TreeProblem<T>& problem, RootMode mode, const std::string& who);

// prefix[i] = m_0 + ... + m_{i-1}; S(i, j) = prefix[j + 1] - prefix[i].
std::vector<std::int64_t> prefix_sums(const std::vector<std::int64_t>& m);

template <class T>
inline T comm(T alpha, T beta, std::int64_t size) {
  return size == 0 ? T{} : alpha + beta * static_cast<T>(size);
}

inline std::size_t at(std::int64_t i, std::int64_t j, std::int64_t p) {
  return static_cast<std::size_t>(i * p + j);
}

}  // namespace collverify::trees::detail
