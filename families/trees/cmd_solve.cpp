// `solve nonordered`: an optimal non-ordered gather/scatter tree by the subset DP, Z3, the branch
// and bound (reference/trees/nonordered_bnb) or all of them (`both` is the older name of `all`);
// `solve kported`: Theorem 6's k-ported gather (multiprocessor scheduling) with Z3 and/or a
// branch and bound (reference/trees/kported_bnb);
// `solve mbt`: Theorem 5's minimum broadcast time on a graph with Z3.
// Flags and JSON only: families/trees/solve_checks.hpp runs the solvers and re-checks every answer.
// Exit: 0 every answer agrees and re-checks, 1 a disagreement or failed re-check, 2 bad input,
// 3 inconclusive (Z3's rlimit exhausted or unknown; the B&B stopped by --time-limit or
// --node-limit: its best tree and gap to the proved lower bound are printed, never "optimal").
#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "families/trees/cmd_solve.hpp"
#include "families/common/json_envelope.hpp"
#include "families/common/parse.hpp"
#include "families/common/spelling.hpp"
#include "model/error.hpp"

namespace collverify::cli {

using nlohmann::json;
namespace pf = proofs;

engine::TreeSolvers parse_tree_solvers(const std::string& text) {
  require_one_of("--solver", text, {"z3", "subset-dp", "bnb", "both", "all"});
  return text == "z3"          ? engine::TreeSolvers::z3
         : text == "subset-dp" ? engine::TreeSolvers::subset_dp
         : text == "bnb"       ? engine::TreeSolvers::bnb
         : text == "all"       ? engine::TreeSolvers::all
                               : engine::TreeSolvers::both;
}

trees::LeafCopy parse_leaf_copy(const std::string& text) {
  require_one_of("--leaf-copy", text, {"free", "paid"});
  return text == "paid" ? trees::LeafCopy::paid : trees::LeafCopy::free;
}

std::uint64_t parse_rlimit(const std::string& text) {
  return static_cast<std::uint64_t>(
      parse_int("--rlimit", text, 1, static_cast<std::int64_t>(pf::kMaxRlimit)));
}

json root_json(const pf::RootChoice& root) { return root.root ? json(*root.root) : json(nullptr); }

json tree_json(const GatherTree& t) { return json{{"root", t.root}, {"sequence", t.sequence}}; }

json nonordered_json(const engine::NonorderedResult& r, std::uint64_t rlimit) {
  json out;
  out["solvers"] = json::object();
  if (r.dp) {
    json& j = out["solvers"]["subset_dp"];
    j = {{"optimum", r.dp->answer.time}, {"seconds", r.dp->seconds},
         {"tree", tree_json(r.dp->answer.tree)}};
    if (r.dp->evaluated_time) j["evaluated_time"] = *r.dp->evaluated_time;
  }
  if (r.bnb) {
    const trees::BnbResult& b = r.bnb->result;
    json& j = out["solvers"]["bnb"];
    j = {{"outcome", b.optimal ? "optimal" : "limit"},
         {"best_found", b.time},
         {"lower_bound", b.lower_bound},
         {"gap", b.gap()},
         {"first_incumbent", b.first_incumbent},
         {"bounds",
          {{"volume", b.bounds.volume},
           {"latency", b.bounds.latency},
           {"partition", b.bounds.partition},
           {"chain", b.bounds.chain},
           {"seeds", b.bounds.seeds}}},
         {"nodes", b.nodes},
         {"memo_entries", b.memo_entries},
         {"stopped_by", b.stopped_by.empty() ? json(nullptr) : json(b.stopped_by)},
         {"seconds", r.bnb->seconds},
         {"tree", tree_json(b.tree)}};
    j["optimum"] = b.optimal ? json(b.time) : json(nullptr);
    if (r.bnb->evaluated_time) j["evaluated_time"] = *r.bnb->evaluated_time;
  }
  if (r.z3) {
    const pf::Z3TreeResult& z = r.z3->result;
    json& j = out["solvers"]["z3"];
    j = {{"outcome", pf::to_string(z.outcome)}, {"calls", z.solver_calls}, {"rlimit", rlimit},
         {"seconds", r.z3->seconds}, {"proof", z.proof}, {"z3_version", pf::z3_version()}};
    if (z.best) j["best_found"] = z.best->time, j["tree"] = tree_json(z.best->tree);
    j["first_bound"] = r.z3->first_bound;
    j["optimum"] = z.outcome == pf::SolverOutcome::unsat && z.best ? json(z.best->time) : json(nullptr);
    if (r.z3->evaluated_time) j["evaluated_time"] = *r.z3->evaluated_time;
  }
  out["problems"] = r.problems;
  out["optimum"] = r.optimum ? json(*r.optimum) : json(nullptr);
  out["tree"] = r.tree ? tree_json(*r.tree) : json(nullptr);
  out["verdict"] = engine::verdict_name(r.code);
  return out;
}

namespace {

void require_json(const std::string& format) { require_one_of("--format", format, {"json"}); }

struct SolveArgs {
  std::string blocks, alpha = "1", beta = "1", gamma = "1", root = "best", solver = "both",
                      format = "json", leaf_copy = "free", time_limit = "60", node_limit = "0";
  std::string rlimit = std::to_string(pf::SolverOptions{}.rlimit);
  std::string blocks_flag = "--sizes";  // as typed: --sizes or its alias --blocks
};

// --sizes (alias --blocks) is required; checked here since either spelling gives it.
void require_sizes(const std::string& sizes) {
  if (sizes.empty()) throw InputError("--sizes is required (the block sizes, e.g. --sizes 3,1,2)");
}

int run_solve(const SolveArgs& a) {
  require_json(a.format);
  require_sizes(a.blocks);
  TreeProblem<std::int64_t> pr;
  pr.m = parse_int_list(a.blocks_flag, a.blocks, 0);
  pr.cost = CostModel<std::int64_t>::uniform(parse_int("--alpha", a.alpha, 0),
                                             parse_int("--beta", a.beta, 0),
                                             parse_int("--gamma", a.gamma, 0));
  engine::NonorderedOptions o;
  o.root = a.root == "best" ? pf::RootChoice::best()
                            : pf::RootChoice::fixed(parse_int("--root", a.root, 0));
  if (o.root.root && *o.root.root >= pr.p()) {
    throw InputError(fmt::format("--root {} is outside [0, {}) (p = {})", *o.root.root, pr.p(), pr.p()));
  }
  o.leaf = parse_leaf_copy(a.leaf_copy);
  o.solvers = parse_tree_solvers(a.solver);
  o.rlimit = parse_rlimit(a.rlimit);
  o.bnb_seconds = static_cast<double>(parse_int("--time-limit", a.time_limit, 0, 86400));
  o.bnb_nodes = parse_int("--node-limit", a.node_limit, 0, std::int64_t{1} << 50);
  const engine::NonorderedResult r = engine::solve_nonordered(pr, o);
  json out = nonordered_json(r, o.rlimit);
  out["problem"] = {{"blocks", pr.m}, {"alpha", pr.cost.alpha}, {"beta", pr.cost.beta},
                    {"gamma", pr.cost.gamma}, {"root", root_json(o.root)},
                    {"leaf_copy", engine::leaf_copy_name(o.leaf)}};
  std::cout << with_envelope("solve nonordered", out.dump(2)) << "\n";
  return r.code;
}

struct KPortedArgs {
  std::string blocks, ports = "2", alpha = "0", beta = "1", format = "json", solver = "all",
                      node_limit = "0";
  std::string rlimit = std::to_string(pf::SolverOptions{}.rlimit);
  std::string blocks_flag = "--sizes";
};

// Theorem 6: Z3's and the B&B's schedules, re-simulated, and the brute force for at most 1e7
// assignments. No leaf-copy convention applies: the model has no local copy (the root's block
// is empty).
int run_kported(const KPortedArgs& a) {
  require_json(a.format);
  require_sizes(a.blocks);
  pf::KPortedProblem pr;
  pr.m = parse_int_list(a.blocks_flag, a.blocks, 0);
  pr.k = parse_int("--ports", a.ports, 1);
  pr.alpha = parse_int("--alpha", a.alpha, 0);
  pr.beta = parse_int("--beta", a.beta, 0);
  const std::uint64_t rlimit = parse_rlimit(a.rlimit);
  require_one_of("--solver", a.solver, {"z3", "bnb", "all"});
  const std::int64_t nodes = parse_int("--node-limit", a.node_limit, 0, std::int64_t{1} << 50);
  const engine::KPortedRun r =
      engine::solve_kported(pr, rlimit, a.solver != "bnb", a.solver != "z3", nodes);
  json out;
  out["problem"] = {{"blocks", pr.m}, {"ports", pr.k}, {"alpha", pr.alpha}, {"beta", pr.beta}, {"root_block", 0}};
  if (r.z3_ran) {
    out["z3"] = {{"outcome", pf::to_string(r.z3.outcome)}, {"proof", r.z3.proof},
                 {"calls", r.z3.solver_calls}, {"seconds", r.seconds}, {"rlimit", rlimit}};
    if (r.z3.found) {
      out["z3"]["port_of_block"] = r.z3.best.port;
      out["z3"]["simulated_time"] = r.z3.best.time;
      out["z3"]["resimulated_time"] = r.resimulated ? json(*r.resimulated) : json(nullptr);
    }
  }
  if (r.bnb) {
    out["bnb"] = {{"outcome", r.bnb->optimal ? "optimal" : "limit"},
                  {"best_found", r.bnb->time},
                  {"lower_bound", r.bnb->lower_bound},
                  {"gap", r.bnb->time - r.bnb->lower_bound},
                  {"first_incumbent", r.bnb->first_incumbent},
                  {"nodes", r.bnb->nodes},
                  {"seconds", r.bnb_seconds},
                  {"port_of_block", r.bnb->port},
                  {"resimulated_time", r.bnb_resimulated ? json(*r.bnb_resimulated) : json(nullptr)}};
  }
  out["optimum"] = r.z3.outcome == pf::SolverOutcome::unsat ? json(r.z3.best.time)
                   : r.bnb && r.bnb->optimal               ? json(r.bnb->time)
                                                            : json(nullptr);
  // k^n as an integer when the brute force ran (at most 1e7); null when it was skipped.
  out["brute_force_assignments"] =
      r.brute ? json(static_cast<std::int64_t>(r.assignments)) : json(nullptr);
  if (r.brute) out["brute_force"] = {{"optimum", r.brute->time}};
  out["problems"] = r.problems;
  out["verdict"] = engine::verdict_name(r.code);
  std::cout << with_envelope("solve kported", out.dump(2)) << "\n";
  return r.code;
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
    const std::string label = fmt::format("--edges item {} end", out.size());
    out.emplace_back(parse_int(label, item.substr(0, dash), 0), parse_int(label, item.substr(dash + 1), 0));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

// Theorem 5: Z3's rounds, the schedule re-checked, brute force for at most 10 vertices.
int run_mbt(const MbtArgs& a) {
  require_json(a.format);
  const pf::BroadcastGraph g{parse_int("--vertices", a.vertices, 1), parse_edges(a.edges),
                             parse_int("--root", a.root, 0)};
  const std::uint64_t rlimit = parse_rlimit(a.rlimit);
  const engine::MbtRun r = engine::solve_mbt(g, rlimit);
  json out;
  out["problem"] = {{"vertices", g.n}, {"edges", g.edges}, {"root", g.root}};
  out["z3"] = {{"outcome", pf::to_string(r.z3.outcome)}, {"proof", r.z3.proof}, {"calls", r.z3.solver_calls},
               {"seconds", r.seconds}, {"rlimit", rlimit}};
  if (r.z3.found) {
    out["z3"]["caller"] = r.z3.best.caller;
    out["z3"]["round"] = r.z3.best.round;
    out["z3"]["schedule_check"] = r.schedule_fault.empty() ? "holds" : r.schedule_fault;
  }
  const bool proved = r.z3.outcome == pf::SolverOutcome::unsat;
  out["rounds"] = proved ? json(r.z3.best.rounds) : json(nullptr);
  out["broadcast_tree_time"] = proved ? json(2 * r.z3.best.rounds) : json(nullptr);  // alpha = beta = m = 1
  if (r.brute_rounds) out["brute_force"] = {{"rounds", *r.brute_rounds}};
  out["problems"] = r.problems;
  out["verdict"] = engine::verdict_name(r.code);
  std::cout << with_envelope("solve mbt", out.dump(2)) << "\n";
  return r.code;
}

}  // namespace

void register_solve_commands(const CommandTree& tree) {
  auto* solve = tree.app->add_subcommand("solve", "solve NP-hard tree instances exactly");
  solve->require_subcommand(1);
  auto sa = std::make_shared<SolveArgs>();
  auto* non = solve->add_subcommand("nonordered", "optimal non-ordered gather tree (seed 001, Section 4)");
  add_text_option(non, "--sizes", sa->blocks, "block sizes m_0,...,m_{p-1} (required)",
                  value::kList, {"--blocks"}, &sa->blocks_flag);
  non->add_option("--alpha", sa->alpha, "latency (integer >= 0)")->type_name(value::kInt);
  non->add_option("--beta", sa->beta, "time per unit (integer >= 0)")->type_name(value::kInt);
  non->add_option("--gamma", sa->gamma, "local copy time per unit (integer >= 0)")
      ->type_name(value::kInt);
  non->add_option("--root", sa->root, "root processor, or 'best'")->type_name("INT|best");
  non->add_option("--solver", sa->solver, "z3, subset-dp, bnb, or all of them (all; both)")
      ->type_name("z3|subset-dp|bnb|all");
  non->add_option("--time-limit", sa->time_limit,
                  "the B&B's wall-clock limit in seconds (0: none; default 60); hit: exit 3")
      ->type_name(value::kSeconds);
  non->add_option("--node-limit", sa->node_limit, "the B&B's node limit (0: none); hit: exit 3")
      ->type_name(value::kInt);
  non->add_option("--rlimit", sa->rlimit, "Z3 resource limit per solver call")
      ->type_name(value::kInt);
  non->add_option("--leaf-copy", sa->leaf_copy,
                  "free (default: the paper's, a leaf does not copy; as `trees`) or paid")
      ->type_name("free|paid");
  add_format_option(non, sa->format, {"json"}, "json (the only one)");
  tree.commands->push_back({non, [sa](const CommandContext&) { return run_solve(*sa); }});
  auto ka = std::make_shared<KPortedArgs>();
  auto* kp = solve->add_subcommand("kported", "k-ported gather, Theorem 6 (multiprocessor scheduling)");
  add_text_option(kp, "--sizes", ka->blocks, "the non-root block sizes (job lengths; required)",
                  value::kList, {"--blocks"}, &ka->blocks_flag);
  kp->add_option("--ports", ka->ports, "k, the root's ports (machines)")->type_name(value::kInt);
  kp->add_option("--alpha", ka->alpha, "latency (Theorem 6: 0)")->type_name(value::kInt);
  kp->add_option("--beta", ka->beta, "time per unit (Theorem 6: 1)")->type_name(value::kInt);
  kp->add_option("--rlimit", ka->rlimit, "Z3 resource limit per solver call")
      ->type_name(value::kInt);
  kp->add_option("--solver", ka->solver, "z3, bnb (branch and bound) or all (default)")
      ->type_name("z3|bnb|all");
  kp->add_option("--node-limit", ka->node_limit, "the B&B's node limit (0: none); hit: exit 3")
      ->type_name(value::kInt);
  add_format_option(kp, ka->format, {"json"}, "json (the only one)");
  tree.commands->push_back({kp, [ka](const CommandContext&) { return run_kported(*ka); }});
  auto ma = std::make_shared<MbtArgs>();
  auto* mbt = solve->add_subcommand("mbt", "minimum broadcast time on a graph, Theorem 5");
  mbt->add_option("--vertices", ma->vertices, "number of vertices n")
      ->required()
      ->type_name(value::kInt);
  mbt->add_option("--edges", ma->edges, "undirected edges a-b,c-d,...")->type_name(value::kEdges);
  mbt->add_option("--root", ma->root, "the vertex that starts informed")->type_name(value::kInt);
  mbt->add_option("--rlimit", ma->rlimit, "Z3 resource limit per solver call")
      ->type_name(value::kInt);
  add_format_option(mbt, ma->format, {"json"}, "json (the only one)");
  tree.commands->push_back({mbt, [ma](const CommandContext&) { return run_mbt(*ma); }});
  register_reduce_commands(tree);
}

}  // namespace collverify::cli
