// An upper bound on every completion time the tree code can compute, and the refusal of costs
// that could overflow it (docs/RELIABILITY.md "Input, flags, signals and fuzzing").
//
// By the Figure 1 recurrences (checkers/trees/tree_time.hpp), with A = max alpha_ij,
// B = max beta_ij, G = max gamma_i over all pairs and processors, M = sum of m_i, and n_v the
// processors of subtree T_v: Time(T_v) <= (n_v - 1)(A + B M) + n_v G M. Induction on the
// sequence of v: appending a child T_j gives max(t, Time(T_j)) + alpha + beta Size(T_j), and the
// max of two non-negative terms is at most their sum, so the counts of v's part and of T_j add
// up; the local copy adds gamma_v m_v <= G M. Hence every tree on p processors completes within
//   U = (p - 1)(A + B M) + p G M.
// The DPs of reference/trees add at most two such times and one message cost before comparing,
// so require_tree_costs_fit refuses when 4 U exceeds the number type's largest finite value
// (std::int64_t: 9.2e18; double: 1.8e308): then no sum in the evaluators, the constructions or
// the DPs can overflow (to a wrapped integer or to inf). U is computed in long double, which
// holds it without overflow for any input (p, M < 2^63, costs finite).
// Example: p = 20, m_i = 1000, alpha = 1e307, beta = gamma = 1: U = 1.9e308 > 1.8e308 / 4: refused.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "model/error.hpp"
#include "model/tree_cost.hpp"

namespace collverify {

// U above, in long double (inf when a cost is not finite).
template <class T>
long double tree_time_upper_bound(const TreeProblem<T>& problem, long double* a = nullptr,
                                  long double* b = nullptr, long double* g = nullptr) {
  const CostModel<T>& c = problem.cost;
  long double A = static_cast<long double>(c.alpha);
  long double B = static_cast<long double>(c.beta);
  long double G = static_cast<long double>(c.gamma);
  for (const T x : c.alpha_ij) A = std::max(A, static_cast<long double>(x));
  for (const T x : c.beta_ij) B = std::max(B, static_cast<long double>(x));
  for (const T x : c.gamma_i) G = std::max(G, static_cast<long double>(x));
  long double M = 0;
  for (const std::int64_t x : problem.m) M += static_cast<long double>(x);
  const long double p = static_cast<long double>(problem.p());
  if (a != nullptr) *a = A;
  if (b != nullptr) *b = B;
  if (g != nullptr) *g = G;
  if (p < 1) return 0;
  return (p - 1) * (A + B * M) + p * G * M;
}

// InputError (exit 2) naming the costs, p and m when 4 U exceeds T's largest finite value.
template <class T>
void require_tree_costs_fit(const TreeProblem<T>& problem) {
  long double A = 0;
  long double B = 0;
  long double G = 0;
  const long double u = tree_time_upper_bound(problem, &A, &B, &G);
  const long double limit = static_cast<long double>(std::numeric_limits<T>::max()) / 4;
  if (std::isfinite(u) && u <= limit) return;
  long double M = 0;
  for (const std::int64_t x : problem.m) M += static_cast<long double>(x);
  const char* per = problem.cost.homogeneous() ? "" : "max ";
  throw InputError(fmt::format(
      "costs {}alpha = {:g}, {}beta = {:g}, {}gamma = {:g} with p = {} and m = {:.0f} are too large: "
      "a completion time can reach (p-1)(alpha + beta m) + p gamma m = {:g}, above {:g} (a "
      "quarter of the largest {} value); give smaller costs or block sizes",
      per, static_cast<double>(A), per, static_cast<double>(B), per, static_cast<double>(G),
      problem.p(), static_cast<double>(M), u, limit,
      std::is_integral_v<T> ? "64-bit integer" : "double"));
}

}  // namespace collverify
