// The cost model of Sanders and Sibeyn's broadcasts (seed 002, §2 and §3) and the choice of the
// group size r and the number of packets s; beyond the paper, Träff's circulant n-block
// broadcast (seed 000) in the same model. Synchronous duplex model: a step moves one packet of
// size k/s per PU in each direction and takes t + k/s. Everything is in units of t: kappa = k/t,
// and a cost is reported as T/k = steps * (1/kappa + 1/s).
//
//   fractional tree  T_r^s   = (d + s (1 + 1/r)) (t + k/s), d = depth(P, r)  (7)
//   binary tree      T_1^s   = (d + 2 s) (t + k/s), d = depth(P, 1)           (r = 1 of (7))
//   chain            T_inf^s = (P - 2 + s) (t + k/s)
//   circulant        (n - 1 + ceil(log2 P)) (t + k/n)                        (seed 000)
//   lower bound      T*_lower = k (1 + sqrt(t (log2 P - 1) / k))^2 at s = sqrt(k (log2 P - 1) / t)
//                    (real s): the minimum of the paper's own argument, s - 1 + log2 P steps.
//                    (6) as printed, k (1 + sqrt(t log2 P / k))^2, drops the "- 1" and is not a
//                    lower bound: one message of size k between P = 2 PUs takes t + k < (6), and
//                    the circulant beats it at every P > 2 for large enough k (docs/ERRATA.md E32).
// Every row is written as steps = d + c s with its own d ("latency steps": chain P - 2,
// circulant ceil(log2 P) - 1, lower bound log2 P - 1) and c (1 + 1/r, 2 or 1). The circulant
// takes exactly s - 1 + ceil(log2 P) steps, the packet bound with integer s: it is the optimum of
// this model among algorithms of s equal packets, and never above a fractional tree.
//
// Choices (docs/RESULTS-fractional-cost.md):
//   - s is a positive multiple of r for the fractional tree (Figure 2 requires it); any s >= 1 for
//     the chain, the circulant and r = 1.
//   - r ranges over 1..max(1, P - 2): with r >= P - 1 the root's group is the whole machine,
//     which is the chain (its own row, costed exactly).
//   - The paper's rule: d' = log2 P - 1, r = round((kappa / d')^(1/3)) clamped to that range,
//     d = depth(P, r), s = sqrt(kappa d r / (r + 1)) rounded to the nearest positive multiple of
//     r. For P <= 2 (d' <= 0) the rule divides by zero; r = 1 is taken and `note` says so.
//   - The exact best (best_fractional): the minimum of T_r^s over that (r, s) domain. For each r,
//     T is convex in s = m r, so the integer optimum is next to the real one (we evaluate m* - 1
//     .. m* + 1, clamped to m >= 1); r stops when (sqrt(r) + sqrt(kappa))^2 >= the best T/t
//     found, which bounds T_r^s from below for every larger r <= P - 2 because d >= r there
//     (P_r = r + 1 < P) and (d + c s)(1 + kappa/s) >= (sqrt(d) + sqrt(c kappa))^2; an r whose
//     bound with depth_lower_bound already exceeds the best is skipped without its recurrence.
//     Its slow twin (best_fractional_grid, cost_slow.cpp) evaluates every (r, s) of a grid.
//   - Ties: the smaller T; then the smaller r; then the smaller s (the order of evaluation).
//   - P = 1: nothing is sent; every row is one_pu_cost: d = 0, s = 0, steps = 0, T = 0 (r = 1
//     for the fractional rows), so steps = d + c s holds there too. (The recurrence's depth
//     is -1 for P = 1, recurrence.hpp; it was reported as d until issue 25's JSON review.)
// Cost: best_fractional O(sum over the r tried of d(P, r)); r stops near
// kappa^(1/3) (log P)^(2/3), so P = 16384, kappa = 10^6 takes about a millisecond.
// Example: P = 4096, kappa = 1000: chain T/k = 5.05 (s = 2023), binary T/k = 2.82 (r = 1),
// the exact best r = 4 (see the tests for the exact numbers).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace collverify::fractional {

// One row of the table: the layout's parameters and its cost.
struct CostPoint {
  std::optional<std::int64_t> r;  // group size; nullopt for chain, circulant and lower bound
  double d = 0;                   // latency steps (an integer except for the lower bound)
  double s = 0;                   // packets (an integer except for the lower bound)
  double steps = 0;               // d + c s
  double T_over_k = 0;
};

// T/k of `steps` steps of packets of size k/s: steps (1/kappa + 1/s).
double cost_over_k(double steps, double s, double kappa);

