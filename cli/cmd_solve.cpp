// `solve nonordered`: an optimal non-ordered gather/scatter tree by the subset DP, Z3 or both;
// `solve kported`: Theorem 6's k-ported gather (multiprocessor scheduling) with Z3;
// `solve mbt`: Theorem 5's minimum broadcast time on a graph with Z3;
// `reduce partition`: Theorem 7's gather instance from a PARTITION instance, solved exactly.
// Glue only: solvers come from proofs/trees, instances from generators/, and every tree a
// solver returns is re-evaluated by checkers/trees/tree_time.hpp before it is printed.
// Exit: 0 every answer agrees and re-checks, 1 a disagreement or failed re-check, 2 bad input,
// 3 Z3 inconclusive (rlimit exhausted or unknown).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <charconv>
#include <chrono>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "checkers/trees/tree_check.hpp"
#include "checkers/trees/tree_time.hpp"
#include "cli/cmd_solve.hpp"
#include "generators/partition_instance.hpp"
#include "model/error.hpp"
#include "proofs/trees/kported_gather.hpp"
#include "proofs/trees/min_broadcast_time.hpp"
#include "proofs/trees/nonordered_dp.hpp"
#include "proofs/trees/nonordered_z3.hpp"
#include "proofs/trees/ordered_baseline.hpp"
#include "proofs/trees/partition_from_tree.hpp"
#include "reference/trees/optimal.hpp"

