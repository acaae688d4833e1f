#include "families/trees/solve_checks.hpp"

#include <fmt/format.h>

#include <chrono>

#include "checkers/trees/tree_bounds.hpp"
#include "checkers/trees/tree_check.hpp"
#include "proofs/trees/nonordered_dp.hpp"
#include "proofs/trees/ordered_baseline.hpp"
#include "proofs/trees/partition_from_tree.hpp"
#include "reference/trees/optimal.hpp"

namespace collverify::engine {
namespace {

namespace pf = proofs;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int code_of(const std::vector<std::string>& problems, bool conclusive) {
  return !problems.empty() ? 1 : conclusive ? 0 : 3;
}

trees::LeafCopy other_convention(trees::LeafCopy leaf) {
  return leaf == trees::LeafCopy::free ? trees::LeafCopy::paid : trees::LeafCopy::free;
}

}  // namespace

const char* verdict_name(int code) {
  return code == 0 ? "holds" : code == 1 ? "violation" : "inconclusive";
}

const char* leaf_copy_name(trees::LeafCopy leaf) {
  return leaf == trees::LeafCopy::free ? "free" : "paid";
}

std::optional<std::int64_t> check_tree_answer(const std::string& name,
                                              const pf::TreeSolution& answer,
                                              const TreeProblem<std::int64_t>& problem,
                                              trees::LeafCopy leaf,
                                              std::optional<std::int64_t> agreed,
                                              std::vector<std::string>& problems) {
  // The shape first (checkers/trees, independent of the solvers): the evaluator's precondition,
  // so a malformed answer is reported as a violation, not an abort.
  if (answer.tree.p() != problem.p()) {
    problems.push_back(fmt::format("{}: the tree spans {} processors, the problem has {}", name,
                                   answer.tree.p(), problem.p()));
    return std::nullopt;
  }
  if (const auto bad = trees::check_tree_shape(answer.tree)) {
    problems.push_back(fmt::format("{}: the tree is malformed: {}", name, bad->message));
    return std::nullopt;
  }
  const std::int64_t evaluated = trees::gather_time(answer.tree, problem, leaf);
  if (!pf::is_spanning_tree(answer.tree) || evaluated != answer.time) {
    problems.push_back(
        fmt::format("{}: tree re-evaluates to {}, claimed {}", name, evaluated, answer.time));
  }
  if (agreed && *agreed != answer.time) {
    problems.push_back(fmt::format("{} says {}, another solver {}", name, answer.time, *agreed));
  }
  return evaluated;
}

bool runs_subset_dp(TreeSolvers s) {
  return s == TreeSolvers::subset_dp || s == TreeSolvers::both || s == TreeSolvers::all;
}
bool runs_bnb(TreeSolvers s) {
  return s == TreeSolvers::bnb || s == TreeSolvers::both || s == TreeSolvers::all;
}
bool runs_z3(TreeSolvers s) {
  return s == TreeSolvers::z3 || s == TreeSolvers::both || s == TreeSolvers::all;
}

std::optional<std::int64_t> check_bnb_answer(const trees::BnbResult& answer,
                                             const TreeProblem<std::int64_t>& problem,
                                             trees::LeafCopy leaf,
                                             std::optional<std::int64_t> agreed,
                                             std::vector<std::string>& problems) {
  const pf::TreeSolution claimed{answer.time, answer.tree};
  const auto evaluated = check_tree_answer("bnb", claimed, problem, leaf,
                                           answer.optimal ? agreed : std::nullopt, problems);
  if (answer.lower_bound > answer.time) {
    problems.push_back(fmt::format("bnb: lower bound {} above its own tree's time {}",
                                   answer.lower_bound, answer.time));
  }
  if (!answer.optimal && agreed && (answer.time < *agreed || answer.lower_bound > *agreed)) {
    problems.push_back(
        fmt::format("bnb (stopped): time {} and lower bound {} do not enclose the "
                    "optimum {}",
                    answer.time, answer.lower_bound, *agreed));
  }
  return evaluated;
}

NonorderedResult solve_nonordered(const TreeProblem<std::int64_t>& problem,
                                  const NonorderedOptions& o) {
  NonorderedResult r;
  auto accept = [&](const pf::TreeSolution& s) {
    if (!r.optimum) r.optimum = s.time, r.tree = s.tree;
  };
  bool conclusive = true;
  if (runs_subset_dp(o.solvers)) {
    const auto t0 = std::chrono::steady_clock::now();
    DpRun dp{pf::nonordered_subset_dp(problem, o.root, o.leaf), 0, std::nullopt};
    dp.seconds = seconds_since(t0);
    dp.evaluated_time = check_tree_answer("subset_dp", dp.answer, problem, o.leaf, r.optimum,
                                          r.problems);
    accept(dp.answer);
    r.dp = std::move(dp);
  }
  if (runs_bnb(o.solvers)) {
    const auto t0 = std::chrono::steady_clock::now();
    trees::BnbOptions bo;
    bo.leaf_pays_copy = o.leaf == trees::LeafCopy::paid;
    bo.seconds = o.bnb_seconds;
    bo.max_nodes = o.bnb_nodes;
    const trees::RootMode mode =
        o.root.root ? trees::RootMode::fixed(*o.root.root) : trees::RootMode::best_root();
    BnbRun b{trees::nonordered_bnb(problem, mode, bo), 0, std::nullopt};
    b.seconds = seconds_since(t0);
    b.evaluated_time = check_bnb_answer(b.result, problem, o.leaf, r.optimum, r.problems);
    if (b.result.optimal) {
      accept(pf::TreeSolution{b.result.time, b.result.tree});
    } else {
      conclusive = false;
    }
    r.bnb = std::move(b);
  }
  if (runs_z3(o.solvers)) {
    const auto t0 = std::chrono::steady_clock::now();
    // After the DP or the B&B, Z3 starts at their optimum: it must find its own tree within it
    // and prove none within one less; alone, it descends from the bound every tree meets.
    Z3Run z;
    z.first_bound = r.optimum.value_or(pf::tree_time_upper_bound(problem));
    z.result = pf::nonordered_z3(problem, o.root, pf::SolverOptions{o.rlimit}, r.optimum, o.leaf);
    z.seconds = seconds_since(t0);
    if (z.result.outcome == pf::SolverOutcome::unsat && !z.result.best) {
      r.problems.push_back("z3: " + z.result.proof +
                           ", but another solver's tree meets that bound");
    } else if (z.result.outcome == pf::SolverOutcome::unsat) {
      z.evaluated_time = check_tree_answer("z3", *z.result.best, problem, o.leaf, r.optimum,
                                           r.problems);
      accept(*z.result.best);
    } else {
      conclusive = false;
    }
    r.z3 = std::move(z);
  }
  r.code = code_of(r.problems, conclusive);
  return r;
}

ConventionResult check_convention(const PartitionGatherInstance& inst, trees::LeafCopy leaf,
                                  const pf::TreeSolution& ordered,
                                  const std::string& ordered_source,
                                  const pf::TreeSolution& nonordered, bool partition_exists,
                                  std::vector<std::string>& problems) {
  const std::string tag = fmt::format("leaf copy {}", leaf_copy_name(leaf));
  ConventionResult c;
  c.leaf = leaf;
  c.ordered_optimum = ordered.time;
  c.ordered_source = ordered_source;
  c.nonordered_optimum = nonordered.time;
  c.nonordered_at_target = nonordered.time == inst.target;
  const auto ord_eval =
      check_tree_answer(tag + ", ordered", ordered, inst.problem, leaf, std::nullopt, problems);
  // The order each convention's ordered DP promises: the `trees` DP (free) copies first and
  // extends its segment at either end (OrderRule::segment); the baseline (paid) is Definition 3
  // as printed (OrderRule::rank).
  const auto rule = leaf == trees::LeafCopy::free ? trees::OrderRule::segment : trees::OrderRule::rank;
  if (ord_eval) {
    if (const auto bad = trees::check_tree_order(ordered.tree, rule)) {
      problems.push_back(fmt::format("{}: the ordered optimum's tree is not ordered: {}", tag,
                                     bad->message));
    }
  }
  check_tree_answer(tag + ", non-ordered", nonordered, inst.problem, leaf, std::nullopt, problems);
  if (nonordered.time > ordered.time) {
    problems.push_back(fmt::format("{}: non-ordered optimum {} above the ordered one {}", tag,
                                   nonordered.time, ordered.time));
  }
  if (inst.nontrivial && c.nonordered_at_target != partition_exists) {
    problems.push_back(fmt::format(
        "{}: Theorem 7's claim fails: non-ordered optimum {} {} the target {} but a partition {}",
        tag, nonordered.time, c.nonordered_at_target ? "equals" : "misses", inst.target,
        partition_exists ? "exists" : "does not exist"));
  }
  const std::int64_t bound = trees::proposition1_time(inst.problem);
  c.within_proposition_1 = ordered.time <= bound;
  // Proposition 1 is stated in the paper's convention (a leaf does not copy); with paid leaf
  // copies the adaptive tree pays gamma m_v at every leaf and may exceed it, which is no finding.
  if (leaf == trees::LeafCopy::free && !c.within_proposition_1) {
    problems.push_back(fmt::format("{}: ordered optimum {} above Proposition 1's bound {}", tag,
                                   ordered.time, bound));
  }
  return c;
}

ConventionResult solve_convention(const PartitionGatherInstance& inst, trees::LeafCopy leaf,
                                  bool partition_exists, std::vector<std::string>& problems,
                                  const std::optional<pf::TreeSolution>& nonordered) {
  pf::TreeSolution ordered;
  std::string source;
  if (leaf == trees::LeafCopy::free) {
    const auto t = trees::optimal_ordered_tree(inst.problem, trees::RootMode::best_root());
    ordered = {t.time, t.tree};
    source = "reference/trees optimal_ordered_tree (Figure 5, the `trees` DP; a leaf does not copy)";
  } else {
    ordered = pf::ordered_baseline(inst.problem, pf::RootChoice::best());
    source = "proofs/trees/ordered_baseline (Definition 3, every processor pays its copy)";
  }
  const pf::TreeSolution non =
      nonordered ? *nonordered : pf::nonordered_subset_dp(inst.problem, pf::RootChoice::best(), leaf);
  return check_convention(inst, leaf, ordered, source, non, partition_exists, problems);
}

PartitionClaim check_partition_claim(const PartitionGatherInstance& inst, std::int64_t optimum,
                                     const GatherTree& tree, bool partition_exists,
                                     std::vector<std::string>& problems) {
  PartitionClaim c;
  c.at_target = optimum == inst.target;
  c.claim_holds = c.at_target == partition_exists;
  if (c.at_target) {
    std::optional<std::vector<std::int64_t>> read;
    if (tree.p() == inst.problem.p() && pf::is_spanning_tree(tree)) {
      read = pf::partition_from_tree(tree, inst.values);
    }
    std::int64_t sum = 0;
    for (const std::int64_t i : read.value_or(std::vector<std::int64_t>{})) {
      sum += inst.values[static_cast<std::size_t>(i)];
    }
    if (read && 2 * sum == inst.sum) {
      c.partition = *read;
      c.partition_sum = sum;
    } else if (inst.nontrivial) {
      // Only a finding under the theorem's assumption (every m_i < m / 2): e.g. {1, 1, 4}
      // reaches the target with no partition at all (ERRATA E22).
      problems.push_back("optimum equals the target but no half-sum subtree can be read off the tree");
    }
  }
  if (!c.claim_holds && inst.nontrivial) {
    problems.push_back("Theorem 7's claim fails: optimum = target is not equivalent to a partition");
  }
  return c;
}

ReduceResult reduce_partition(const std::vector<std::int64_t>& values, const ReduceOptions& o) {
  ReduceResult r;
  r.inst = partition_gather_instance(values);
  r.partition_exists = partition_subset(values).has_value();
  r.proposition_1_bound = trees::proposition1_time(r.inst.problem);
  NonorderedOptions no;
  no.solvers = o.solvers;
  no.rlimit = o.rlimit;
  no.leaf = o.leaf;
  r.solved = solve_nonordered(r.inst.problem, no);
  r.problems = r.solved.problems;
  // The subset DP's answer is re-used when it ran (it is the same computation).
  std::optional<pf::TreeSolution> dp;
  if (r.solved.dp) dp = r.solved.dp->answer;
  r.chosen = solve_convention(r.inst, o.leaf, r.partition_exists, r.problems, dp);
  r.other = solve_convention(r.inst, other_convention(o.leaf), r.partition_exists, r.problems);
  if (r.solved.optimum) {
    if (*r.solved.optimum > r.chosen.ordered_optimum) {
      r.problems.push_back("non-ordered optimum above the ordered one");
    }
    r.claim = check_partition_claim(r.inst, *r.solved.optimum, *r.solved.tree, r.partition_exists,
                                    r.problems);
  }
  r.code = !r.problems.empty() ? 1 : r.solved.code;
  return r;
}

std::optional<std::int64_t> check_kported(const pf::KPortedProblem& problem,
                                          const pf::KPortedResult& z3,
                                          const std::optional<pf::KPortedSchedule>& brute,
                                          std::vector<std::string>& problems) {
  std::optional<std::int64_t> resim;
  if (z3.found) {
    bool ports_ok = z3.best.port.size() == problem.m.size();
    for (const auto port : z3.best.port) ports_ok = ports_ok && port >= 0 && port < problem.k;
    if (!ports_ok) {
      problems.push_back("Z3's schedule assigns a block to no port or to a port outside [0, k)");
    } else {
      resim = pf::star_gather_time(problem, z3.best.port);
      if (*resim != z3.best.time) {
        problems.push_back(fmt::format("Z3's schedule re-simulates to {}, claimed {}", *resim,
                                       z3.best.time));
      }
    }
  }
  if (brute && z3.outcome == pf::SolverOutcome::unsat && brute->time != z3.best.time) {
    problems.push_back(fmt::format("Z3 says {}, brute force {}", z3.best.time, brute->time));
  }
  return resim;
}

std::optional<std::int64_t> check_kported_bnb(const pf::KPortedProblem& problem,
                                              const trees::KPortedBnbResult& bnb,
                                              const pf::KPortedResult* z3,
                                              const std::optional<pf::KPortedSchedule>& brute,
                                              std::vector<std::string>& problems) {
  bool ports_ok = bnb.port.size() == problem.m.size();
  for (const auto port : bnb.port) ports_ok = ports_ok && port >= 0 && port < problem.k;
  if (!ports_ok) {
    problems.push_back("bnb: a block on no port or on a port outside [0, k)");
    return std::nullopt;
  }
  const std::int64_t resim = pf::star_gather_time(problem, bnb.port);
  if (resim != bnb.time) {
    problems.push_back(fmt::format("bnb: schedule re-simulates to {}, claimed {}", resim, bnb.time));
  }
  std::optional<std::int64_t> known;
  if (z3 && z3->outcome == pf::SolverOutcome::unsat) known = z3->best.time;
  if (brute) known = brute->time;
  if (known && bnb.optimal && bnb.time != *known) {
    problems.push_back(fmt::format("bnb says {}, Z3 / brute force {}", bnb.time, *known));
  }
  if (known && !bnb.optimal && (bnb.time < *known || bnb.lower_bound > *known)) {
    problems.push_back(fmt::format("bnb (stopped): time {} and lower bound {} do not enclose {}",
                                   bnb.time, bnb.lower_bound, *known));
  }
  return resim;
}

KPortedRun solve_kported(const pf::KPortedProblem& problem, std::uint64_t rlimit, bool z3,
                         bool bnb, std::int64_t bnb_nodes) {
  KPortedRun r;
  pf::require_kported_problem(problem);
  if (z3) {
    const auto t0 = std::chrono::steady_clock::now();
    r.z3 = pf::kported_gather_z3(problem, pf::SolverOptions{rlimit});
    r.seconds = seconds_since(t0);
    r.z3_ran = true;
  }
  // Brute force over every port assignment when there are at most 1e7 of them (k^n).
  r.assignments = 1;
  for (std::size_t i = 0; i < problem.m.size() && r.assignments <= kMaxBruteAssignments; ++i) {
    r.assignments *= static_cast<double>(problem.k);
  }
  if (r.assignments <= kMaxBruteAssignments) r.brute = pf::kported_brute_force(problem);
  if (z3) r.resimulated = check_kported(problem, r.z3, r.brute, r.problems);
  if (bnb) {
    const auto t0 = std::chrono::steady_clock::now();
    r.bnb = trees::kported_bnb(problem.m, problem.k, problem.alpha, problem.beta, bnb_nodes);
    r.bnb_seconds = seconds_since(t0);
    r.bnb_resimulated =
        check_kported_bnb(problem, *r.bnb, z3 ? &r.z3 : nullptr, r.brute, r.problems);
  }
  const bool conclusive =
      (z3 && r.z3.outcome == pf::SolverOutcome::unsat) || (r.bnb && r.bnb->optimal);
  r.code = code_of(r.problems, conclusive);
  return r;
}

std::string check_mbt(const pf::BroadcastGraph& g, const pf::MbtResult& z3,
                      std::optional<std::int64_t> brute_rounds, std::vector<std::string>& problems) {
  std::string fault;
  if (z3.found) {
    fault = pf::check_broadcast_schedule(g, z3.best);
    if (!fault.empty()) problems.push_back("Z3 schedule: " + fault);
  }
  if (brute_rounds && z3.outcome == pf::SolverOutcome::unsat && *brute_rounds != z3.best.rounds) {
    problems.push_back(
        fmt::format("Z3 says {} rounds, brute force {}", z3.best.rounds, *brute_rounds));
  }
  return fault;
}

MbtRun solve_mbt(const pf::BroadcastGraph& g, std::uint64_t rlimit) {
  MbtRun r;
  const auto t0 = std::chrono::steady_clock::now();
  r.z3 = pf::mbt_z3(g, pf::SolverOptions{rlimit});
  r.seconds = seconds_since(t0);
  if (g.n <= kMbtBruteMaxN) r.brute_rounds = pf::mbt_brute_force(g);
  r.schedule_fault = check_mbt(g, r.z3, r.brute_rounds, r.problems);
  r.code = code_of(r.problems, r.z3.outcome == pf::SolverOutcome::unsat);
  return r;
}

}  // namespace collverify::engine
