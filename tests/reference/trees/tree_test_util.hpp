// Random small gather problems shared by the tree tests (fixed seeds, both cost models).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "model/tree_cost.hpp"

namespace collverify::trees::testing {

inline std::int64_t draw(std::mt19937_64& g, std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, hi)(g);
}

inline std::vector<std::int64_t> random_sizes(std::mt19937_64& g, std::int64_t p) {
  std::vector<std::int64_t> m(static_cast<std::size_t>(p));
  const std::int64_t top = draw(g, 0, 3) == 0 ? 3 : 60;
  for (auto& x : m) x = draw(g, 0, 4) == 0 ? 0 : draw(g, 1, top);
  return m;
}

inline TreeProblem<std::int64_t> random_homogeneous(std::mt19937_64& g, std::int64_t p) {
  TreeProblem<std::int64_t> pr;
  pr.m = random_sizes(g, p);
  pr.cost = CostModel<std::int64_t>::uniform(draw(g, 0, 80), draw(g, 1, 4), draw(g, 0, 4));
  return pr;
}

inline TreeProblem<std::int64_t> random_per_pair(std::mt19937_64& g, std::int64_t p) {
  TreeProblem<std::int64_t> pr;
  pr.m = random_sizes(g, p);
  pr.cost.p = p;
  for (std::int64_t x = 0; x < p * p; ++x) {
    pr.cost.alpha_ij.push_back(draw(g, 0, 80));
    pr.cost.beta_ij.push_back(draw(g, 1, 5));
  }
  for (std::int64_t x = 0; x < p; ++x) pr.cost.gamma_i.push_back(draw(g, 0, 3));
  return pr;
}

inline TreeProblem<double> as_double(const TreeProblem<std::int64_t>& pr) {
  TreeProblem<double> out;
  out.m = pr.m;
  out.cost.alpha = static_cast<double>(pr.cost.alpha) + 0.25;
  out.cost.beta = static_cast<double>(pr.cost.beta) * 0.5;
  out.cost.gamma = static_cast<double>(pr.cost.gamma) * 0.75;
  out.cost.p = pr.cost.p;
  for (auto v : pr.cost.alpha_ij) out.cost.alpha_ij.push_back(static_cast<double>(v) + 0.5);
  for (auto v : pr.cost.beta_ij) out.cost.beta_ij.push_back(static_cast<double>(v) * 0.25);
  for (auto v : pr.cost.gamma_i) out.cost.gamma_i.push_back(static_cast<double>(v) * 0.5);
  return out;
}

// The same homogeneous costs written out as per-pair matrices.
template <class T>
TreeProblem<T> expanded(const TreeProblem<T>& pr) {
  TreeProblem<T> out = pr;
  const std::int64_t p = pr.p();
  out.cost.p = p;
  out.cost.alpha_ij.assign(static_cast<std::size_t>(p * p), pr.cost.alpha);
  out.cost.beta_ij.assign(static_cast<std::size_t>(p * p), pr.cost.beta);
  out.cost.gamma_i.assign(static_cast<std::size_t>(p), pr.cost.gamma);
  return out;
}

}  // namespace collverify::trees::testing
