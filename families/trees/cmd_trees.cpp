// `trees` and `verify trees` (seed 001). Parses, builds the instance (generators/), runs the
// constructions and their checks (families/trees/tree_checks.hpp), prints; no algorithm here.
#include "families/trees/cmd_trees.hpp"
#include "families/common/json_envelope.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "families/common/parse.hpp"
#include "families/trees/tree_checks.hpp"
#include "generators/external/costs_file.hpp"
#include "generators/p_range.hpp"
#include "generators/tree_distributions.hpp"
#include "families/common/spelling.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "reference/trees/optimal.hpp"
#include "families/trees/tree_dot.hpp"

namespace collverify::cli {
namespace {

using engine::tree_algorithms;

using ordered_json = nlohmann::ordered_json;

struct TreesArgs {
  std::string p;
  std::int64_t b = 1000;
  std::string dist = "same";
  std::string sizes;
  std::string costs_file;
  std::string alpha = "100", beta = "1", gamma = "1";
  std::int64_t lambda = 5;
  std::uint64_t seed = 1;
  std::optional<std::int64_t> root;
  std::string format = "json";
  std::string picture;
  std::string copy_placement = "first";
  int jobs = 1;  // set to default_jobs() at registration
};

// Integer costs take the exact (int64) evaluator; anything else is a real cost.
bool is_integer(const std::string& s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

struct Instance {
  std::string dist;
  std::vector<std::int64_t> m;
};

std::vector<Instance> instances(const TreesArgs& a) {
  if (!a.sizes.empty()) return {{"sizes", parse_int_list("--sizes", a.sizes, 0)}};
  if (a.p.empty()) throw InputError("--p is required (or give --sizes LIST)");
  const std::int64_t p = parse_int("--p", a.p);
  if (p < 1) throw InputError(fmt::format("--p {} is not a processor count (need p >= 1)", p));
  require_memory(trees::optimal_tree_memory_bytes(p, a.costs_file.empty()),
                 fmt::format("optimal tree DP for p = {}", p));
  const DistributionParams params{a.b, a.lambda, a.seed};
  std::vector<Instance> out;
  if (a.dist == "all") {
    for (const auto d : all_tree_distributions()) {
      out.push_back({distribution_name(d), block_sizes(d, p, params)});
    }
  } else {
    const auto d = parse_distribution(a.dist);
    out.push_back({distribution_name(d), block_sizes(d, p, params)});
  }
  return out;
}

template <class T>
ordered_json number(T v) {
  return ordered_json(v);
}

template <class T>
std::string show(T v) {
  if constexpr (std::is_floating_point_v<T>) {
    return fmt::format("{:g}", v);
  } else {
    return std::to_string(v);
  }
}

// The problems of the instance list with the cost model (per-pair costs from --costs-file when
// the model is not homogeneous) and their fixed roots (--root, else p/2), refused when outside p.
template <class T>
void build_tree_problems(const TreesArgs& a, const std::vector<Instance>& list,
                         const CostModel<T>& base, std::vector<TreeProblem<T>>& problems,
                         std::vector<std::int64_t>& roots) {
  for (const auto& inst : list) {
    TreeProblem<T> pr{inst.m, base};
    const std::int64_t p = pr.p();
    if (!base.homogeneous()) pr.cost = read_costs_file<T>(a.costs_file, p);
    const std::int64_t root = a.root.value_or(p / 2);
    if (root < 0 || root >= p) {
      throw InputError(fmt::format("--root {} is outside [0, {})", root, p));
    }
    problems.push_back(std::move(pr));
    roots.push_back(root);
  }
}

// One instance's JSON object: p, m, dist, the cost fields, the fixed root and every algorithm's
// time for the fixed and the best root.
template <class T>
ordered_json tree_instance_json(const Instance& inst, std::int64_t p, std::int64_t root,
                        const ordered_json& cost_json, const std::vector<engine::TreeRow<T>>& rows) {
  std::int64_t m = 0;
  for (const auto x : inst.m) m = checked_add(m, x, "total size m");
  ordered_json o{{"p", p}, {"m", m}, {"dist", inst.dist}};
  for (auto it = cost_json.begin(); it != cost_json.end(); ++it) o[it.key()] = it.value();
  o["fixed_root"] = root;
  o["results"] = ordered_json::array();
  for (const auto& r : rows) {
    o["results"].push_back({{"algorithm", r.algorithm},
                            {"root_mode", r.best ? "best" : "fixed"},
                            {"root", r.root},
                            {"time", number(r.time)}});
  }
  return o;
}

// One instance in Table 1's layout: two lines, fixed root then best root [root chosen].
template <class T>
std::string table1_lines(const Instance& inst, std::int64_t root,
                         const std::vector<engine::TreeRow<T>>& rows) {
  std::string fixed_line = fmt::format("| {} | fixed r = {} |", inst.dist, root);
  std::string best_line = "| | best |";
  for (const auto& name : tree_algorithms()) {
    bool have = false;
    for (const auto& r : rows) {
      if (r.algorithm != name) continue;
      have = true;
      if (r.best) {
        best_line += fmt::format(" {} [{}] |", show(r.time), r.root);
      } else {
        fixed_line += fmt::format(" {} |", show(r.time));
      }
    }
    if (!have) {
      fixed_line += " - |";
      best_line += " - |";
    }
  }
  return fixed_line + "\n" + best_line + "\n";
}

// --picture: the optimal ordered tree of the fixed root as Graphviz DOT.
template <class T>
void write_tree_picture(const std::string& path, const Instance& inst, std::int64_t p,
                        const std::vector<engine::TreeRow<T>>& rows) {
  for (const auto& r : rows) {
    if (r.algorithm == "optimal" && !r.best) {
      std::ofstream f(path);
      if (!f) throw InputError(fmt::format("--picture '{}' cannot be written", path));
      f << tree_dot(r.tree, inst.m,
                    fmt::format("optimal ordered tree, {} p = {}, root {}, time {}", inst.dist, p,
                                r.root, show(r.time)));
    }
  }
}

template <class T>
int run_trees_t(const TreesArgs& a, const CostModel<T>& base, ordered_json cost_json) {
  const auto list = instances(a);
  if (a.copy_placement != "first" && a.copy_placement != "figure4") {
    throw InputError(
        fmt::format("--copy-placement '{}' is not one of: first, figure4", a.copy_placement));
  }
  if (a.format != "json" && a.format != "md") {
    throw InputError(fmt::format("--format '{}' is not one of: json, md", a.format));
  }
  require_jobs(a.jobs);
  // The instances are independent: the engine builds and checks them on up to --jobs threads;
  // they are printed in the order of the list (the output does not depend on --jobs).
  std::vector<TreeProblem<T>> problems;
  std::vector<std::int64_t> roots;
  build_tree_problems(a, list, base, problems, roots);
  const auto runs =
      engine::run_tree_instances(problems, roots, a.copy_placement == "figure4", a.jobs);

  ordered_json all = ordered_json::array();
  std::string md;
  bool violated = false;
  for (std::size_t idx = 0; idx < list.size(); ++idx) {
    const auto& inst = list[idx];
    const std::int64_t p = problems[idx].p();
    for (const auto& v : runs[idx].violations) {
      std::fprintf(stderr, "collverify: %s: %s (p = %lld, processor %lld)\n", v.property.c_str(),
                   v.message.c_str(), static_cast<long long>(v.p), static_cast<long long>(v.rank));
      violated = true;
    }
    all.push_back(tree_instance_json(inst, p, roots[idx], cost_json, runs[idx].rows));
    md += table1_lines(inst, roots[idx], runs[idx].rows);
    if (!a.picture.empty() && idx == 0) write_tree_picture(a.picture, inst, p, runs[idx].rows);
  }
  if (a.format == "json") {
    // Each instance object carries the envelope (--dist all prints an array of them).
    std::string text;
    for (const auto& inst : all) {
      text.append(text.empty() ? "" : ",").append(with_envelope("trees", inst.dump()));
    }
    if (list.size() != 1 || a.dist == "all") text = "[" + text + "]";
    std::cout << text << "\n";
  } else {
    std::cout << fmt::format(
        "Gather tree completion times, p = {}, alpha = {}, beta = {}, gamma "
        "= {} (first line: fixed root; second: best root [root])\n\n",
        all.front()["p"].get<std::int64_t>(), a.alpha, a.beta, a.gamma);
    std::cout << "| Distribution | Root | Linear | Binary | Oblivious | Adaptive | Optimal | "
                 "Two |\n"
              << "|---|---|---:|---:|---:|---:|---:|---:|\n"
              << md;
  }
  return violated ? 1 : 0;
}

int run_trees(const TreesArgs& a) {
  const bool exact = is_integer(a.alpha) && is_integer(a.beta) && is_integer(a.gamma);
  if (exact) {
    const auto c = CostModel<std::int64_t>::uniform(parse_int("--alpha", a.alpha, 0),
                                                    parse_int("--beta", a.beta, 0),
                                                    parse_int("--gamma", a.gamma, 0));
    ordered_json cj{{"alpha", c.alpha}, {"beta", c.beta}, {"gamma", c.gamma}};
    CostModel<std::int64_t> base = c;
    if (!a.costs_file.empty()) {
      base.alpha_ij = {0};  // marks per-pair; read_costs fills it per instance
      cj = {{"costs_file", a.costs_file}};
    }
    return run_trees_t(a, base, cj);
  }
  const auto c = CostModel<double>::uniform(
      parse_nonnegative_real("--alpha", a.alpha), parse_nonnegative_real("--beta", a.beta), parse_nonnegative_real("--gamma", a.gamma));
  ordered_json cj{{"alpha", c.alpha}, {"beta", c.beta}, {"gamma", c.gamma}};
  CostModel<double> base = c;
  if (!a.costs_file.empty()) {
    base.alpha_ij = {0};
    cj = {{"costs_file", a.costs_file}};
  }
  return run_trees_t(a, base, cj);
}

}  // namespace

void register_trees_commands(const CommandTree& tree) {
  auto a = std::make_shared<TreesArgs>();
  auto* sub = tree.app->add_subcommand("trees", "gather/scatter tree completion times (seed 001)");
  auto* p_flag = add_text_option(sub, "-p,--p", a->p, "number of processors", value::kInt, {"--P"});
  add_int_flag(sub, "--b", a->b, 1, kNoMax, "average block size b (default 1000)");
  auto* dist_flag = sub->add_option("--dist", a->dist,
                  "same, random, random_decreasing, random_increasing, bucket, spikes, decreasing, "
                  "increasing, alternating, skewed, two_blocks, or all")
      ->type_name(value::kName);
  // --sizes gives p and the sizes: with --p or --dist the run would ignore one of them.
  auto* sizes = sub->add_option("--sizes", a->sizes,
                                "explicit block sizes m_0,...,m_{p-1} instead of --dist")
                    ->type_name(value::kList)
                    ->excludes(p_flag)
                    ->excludes(dist_flag);
  for (CLI::Option* o : sub->get_options()) {
    if (alias_of(*o) == "--p") sizes->excludes(o);
  }
  sub->add_option("--costs-file", a->costs_file,
                  "per-pair costs: JSON {\"alpha\": p x p, \"beta\": p x p, \"gamma\": p}")
      ->type_name(value::kPath);
  sub->add_option("--alpha", a->alpha, "latency alpha (default 100)")->type_name(value::kFloat);
  sub->add_option("--beta", a->beta, "time per unit beta (default 1)")->type_name(value::kFloat);
  sub->add_option("--gamma", a->gamma, "local copy time per unit gamma (default 1)")
      ->type_name(value::kFloat);
  add_int_flag(sub, "--lambda", a->lambda, 1, kNoMax, "parameter of spikes and skewed (default 5)");
  add_int_flag(sub, "--seed", a->seed, 0, kNoMax, "seed of the random distributions (default 1)");
  add_int_flag(sub, "--root", a->root, 0, kNoMax, "the fixed root (default floor(p/2))");
  add_format_option(sub, a->format, {"json", "md"}, "json (default) or md (Table 1 layout)");
  sub->add_option("--picture", a->picture, "write the fixed-root optimal tree as Graphviz DOT")
      ->type_name(value::kPath);
  sub->add_option(
      "--copy-placement", a->copy_placement,
      "optimal DP: first (default, copy concurrent) or figure4 (equation (6) as printed)")
      ->type_name("first|figure4");
  a->jobs = default_jobs();
  add_int_flag(sub, "-j,--jobs", a->jobs, 1, kMaxJobs,
                  "threads for the instances of --dist all (default: hardware threads); the "
                  "output does not depend on it");
  tree.commands->push_back({sub, [a](const CommandContext&) { return run_trees(*a); }});
  register_verify_trees(tree);
}

}  // namespace collverify::cli