namespace collverify::cli {
namespace {

using nlohmann::json;
namespace pf = proofs;

std::int64_t parse_int(const std::string& text, const std::string& what, std::int64_t min) {
  std::int64_t v = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (ec == std::errc::result_out_of_range) {
    throw InputError(fmt::format("{} '{}' does not fit 64 bits", what, text));
  }
  if (text.empty() || ec != std::errc() || ptr != end) {
    throw InputError(fmt::format("{} '{}' is not an integer", what, text));
  }
  if (v < min) throw InputError(fmt::format("{} {} is below {}", what, v, min));
  return v;
}

std::vector<std::int64_t> parse_list(const std::string& text, const std::string& what, std::int64_t min) {
  std::vector<std::int64_t> out;
  if (text.empty()) throw InputError(what + " is empty (p = 0); give a comma-separated list");
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    out.push_back(parse_int(item, fmt::format("{} entry {}", what, out.size()), min));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

// --rlimit: a positive integer (Z3 resource units per query; above 4e9 is capped at 4e9).
std::uint64_t parse_rlimit(const std::string& text) {
  const auto r = static_cast<std::uint64_t>(parse_int(text, "--rlimit", 1));
  pf::require_rlimit(r);
  return r;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

json tree_json(const GatherTree& t) { return json{{"root", t.root}, {"sequence", t.sequence}}; }

struct SolveArgs {
  std::string blocks, alpha = "1", beta = "1", gamma = "1", root = "best", solver = "both",
                      format = "json", leaf_copy = "paid";
  std::string rlimit = std::to_string(pf::SolverOptions{}.rlimit);
};

// Runs the requested solvers on one problem; fills `out` and returns the exit code.
struct Solved {
  std::optional<std::int64_t> optimum;
  std::optional<GatherTree> tree;
  int code = 0;
};

Solved run_solvers(const TreeProblem<std::int64_t>& pr, pf::RootChoice root, const std::string& solver,
                   std::uint64_t rlimit, json& out, trees::LeafCopy leaf = trees::LeafCopy::paid) {
  if (solver != "both" && solver != "z3" && solver != "subset-dp") {
    throw InputError("--solver '" + solver + "' is not one of: z3, subset-dp, both");
  }
  Solved s;
  std::vector<std::string> problems;
  auto accept = [&](const std::string& name, const pf::TreeSolution& sol) {
    // The shape first (checkers/trees, independent of the solvers): the evaluator's
    // precondition, so a malformed answer is reported as a violation, not an abort.
    if (const auto bad = trees::check_tree_shape(sol.tree)) {
      problems.push_back(fmt::format("{}: the tree is malformed: {}", name, bad->message));
      return;
    }
    const std::int64_t evaluated = trees::gather_time(sol.tree, pr, leaf);
    out["solvers"][name]["evaluated_time"] = evaluated;
    if (!pf::is_spanning_tree(sol.tree) || evaluated != sol.time) {
      problems.push_back(fmt::format("{}: tree re-evaluates to {}, claimed {}", name, evaluated, sol.time));
    }
    if (s.optimum && *s.optimum != sol.time) {
      problems.push_back(fmt::format("{} says {}, another solver {}", name, sol.time, *s.optimum));
    }
    if (!s.optimum) s.optimum = sol.time, s.tree = sol.tree;
  };
  if (solver != "z3") {
    const auto t0 = std::chrono::steady_clock::now();
    const pf::TreeSolution dp = pf::nonordered_subset_dp(pr, root, leaf);
    out["solvers"]["subset_dp"] = {{"optimum", dp.time}, {"seconds", seconds_since(t0)}, {"tree", tree_json(dp.tree)}};
    accept("subset_dp", dp);
  }
  if (solver != "subset-dp") {
    const auto t0 = std::chrono::steady_clock::now();
    // After the DP, Z3 starts at the DP's time: it must find its own tree within it and prove
    // none within one less; alone, it descends from the bound every tree meets.
    const pf::Z3TreeResult z = pf::nonordered_z3(pr, root, pf::SolverOptions{rlimit}, s.optimum, leaf);
    json& j = out["solvers"]["z3"];
    j = {{"outcome", pf::to_string(z.outcome)}, {"calls", z.solver_calls}, {"rlimit", rlimit},
         {"seconds", seconds_since(t0)}, {"proof", z.proof}, {"z3_version", pf::z3_version()}};
    if (z.best) j["best_found"] = z.best->time, j["tree"] = tree_json(z.best->tree);
    j["first_bound"] = s.optimum ? json(*s.optimum) : json("tree_time_upper_bound");
    if (z.outcome == pf::SolverOutcome::unsat && !z.best) {
      j["optimum"] = nullptr;
      problems.push_back("z3: " + z.proof + ", but the subset DP's tree meets that bound");
    } else if (z.outcome == pf::SolverOutcome::unsat) {
      j["optimum"] = z.best->time;
      accept("z3", *z.best);
    } else {
      j["optimum"] = nullptr;
      s.code = 3;
    }
  }
  out["problems"] = problems;
  if (!problems.empty()) s.code = 1;
  out["optimum"] = s.optimum ? json(*s.optimum) : json(nullptr);
  out["tree"] = s.tree ? tree_json(*s.tree) : json(nullptr);
  out["verdict"] = s.code == 0 ? "holds" : s.code == 1 ? "violation" : "inconclusive";
  return s;
}

void require_json(const std::string& format) {
  if (format != "json") throw InputError("--format '" + format + "' is not one of: json");
}

int run_solve(const SolveArgs& a) {
  require_json(a.format);
  TreeProblem<std::int64_t> pr;
  pr.m = parse_list(a.blocks, "--blocks", 0);
  pr.cost = CostModel<std::int64_t>::uniform(parse_int(a.alpha, "--alpha", 0), parse_int(a.beta, "--beta", 0),
                                             parse_int(a.gamma, "--gamma", 0));
  const pf::RootChoice root = a.root == "best" ? pf::RootChoice::best()
                                               : pf::RootChoice::fixed(parse_int(a.root, "--root", 0));
  if (root.root && *root.root >= pr.p()) {
    throw InputError(fmt::format("--root {} is outside [0, {}) (p = {})", *root.root, pr.p(), pr.p()));
  }
  if (a.leaf_copy != "paid" && a.leaf_copy != "free") {
    throw InputError("--leaf-copy '" + a.leaf_copy + "' is not one of: paid, free");
  }
  const trees::LeafCopy leaf = a.leaf_copy == "free" ? trees::LeafCopy::free : trees::LeafCopy::paid;
  json out;
  out["problem"] = {{"blocks", pr.m}, {"alpha", pr.cost.alpha}, {"beta", pr.cost.beta},
                    {"gamma", pr.cost.gamma}, {"root", root.to_string()}, {"leaf_copy", a.leaf_copy}};
  const Solved s = run_solvers(pr, root, a.solver, parse_rlimit(a.rlimit), out, leaf);
  std::cout << out.dump(2) << "\n";
  return s.code;
}

struct ReduceArgs {
  std::string values, solver = "both", format = "json";
  std::string rlimit = std::to_string(pf::SolverOptions{}.rlimit);
};

int run_reduce(const ReduceArgs& a) {
  require_json(a.format);
  const auto values = parse_list(a.values, "--values", 1);
  const PartitionGatherInstance inst = partition_gather_instance(values);
  json out;
  out["instance"] = {{"values", values}, {"blocks", inst.problem.m}, {"processors", inst.problem.p()},
                     {"alpha", 1}, {"beta", 1}, {"gamma", 1}, {"root", "best"}};
  out["target"] = inst.target;
  out["theorem_assumptions_hold"] = inst.nontrivial;
  json solved;
  const Solved s = run_solvers(inst.problem, pf::RootChoice::best(), a.solver, parse_rlimit(a.rlimit), solved);
  out["solvers"] = solved["solvers"];
  out["nonordered_optimum"] = solved["optimum"];
  out["tree"] = solved["tree"];
  std::vector<std::string> problems = solved["problems"].get<std::vector<std::string>>();
  const pf::TreeSolution ordered = pf::ordered_baseline(inst.problem, pf::RootChoice::best());
  const std::int64_t ordered_eval = trees::gather_time(ordered.tree, inst.problem);
  out["ordered_optimum"] = ordered.time;
  out["ordered_source"] = "proofs/trees/ordered_baseline (Definition 3, leaf copy paid like the non-ordered optimum)";
  if (ordered_eval != ordered.time || !pf::is_strongly_ordered(ordered.tree)) {
    problems.push_back(fmt::format("ordered baseline tree re-evaluates to {}, claimed {}", ordered_eval, ordered.time));
  }
  // The same instance under the convention of reference/trees (a leaf's copy is free): the
  // ordered DP of branch trees (optimal_ordered_tree) and the subset DP, both re-evaluated.
  {
    const auto ord = trees::optimal_ordered_tree(inst.problem, trees::RootMode::best_root());
    const pf::TreeSolution non = pf::nonordered_subset_dp(inst.problem, pf::RootChoice::best(), trees::LeafCopy::free);
    const std::int64_t ord_eval = trees::gather_time(ord.tree, inst.problem, trees::LeafCopy::free);
    const std::int64_t non_eval = trees::gather_time(non.tree, inst.problem, trees::LeafCopy::free);
    out["leaf_copy_free"] = {{"ordered_optimum", ord.time}, {"ordered_source", "reference/trees optimal_ordered_tree"},
                             {"nonordered_optimum", non.time}, {"nonordered_at_target", non.time == inst.target}};
    if (ord_eval != ord.time || non_eval != non.time || non.time > ord.time) {
      problems.push_back(fmt::format("leaf-free: ordered {} (re-evaluated {}), non-ordered {} (re-evaluated {})",
                                     ord.time, ord_eval, non.time, non_eval));
    }
  }
  const auto subset = partition_subset(values);
  if (inst.nontrivial && out["leaf_copy_free"]["nonordered_at_target"].get<bool>() != subset.has_value()) {
    problems.push_back("Theorem 7's claim fails with free leaf copies");
  }
  out["partition_exists"] = subset.has_value();
  out["partition"] = json::array();
  int code = s.code;
  if (s.optimum) {
    if (*s.optimum > ordered.time) problems.push_back("non-ordered optimum above the ordered one");
    const bool at_target = *s.optimum == inst.target;
    out["optimum_equals_target"] = at_target;
    if (at_target) {
      const auto read = pf::partition_from_tree(*s.tree, values);
      std::int64_t sum = 0;
      for (const std::int64_t i : read.value_or(std::vector<std::int64_t>{})) sum += values[static_cast<std::size_t>(i)];
      if (!read || 2 * sum != inst.sum) {
        // Only a finding under the theorem's assumption (every m_i < m / 2): e.g. {1, 1, 4}
        // reaches the target with no partition at all.
        if (inst.nontrivial) {
          problems.push_back("optimum equals the target but no half-sum subtree can be read off the tree");
        }
      } else {
        out["partition"] = *read;
        out["partition_sum"] = sum;
      }
    }
    out["claim_holds"] = at_target == subset.has_value();
    if (at_target != subset.has_value() && inst.nontrivial) {
      problems.push_back("Theorem 7's claim fails: optimum = target is not equivalent to a partition");
    }
  }
  out["problems"] = problems;
  if (!problems.empty()) code = 1;
  out["verdict"] = code == 0 ? "holds" : code == 1 ? "violation" : "inconclusive";
  std::cout << out.dump(2) << "\n";
  return code;
}

struct KPortedArgs {
  std::string blocks, ports = "2", alpha = "0", beta = "1", format = "json";
  std::string rlimit = std::to_string(pf::SolverOptions{}.rlimit);
};

// Theorem 6: Z3's schedule, re-simulated, and the brute force for at most 10 blocks.
int run_kported(const KPortedArgs& a) {
  require_json(a.format);
  pf::KPortedProblem pr;
  pr.m = parse_list(a.blocks, "--blocks", 0);
  pr.k = parse_int(a.ports, "--ports", 1);
  pr.alpha = parse_int(a.alpha, "--alpha", 0);
  pr.beta = parse_int(a.beta, "--beta", 0);
  const auto t0 = std::chrono::steady_clock::now();
  const pf::KPortedResult z = pf::kported_gather_z3(pr, pf::SolverOptions{parse_rlimit(a.rlimit)});
  json out;
  out["problem"] = {{"blocks", pr.m}, {"ports", pr.k}, {"alpha", pr.alpha}, {"beta", pr.beta}, {"root_block", 0}};
  out["z3"] = {{"outcome", pf::to_string(z.outcome)}, {"proof", z.proof}, {"calls", z.solver_calls},
               {"seconds", seconds_since(t0)}, {"rlimit", parse_rlimit(a.rlimit)}};
  std::vector<std::string> problems;
  if (z.found) {
    // z.best.time is the star schedule re-simulated from the model's port choice, never the
    // model's own makespan; the brute force below is the independent check of optimality.
    out["z3"]["port_of_block"] = z.best.port;
    out["z3"]["simulated_time"] = z.best.time;
  }
  out["optimum"] = z.outcome == pf::SolverOutcome::unsat ? json(z.best.time) : json(nullptr);
  // Brute force over every port assignment when there are at most 10^7 of them (k^n).
  double assignments = 1;
  for (std::size_t i = 0; i < pr.m.size() && assignments <= 1e7; ++i) assignments *= static_cast<double>(pr.k);
  out["brute_force_assignments"] = assignments <= 1e7 ? json(assignments) : json("over 1e7: skipped");
  if (assignments <= 1e7) {
    const pf::KPortedSchedule b = pf::kported_brute_force(pr);
    out["brute_force"] = {{"optimum", b.time}};
    if (z.outcome == pf::SolverOutcome::unsat && b.time != z.best.time) {
      problems.push_back(fmt::format("Z3 says {}, brute force {}", z.best.time, b.time));
    }
  }
  out["problems"] = problems;
  const int code = !problems.empty() ? 1 : z.outcome == pf::SolverOutcome::unsat ? 0 : 3;
  out["verdict"] = code == 0 ? "holds" : code == 1 ? "violation" : "inconclusive";
  std::cout << out.dump(2) << "\n";
  return code;
}

struct MbtArgs {
  std::string vertices, edges, root = "0", format = "json";
  std::string rlimit = std::to_string(pf::SolverOptions{}.rlimit);
};

// "0-1,1-2": undirected edges.
std::vector<std::pair<std::int64_t, std::int64_t>> parse_edges(const std::string& text) {
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  if (text.empty()) return out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::size_t dash = item.find('-');
    if (dash == std::string::npos) throw InputError("--edges item '" + item + "' is not of the form a-b");
    out.emplace_back(parse_int(item.substr(0, dash), "--edges end", 0), parse_int(item.substr(dash + 1), "--edges end", 0));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

// Theorem 5: Z3's rounds, the schedule re-checked, brute force for at most 10 vertices.
int run_mbt(const MbtArgs& a) {
  require_json(a.format);
  pf::BroadcastGraph g{parse_int(a.vertices, "--vertices", 1), parse_edges(a.edges), parse_int(a.root, "--root", 0)};
  const auto t0 = std::chrono::steady_clock::now();
  const pf::MbtResult z = pf::mbt_z3(g, pf::SolverOptions{parse_rlimit(a.rlimit)});
  json out;
  out["problem"] = {{"vertices", g.n}, {"edges", g.edges}, {"root", g.root}};
  out["z3"] = {{"outcome", pf::to_string(z.outcome)}, {"proof", z.proof}, {"calls", z.solver_calls},
               {"seconds", seconds_since(t0)}, {"rlimit", parse_rlimit(a.rlimit)}};
  std::vector<std::string> problems;
  if (z.found) {
    out["z3"]["caller"] = z.best.caller;
    out["z3"]["round"] = z.best.round;
    const std::string fault = pf::check_broadcast_schedule(g, z.best);
    out["z3"]["schedule_check"] = fault.empty() ? "holds" : fault;
    if (!fault.empty()) problems.push_back("Z3 schedule: " + fault);
  }
  const bool proved = z.outcome == pf::SolverOutcome::unsat;
  out["rounds"] = proved ? json(z.best.rounds) : json(nullptr);
  out["broadcast_tree_time"] = proved ? json(2 * z.best.rounds) : json(nullptr);  // alpha = beta = m = 1
  if (g.n <= 10) {
    const std::int64_t b = pf::mbt_brute_force(g);
    out["brute_force"] = {{"rounds", b}};
    if (proved && b != z.best.rounds) problems.push_back(fmt::format("Z3 says {} rounds, brute force {}", z.best.rounds, b));
  }
  out["problems"] = problems;
  const int code = !problems.empty() ? 1 : proved ? 0 : 3;
  out["verdict"] = code == 0 ? "holds" : code == 1 ? "violation" : "inconclusive";
  std::cout << out.dump(2) << "\n";
  return code;
}

}  // namespace

void register_solve_commands(const CommandTree& tree) {
  auto* solve = tree.app->add_subcommand("solve", "solve NP-hard tree instances exactly");
  solve->require_subcommand(1);
  auto sa = std::make_shared<SolveArgs>();
  auto* non = solve->add_subcommand("nonordered", "optimal non-ordered gather tree (seed 001, Section 4)");
  non->add_option("--blocks", sa->blocks, "block sizes m_0,...,m_{p-1}")->required();
  non->add_option("--alpha", sa->alpha, "latency (integer >= 0)");
  non->add_option("--beta", sa->beta, "time per unit (integer >= 0)");
  non->add_option("--gamma", sa->gamma, "local copy time per unit (integer >= 0)");
  non->add_option("--root", sa->root, "root processor, or 'best'");
  non->add_option("--solver", sa->solver, "z3, subset-dp or both");
  non->add_option("--rlimit", sa->rlimit, "Z3 resource limit per solver call");
  non->add_option("--leaf-copy", sa->leaf_copy, "paid (contract evaluator default) or free (the paper's leaves)");
  non->add_option("--format", sa->format, "json");
  tree.commands->push_back({non, [sa](const CommandContext&) { return run_solve(*sa); }});
  auto ka = std::make_shared<KPortedArgs>();
  auto* kp = solve->add_subcommand("kported", "k-ported gather, Theorem 6 (multiprocessor scheduling)");
  kp->add_option("--blocks", ka->blocks, "the non-root blocks (job lengths)")->required();
  kp->add_option("--ports", ka->ports, "k, the root's ports (machines)");
  kp->add_option("--alpha", ka->alpha, "latency (Theorem 6: 0)");
  kp->add_option("--beta", ka->beta, "time per unit (Theorem 6: 1)");
  kp->add_option("--rlimit", ka->rlimit, "Z3 resource limit per solver call");
  kp->add_option("--format", ka->format, "json");
  tree.commands->push_back({kp, [ka](const CommandContext&) { return run_kported(*ka); }});
  auto ma = std::make_shared<MbtArgs>();
  auto* mbt = solve->add_subcommand("mbt", "minimum broadcast time on a graph, Theorem 5");
  mbt->add_option("--vertices", ma->vertices, "number of vertices n")->required();
  mbt->add_option("--edges", ma->edges, "undirected edges a-b,c-d,...");
  mbt->add_option("--root", ma->root, "the vertex that starts informed");
  mbt->add_option("--rlimit", ma->rlimit, "Z3 resource limit per solver call");
  mbt->add_option("--format", ma->format, "json");
  tree.commands->push_back({mbt, [ma](const CommandContext&) { return run_mbt(*ma); }});

  auto* reduce = tree.app->add_subcommand("reduce", "build and solve reductions");
  reduce->require_subcommand(1);
  auto ra = std::make_shared<ReduceArgs>();
  auto* part = reduce->add_subcommand("partition", "Theorem 7: PARTITION to a non-ordered gather instance");
  part->add_option("--values", ra->values, "positive integers with an even sum")->required();
  part->add_option("--solver", ra->solver, "z3, subset-dp or both");
  part->add_option("--rlimit", ra->rlimit, "Z3 resource limit per solver call");
  part->add_option("--format", ra->format, "json");
  tree.commands->push_back({part, [ra](const CommandContext&) { return run_reduce(*ra); }});
}

}  // namespace collverify::cli
