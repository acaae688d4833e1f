// The cross-checks of `solve nonordered|kported|mbt` and `reduce partition` (seed 001, Sections
// 3-4): every answer an exact solver in proofs/trees gives is re-checked here by something that
// does not share its code, and the caller (cli/) only formats the result.
//   non-ordered trees  the tree's shape (checkers/trees), re-evaluated by the Figure 1 evaluator
//                      (checkers/trees/tree_time.hpp) against the claimed time; the subset DP,
//                      the branch and bound (reference/trees/nonordered_bnb) and Z3 must agree;
//                      a B&B stopped by its limit is inconclusive, its best tree re-checked and
//                      held against the others' optimum (time >= it >= its lower bound).
//   Theorem 7          the ordered optimum (re-evaluated, ordered) is not below the
//                      non-ordered one; optimum = target iff an independent subset-sum finds a
//                      partition (when every value is below m/2); the half read off the tree
//                      sums to m/2; under the paper's convention the ordered optimum is within
//                      Proposition 1's ceil(log2 p) alpha + beta m.
//   k-ported (Thm 6)   Z3's port assignment re-simulated by star_gather_time; brute force when
//                      there are at most 1e7 assignments.
//   MBT (Thm 5)        Z3's rounds re-checked by check_broadcast_schedule; brute force n <= 10.
// Leaf copies: the default is the paper's (a leaf does not copy: Figure 1, docs/READINGS.md R1),
// the convention `trees` uses; LeafCopy::paid is the contract evaluator's two-argument default.
// Exit-code convention of every result: 0 holds, 1 violation, 3 inconclusive (Z3 rlimit).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checkers/trees/tree_time.hpp"
#include "generators/partition_instance.hpp"
#include "model/gather_tree.hpp"
#include "model/tree_cost.hpp"
#include "proofs/solver.hpp"
#include "proofs/trees/kported_gather.hpp"
#include "proofs/trees/min_broadcast_time.hpp"
#include "proofs/trees/nonordered_z3.hpp"
#include "proofs/trees/tree_solution.hpp"
#include "reference/trees/kported_bnb.hpp"
#include "reference/trees/nonordered_bnb.hpp"

