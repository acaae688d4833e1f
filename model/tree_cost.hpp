// The linear cost model of seed 001 (Section 2.1): a message of m units from i to j costs
// alpha_ij + beta_ij * m, a local copy of m units at i costs gamma_i * m, and comm(0) = 0 (no
// data, no message). Homogeneous when the per-pair vectors are empty (alpha, beta, gamma
// apply to every pair). T is the number type: std::int64_t for exact arithmetic when every
// input is an integer (overflow is refused as InputError, never wrapped), double otherwise.
// Block sizes m_i are non-negative integers in both cases.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace collverify {

template <class T>
struct CostModel {
  T alpha{};
  T beta{};
  T gamma{};
  std::vector<T> alpha_ij;  // p * p, row-major: alpha_ij[i * p + j] for a message i -> j
  std::vector<T> beta_ij;   // p * p, row-major
  std::vector<T> gamma_i;   // p
  std::int64_t p = 0;       // needed only for the per-pair form

  bool homogeneous() const { return alpha_ij.empty(); }
  T a(std::int64_t i, std::int64_t j) const { return homogeneous() ? alpha : alpha_ij[idx(i, j)]; }
  T b(std::int64_t i, std::int64_t j) const { return homogeneous() ? beta : beta_ij[idx(i, j)]; }
  T g(std::int64_t i) const {
    return homogeneous() ? gamma : gamma_i[static_cast<std::size_t>(i)];
  }

  static CostModel uniform(T alpha, T beta, T gamma) {
    CostModel c;
    c.alpha = alpha;
    c.beta = beta;
    c.gamma = gamma;
    return c;
  }

 private:
  std::size_t idx(std::int64_t i, std::int64_t j) const {
    return static_cast<std::size_t>(i * p + j);
  }
};

// A gather/scatter problem: block sizes m_i (m = sum m_i) and the cost model.
template <class T>
struct TreeProblem {
  std::vector<std::int64_t> m;
  CostModel<T> cost;
  std::int64_t p() const { return static_cast<std::int64_t>(m.size()); }
};

}  // namespace collverify
