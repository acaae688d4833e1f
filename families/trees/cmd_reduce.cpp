// `reduce partition`: Theorem 7's gather instance from a PARTITION instance (seed 001, Section
// 4), solved exactly and cross-checked by engine::reduce_partition; this file parses and prints.
// The top level carries the convention of --leaf-copy (default free: the paper's, a leaf does
// not copy, docs/READINGS.md R1); `leaf_copy_free` and `leaf_copy_paid` always carry both.
// Exit: 0 holds, 1 a finding, 2 bad input, 3 Z3 inconclusive.
#include <iostream>
#include <memory>
#include <string>

#include "families/trees/cmd_solve.hpp"
#include "families/common/json_envelope.hpp"
#include "families/common/parse.hpp"
#include "families/common/spelling.hpp"

namespace collverify::cli {
namespace {

using nlohmann::json;

struct ReduceArgs {
  std::string values, solver = "both", format = "json", leaf_copy = "free";
  std::string rlimit = std::to_string(proofs::SolverOptions{}.rlimit);
};

json convention_json(const engine::ConventionResult& c) {
  return {{"ordered_optimum", c.ordered_optimum},
          {"ordered_source", c.ordered_source},
          {"nonordered_optimum", c.nonordered_optimum},
          {"nonordered_at_target", c.nonordered_at_target},
          {"within_proposition_1_bound", c.within_proposition_1}};
}

int run_reduce(const ReduceArgs& a) {
  require_one_of("--format", a.format, {"json"});
  const auto values = parse_int_list("--values", a.values, 1);
  engine::ReduceOptions o;
  o.solvers = parse_tree_solvers(a.solver);
  o.rlimit = parse_rlimit(a.rlimit);
  o.leaf = parse_leaf_copy(a.leaf_copy);
  const engine::ReduceResult r = engine::reduce_partition(values, o);
  const json solved = nonordered_json(r.solved, o.rlimit);
  json out;
  out["instance"] = {{"values", values}, {"blocks", r.inst.problem.m},
                     {"processors", r.inst.problem.p()}, {"alpha", 1}, {"beta", 1}, {"gamma", 1},
                     {"root", nullptr}};  // null: the solvers choose the best root
  out["leaf_copy"] = engine::leaf_copy_name(o.leaf);
  out["target"] = r.inst.target;
  out["theorem_assumptions_hold"] = r.inst.nontrivial;
  out["solvers"] = solved["solvers"];
  out["nonordered_optimum"] = solved["optimum"];
  out["tree"] = solved["tree"];
  out["ordered_optimum"] = r.chosen.ordered_optimum;
  out["ordered_source"] = r.chosen.ordered_source;
  out["proposition_1_bound"] = r.proposition_1_bound;
  const bool free_chosen = o.leaf == trees::LeafCopy::free;
  out["leaf_copy_free"] = convention_json(free_chosen ? r.chosen : r.other);
  out["leaf_copy_paid"] = convention_json(free_chosen ? r.other : r.chosen);
  out["partition_exists"] = r.partition_exists;
  out["partition"] = json::array();
  if (r.claim) {
    out["optimum_equals_target"] = r.claim->at_target;
    out["claim_holds"] = r.claim->claim_holds;
    if (r.claim->partition) {
      out["partition"] = *r.claim->partition;
      out["partition_sum"] = r.claim->partition_sum;
    }
  }
  out["problems"] = r.problems;
  out["verdict"] = engine::verdict_name(r.code);
  std::cout << with_envelope("reduce partition", out.dump(2)) << "\n";
  return r.code;
}

}  // namespace

void register_reduce_commands(const CommandTree& tree) {
  auto* reduce = tree.app->add_subcommand("reduce", "build and solve reductions");
  reduce->require_subcommand(1);
  auto ra = std::make_shared<ReduceArgs>();
  auto* part = reduce->add_subcommand("partition", "Theorem 7: PARTITION to a non-ordered gather instance");
  part->add_option("--values", ra->values, "positive integers with an even sum")
      ->required()
      ->type_name(value::kList);
  part->add_option("--solver", ra->solver, "z3, subset-dp, bnb, or all of them (all; both)")
      ->type_name("z3|subset-dp|bnb|all");
  part->add_option("--rlimit", ra->rlimit, "Z3 resource limit per solver call")
      ->type_name(value::kInt);
  part->add_option("--leaf-copy", ra->leaf_copy,
                   "free (default: the paper's, a leaf does not copy) or paid; the top level "
                   "carries it, leaf_copy_free and leaf_copy_paid both")
      ->type_name("free|paid");
  add_format_option(part, ra->format, {"json"}, "json (the only one)");
  tree.commands->push_back({part, [ra](const CommandContext&) { return run_reduce(*ra); }});
}

}  // namespace collverify::cli
