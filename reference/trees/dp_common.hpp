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

// Visits every range [i..j] with 0 <= i <= i_top, max(j_min, i + 1) <= j < p, each after all
// ranges [i'..j'] with i' >= i, j' <= j (what the interval DPs read: their own row to the left,
// the rows below). Rows come in blocks of kRowBlock, i descending; inside a block j ascends and
// i descends. A column segment of the transposed table is then read by kRowBlock ranges in a
// row while it is in cache, instead of streaming the whole table from memory once per row.
inline constexpr std::int64_t kRowBlock = 24;

template <class F>
void for_ranges_blocked(std::int64_t i_top, std::int64_t p, std::int64_t j_min, F&& visit) {
  for (std::int64_t hi = i_top; hi >= 0; hi -= kRowBlock) {
    const std::int64_t lo = hi - kRowBlock + 1 > 0 ? hi - kRowBlock + 1 : 0;
    for (std::int64_t j = j_min > lo + 1 ? j_min : lo + 1; j < p; ++j) {
      for (std::int64_t i = hi < j - 1 ? hi : j - 1; i >= lo; --i) visit(i, j);
    }
  }
}

}  // namespace collverify::trees::detail