namespace collverify::engine {

// "holds", "violation", "inconclusive" for 0, 1, 3.
const char* verdict_name(int code);
// The conventions by name, as --leaf-copy spells them: "free", "paid".
const char* leaf_copy_name(trees::LeafCopy leaf);

// ---- non-ordered trees ----
// `both` (its name predates the B&B) and `all` run every solver: subset DP, B&B, Z3.
enum class TreeSolvers { subset_dp, z3, bnb, both, all };
bool runs_subset_dp(TreeSolvers s);
bool runs_bnb(TreeSolvers s);
bool runs_z3(TreeSolvers s);

struct NonorderedOptions {
  proofs::RootChoice root = proofs::RootChoice::best();
  TreeSolvers solvers = TreeSolvers::both;
  std::uint64_t rlimit = proofs::SolverOptions{}.rlimit;
  trees::LeafCopy leaf = trees::LeafCopy::free;  // the paper's (READINGS R1)
  double bnb_seconds = 60;                       // the B&B's wall-clock limit (<= 0: none)
  std::int64_t bnb_nodes = 0;                    // the B&B's node limit (0: none)
};

struct DpRun {
  proofs::TreeSolution answer;
  double seconds = 0;
  std::optional<std::int64_t> evaluated_time;  // empty: the tree is malformed
};

struct Z3Run {
  proofs::Z3TreeResult result;
  double seconds = 0;
  // The bound of Z3's first query: another solver's optimum, or (Z3 first or alone)
  // proofs::tree_time_upper_bound, the bound every tree meets.
  std::int64_t first_bound = 0;
  std::optional<std::int64_t> evaluated_time;
};

struct BnbRun {
  trees::BnbResult result;
  double seconds = 0;
  std::optional<std::int64_t> evaluated_time;
};

struct NonorderedResult {
  std::optional<DpRun> dp;
  std::optional<BnbRun> bnb;
  std::optional<Z3Run> z3;
  std::optional<std::int64_t> optimum;  // the first answer that re-checks
  std::optional<GatherTree> tree;
  std::vector<std::string> problems;
  int code = 0;
};

// One solver's answer: a well-formed spanning tree whose Figure 1 time (under `leaf`) equals the
// claimed time, and equal to `agreed` (another solver's optimum) when given. Appends what fails
// to `problems`; returns the evaluated time (empty when the tree is malformed).
std::optional<std::int64_t> check_tree_answer(const std::string& name,
                                              const proofs::TreeSolution& answer,
                                              const TreeProblem<std::int64_t>& problem,
                                              trees::LeafCopy leaf,
                                              std::optional<std::int64_t> agreed,
                                              std::vector<std::string>& problems);

// The B&B's answer: its tree re-checked as any solver's (check_tree_answer) and, when it is
// optimal, equal to `agreed`; when its limit stopped it, time >= agreed >= its lower bound.
std::optional<std::int64_t> check_bnb_answer(const trees::BnbResult& answer,
                                             const TreeProblem<std::int64_t>& problem,
                                             trees::LeafCopy leaf,
                                             std::optional<std::int64_t> agreed,
                                             std::vector<std::string>& problems);

// Runs the requested solvers (DP, then the B&B, then Z3 from the optimum found) and re-checks
// each answer.
// InputError from the solvers on bad input.
NonorderedResult solve_nonordered(const TreeProblem<std::int64_t>& problem,
                                  const NonorderedOptions& options);

// ---- Theorem 7: PARTITION ----
// One leaf-copy convention on the instance: the ordered optimum (free: reference/trees
// optimal_ordered_tree, the `trees` DP; paid: proofs/trees/ordered_baseline) and the subset DP.
struct ConventionResult {
  trees::LeafCopy leaf = trees::LeafCopy::free;
  std::int64_t ordered_optimum = 0;
  std::string ordered_source;
  std::int64_t nonordered_optimum = 0;
  bool nonordered_at_target = false;
  bool within_proposition_1 = false;  // ordered_optimum <= ceil(log2 p) alpha + beta m
};

// Re-checks both trees under `leaf` (ordered: re-evaluated and ordered: OrderRule::segment
// for free, the `trees` DP's order, OrderRule::rank (Definition 3) for paid; non-ordered:
// check_tree_answer), ordered >= non-ordered, and, when the theorem's assumption holds,
// nonordered_at_target == partition_exists; under LeafCopy::free also Proposition 1's bound.
// `ordered`/`nonordered` are the solvers' answers (passed in so a test can pass a wrong one).
ConventionResult check_convention(const PartitionGatherInstance& inst, trees::LeafCopy leaf,
                                  const proofs::TreeSolution& ordered,
                                  const std::string& ordered_source,
                                  const proofs::TreeSolution& nonordered, bool partition_exists,
                                  std::vector<std::string>& problems);

// Solves the instance under `leaf` with the ordered DP of that convention and the subset DP,
// then check_convention.
ConventionResult solve_convention(const PartitionGatherInstance& inst, trees::LeafCopy leaf,
                                  bool partition_exists, std::vector<std::string>& problems,
                                  const std::optional<proofs::TreeSolution>& nonordered = {});

// Theorem 7's claim on one optimum: at_target = (optimum == target); claim_holds = (at_target ==
// partition_exists); when at target, the half read off the tree (partition_from_tree) must sum
// to m/2. Findings only when inst.nontrivial (e.g. {1, 1, 4} reaches the target with no
// partition: ERRATA E22).
struct PartitionClaim {
  bool at_target = false;
  bool claim_holds = false;
  std::optional<std::vector<std::int64_t>> partition;  // indices, when read and sums to m/2
  std::int64_t partition_sum = 0;
};
PartitionClaim check_partition_claim(const PartitionGatherInstance& inst, std::int64_t optimum,
                                     const GatherTree& tree, bool partition_exists,
                                     std::vector<std::string>& problems);

struct ReduceOptions {
  TreeSolvers solvers = TreeSolvers::both;
  std::uint64_t rlimit = proofs::SolverOptions{}.rlimit;
  trees::LeafCopy leaf = trees::LeafCopy::free;  // the convention of the top-level answer
};

struct ReduceResult {
  PartitionGatherInstance inst;
  NonorderedResult solved;  // under options.leaf, by the requested solvers
  ConventionResult chosen;  // under options.leaf
  ConventionResult other;   // under the other convention (subset DP and its ordered DP)
  std::int64_t proposition_1_bound = 0;
  bool partition_exists = false;
  std::optional<PartitionClaim> claim;  // when the solvers found an optimum
  std::vector<std::string> problems;    // solved.problems and every later finding
  int code = 0;
};

ReduceResult reduce_partition(const std::vector<std::int64_t>& values, const ReduceOptions& options);

// ---- Theorem 6: k-ported gather ----
inline constexpr double kMaxBruteAssignments = 1e7;

struct KPortedRun {
  proofs::KPortedResult z3;  // outcome inconclusive and nothing found when Z3 was not asked
  bool z3_ran = false;
  std::optional<trees::KPortedBnbResult> bnb;  // reference/trees/kported_bnb
  std::optional<std::int64_t> bnb_resimulated;
  double bnb_seconds = 0;
  double seconds = 0;
  std::optional<std::int64_t> resimulated;  // star_gather_time of Z3's ports
  double assignments = 0;                   // k^n, counted up to just above the cap
  std::optional<proofs::KPortedSchedule> brute;
  std::vector<std::string> problems;
  int code = 0;
};

// Z3's schedule re-simulated (must equal its time) and, when given, the brute force's optimum
// equal to Z3's proved one. Returns the re-simulated time when Z3 found a schedule.
std::optional<std::int64_t> check_kported(const proofs::KPortedProblem& problem,
                                          const proofs::KPortedResult& z3,
                                          const std::optional<proofs::KPortedSchedule>& brute,
                                          std::vector<std::string>& problems);

// The B&B's schedule re-simulated by star_gather_time (must equal its time), its optimum equal to
// Z3's proved one and to the brute force's; a stopped B&B's time and lower bound must enclose
// them. Returns the re-simulated time.
std::optional<std::int64_t> check_kported_bnb(const proofs::KPortedProblem& problem,
                                              const trees::KPortedBnbResult& bnb,
                                              const proofs::KPortedResult* z3,
                                              const std::optional<proofs::KPortedSchedule>& brute,
                                              std::vector<std::string>& problems);

// Runs the B&B (`bnb`) and/or Z3 (`z3`), the brute force when small, and every check.
// Conclusive when Z3 proved its optimum or the B&B finished.
KPortedRun solve_kported(const proofs::KPortedProblem& problem, std::uint64_t rlimit,
                         bool z3 = true, bool bnb = true, std::int64_t bnb_nodes = 0);

// ---- Theorem 5: minimum broadcast time ----
inline constexpr std::int64_t kMbtBruteMaxN = 10;

struct MbtRun {
  proofs::MbtResult z3;
  double seconds = 0;
  std::string schedule_fault;  // "" when Z3's schedule re-checks (or none was found)
  std::optional<std::int64_t> brute_rounds;
  std::vector<std::string> problems;
  int code = 0;
};

// Z3's schedule re-checked by check_broadcast_schedule, its rounds equal to the brute force's
// when given and proved. Returns the schedule check's fault ("" when it holds).
std::string check_mbt(const proofs::BroadcastGraph& g, const proofs::MbtResult& z3,
                      std::optional<std::int64_t> brute_rounds, std::vector<std::string>& problems);

MbtRun solve_mbt(const proofs::BroadcastGraph& g, std::uint64_t rlimit);

}  // namespace collverify::engine