// k/t above 10^9 is refused: the search then tries up to P values of r (a second at P = 16384).
inline constexpr double kMaxKappa = 1e9;
// InputError naming the value unless 1 <= P < 2^62 and 0 < kappa <= kMaxKappa.
void validate_cost_input(std::int64_t P, double kappa);

// T_r^s for one (r, s) (no constraint between r and s here; r >= 1).
CostPoint fractional_cost(std::int64_t P, std::int64_t r, std::int64_t s, double kappa);

// The exact best over r in 1..max(1, P - 2) and s multiple of r (fast path).
CostPoint best_fractional(std::int64_t P, double kappa);
// Its slow twin: every r in 1..min(r_max, max(1, P - 2)) and every multiple s of r up to s_max.
CostPoint best_fractional_grid(std::int64_t P, double kappa, std::int64_t r_max,
                               std::int64_t s_max);
// A row for P = 1: no latency step, no packet, no step, no time; `r` as the layout states it.
CostPoint one_pu_cost(std::optional<std::int64_t> r);
// A lower bound on depth(P, r) without running the recurrence (for r <= P - 2: max(r,
// r log2(P / (2r + 1)) - 1), from P_i + r <= (2r + 1) 2^(ceil(i/r) - 1)); P - 2 otherwise.
double depth_lower_bound(std::int64_t P, std::int64_t r);
// The best s for one r (s multiple of r), fast path.
CostPoint best_for_r(std::int64_t P, std::int64_t r, double kappa);

CostPoint binary_best(std::int64_t P, double kappa);     // r = 1, best s
CostPoint chain_best(std::int64_t P, double kappa);      // best s
CostPoint circulant_best(std::int64_t P, double kappa);  // best n (reported as s)
CostPoint lower_bound(std::int64_t P, double kappa);     // (6) corrected, real s
double lower_bound_as_printed_over_k(std::int64_t P, double kappa);  // (6) as printed
CostPoint paper_choice(std::int64_t P, double kappa, std::string* note = nullptr);

// The continuous-s optima the paper plots with (real s, integer r): T_r^* (8) minimised over
// r = 1..max(1, P - 2), T_1^* and T_inf^*; Figure 3 is drawn from both these and the integers.
double continuous_fractional_over_k(std::int64_t P, double kappa, std::int64_t* r_out = nullptr);
double continuous_binary_over_k(std::int64_t P, double kappa);
double continuous_chain_over_k(std::int64_t P, double kappa);

struct CostTable {
  std::int64_t P = 0;
  double kappa = 0;
  CostPoint paper, best, chain, binary, circulant, lower;
  double lower_as_printed = 0;  // (6) as printed (T/k): not a lower bound (docs/ERRATA.md)
  std::string paper_note;  // why the rule could not be applied as written, if so
  // T(paper) / T(best) - 1: how much slower the paper's choice is (0 when they agree).
  double paper_excess = 0;
  std::string fastest;     // "fractional", "chain", "binary" or "circulant"
};
CostTable cost_table(std::int64_t P, double kappa);

// Figure 3: speed-up of the fractional tree over the best of chain and binary tree.
struct SpeedupPoint {
  double kappa = 0;
  double integer_speedup = 0;     // integer s (multiple of r), exact search
  std::int64_t integer_r = 0;
  double continuous_speedup = 0;  // real s, the paper's formulas (8), T_1^*, T_inf^*
  std::int64_t continuous_r = 0;
};
SpeedupPoint speedup(std::int64_t P, double kappa);
// kappa = 10^(lo + i (hi - lo) / (points - 1)), i = 0..points-1.
std::vector<double> log_grid(double lo_exp10, double hi_exp10, int points);

// One curve of Figure 3 and its maxima.
struct SpeedupCurve {
  std::int64_t P = 0;
  std::vector<SpeedupPoint> points;
  std::size_t integer_max = 0;     // index of the largest integer_speedup (first on ties)
  std::size_t continuous_max = 0;  // index of the largest continuous_speedup
};
SpeedupCurve speedup_curve(std::int64_t P, const std::vector<double>& kappas);
// The curve's maximum located more finely: `points` log-spaced k/t between the neighbours of the
// grid's maximum (integer == true: integer_speedup, else continuous_speedup).
SpeedupPoint refine_max(const SpeedupCurve& c, bool integer, int points = 400);
// Figure 3 as we draw it: P = 64, 1024, 16384 over k/t = 10^0 .. 10^7, 20 points a decade.
std::vector<std::int64_t> figure3_machines();
std::vector<double> figure3_kappas();
std::vector<SpeedupCurve> figure3_curves();  // every machine over every k/t above

}  // namespace collverify::fractional
