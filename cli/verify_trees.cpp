// `verify trees` and the campaign part: every construction of seed 001 for every p of a range
// and every distribution, judged by checkers/trees (trees_run.hpp); summaries for reports/.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <mutex>
#include <thread>

#include "cli/cmd_trees.hpp"
#include "cli/parallel_p.hpp"
#include "cli/trees_run.hpp"
#include "generators/p_range.hpp"
#include "generators/tree_distributions.hpp"
#include "model/error.hpp"
#include "model/memory.hpp"
#include "reference/trees/optimal.hpp"
#include "reports/tree_dot.hpp"

namespace collverify::cli {
namespace {

struct VerifyTreesArgs {
  CommonVerifyArgs common;
  std::string dist = "all";
  std::int64_t b = 100;
  std::int64_t alpha = 100, beta = 1;
  std::vector<std::int64_t> gammas{1, 0};
  std::int64_t lambda = 5;
  std::uint64_t seed = 1;
  std::int64_t brute_max_p = 7;
};

struct Options {
  std::vector<std::int64_t> ps;
  std::vector<TreeDistribution> dists;
  VerifyTreesArgs args;
  int jobs = 1;
  const std::atomic<bool>* interrupted = nullptr;
};

struct PerP {
  bool done = false;
  std::int64_t instances = 0;
  double seconds = 0;
  std::vector<Violation> violations;
};

void check_p(const Options& o, std::int64_t p, PerP& out) {
  const auto start = std::chrono::steady_clock::now();
  for (const auto d : o.dists) {
    const auto m = block_sizes(d, p, {o.args.b, o.args.lambda, o.args.seed});
    for (const auto g : o.args.gammas) {
      TreeProblem<std::int64_t> pr{m,
                                   CostModel<std::int64_t>::uniform(o.args.alpha, o.args.beta, g)};
      std::vector<Violation> v;
      run_tree_algorithms(pr, p / 2, v);
      cross_check_trees(pr, p / 2, o.args.brute_max_p, v);
      for (auto& x : v) {
        x.message = fmt::format("{} gamma = {}: {}", distribution_name(d), g, x.message);
        out.violations.push_back(std::move(x));
      }
      ++out.instances;
    }
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.done = true;
}

ConstructionSummary verify(const Options& o, bool& complete) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<PerP> results(o.ps.size());
  // Largest p first (the DPs cost O(p^3)); bad input or an exception in a worker ends the run
  // with the error of the smallest p, after every thread has joined.
  std::vector<std::size_t> order(o.ps.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return o.ps[a] > o.ps[b]; });
  for_each_p_parallel(
      order, o.ps, o.jobs, o.interrupted, [&](std::size_t i) { check_p(o, o.ps[i], results[i]); },
      [](std::size_t) {});
  ConstructionSummary s;
  s.name = "trees";
  for (std::size_t i = 0; i < o.ps.size(); ++i) {
    const PerP& r = results[i];
    if (!r.done) {
      complete = false;
      continue;
    }
    CaseResult c;
    c.p = o.ps[i];
    c.seconds = r.seconds;
    c.status = r.violations.empty() ? Status::pass : Status::fail;
    if (!r.violations.empty()) c.violation = r.violations.front();
    s.cases.push_back(c);
    s.checked += r.instances;
    s.failed += r.violations.empty() ? 0 : 1;
    s.passed += r.violations.empty() ? r.instances : r.instances - 1;
    for (const auto& v : r.violations) s.violations.push_back(v);
    if (o.ps.size() <= 64) s.instances.push_back({o.ps[i], kNone, c.status, kNone, kNone});
  }
  std::stable_sort(s.violations.begin(), s.violations.end());
  s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return s;
}

Options make_options(const VerifyTreesArgs& a, const std::vector<std::int64_t>& ps, int jobs) {
  Options o;
  o.ps = ps;
  o.args = a;
  o.jobs = jobs;
  if (a.dist == "all") {
    o.dists = all_tree_distributions();
  } else {
    o.dists = {parse_distribution(a.dist)};
  }
  for (const auto p : ps) {
    if (p < 1) throw InputError(fmt::format("p = {} is not a processor count (need p >= 1)", p));
  }
  if (!ps.empty()) {
    const std::int64_t top = *std::max_element(ps.begin(), ps.end());
    require_memory(trees::optimal_tree_memory_bytes(top, true) * jobs,
                   fmt::format("verify trees: optimal tree DP for p = {} on {} jobs", top, jobs));
  }
  if (a.alpha < 0 || a.beta < 0) throw InputError("--alpha and --beta must be >= 0");
  for (const auto g : a.gammas) {
    if (g < 0) throw InputError(fmt::format("--gamma {} is negative", g));
  }
  if (a.brute_max_p > 9) {
    throw InputError(
        fmt::format("--brute-max-p {} is above 9 (366080 trees at p = 9)", a.brute_max_p));
  }
  return o;
}

// The optimal ordered tree of the smallest failing p, drawn into the reports (report.md and
// report.html embed it; trees_witness.dot beside them for `dot -Tsvg`).
void add_witness_picture(const VerifyTreesArgs& a, ConstructionSummary& s) {
  if (s.violations.empty()) return;
  const std::int64_t p = s.violations.front().p;
  const auto d = a.dist == "all" ? TreeDistribution::same : parse_distribution(a.dist);
  const auto m = block_sizes(d, p, {a.b, a.lambda, a.seed});
  TreeProblem<std::int64_t> pr{m,
                               CostModel<std::int64_t>::uniform(a.alpha, a.beta, a.gammas.front())};
  const auto r = trees::optimal_ordered_tree(pr, trees::RootMode::fixed(p / 2));
  s.picture_dot = tree_dot(
      r.tree, m,
      fmt::format("smallest failing p = {}: optimal ordered tree ({})", p, distribution_name(d)));
}

int run_verify_trees(const VerifyTreesArgs& a, const CommandContext& ctx) {
  const RunOutput out = prepare_run_output(a.common);
  if (a.common.p.empty()) throw InputError("--p RANGE is required (e.g. --p 1..64)");
  const PRange range = PRange::parse(a.common.p);
  if (range.max() > 4096) {
    throw InputError(
        fmt::format("verify trees: p up to {} is too large (the O(p^3) DP runs for "
                    "every p and distribution); accepted: p <= 4096",
                    range.max()));
  }
  Options o = make_options(a, range.values(PRange::kMaxValues), a.common.jobs);
  o.interrupted = ctx.interrupted;
  bool complete = true;
  std::vector<ConstructionSummary> parts;
  parts.push_back(verify(o, complete));
  add_witness_picture(a, parts.front());
  if (out.report_dir && !parts.front().picture_dot.empty()) {
    write_file_atomically(*out.report_dir / "trees_witness.dot", parts.front().picture_dot);
  }
  return finish_constructions(std::move(parts), complete, ctx.command_line, out);
}

}  // namespace

void register_verify_trees(const CommandTree& tree) {
  auto a = std::make_shared<VerifyTreesArgs>();
  auto* sub = tree.verify->add_subcommand("trees", "gather/scatter trees (seed 001)");
  add_common_verify_flags(sub, a->common);
  sub->add_option("--dist", a->dist, "a distribution or all (default)");
  sub->add_option("--b", a->b, "average block size (default 100)");
  sub->add_option("--alpha", a->alpha, "latency (default 100)");
  sub->add_option("--beta", a->beta, "time per unit (default 1)");
  sub->add_option("--gamma", a->gammas, "copy costs to try (default 1 0)")->delimiter(',');
  sub->add_option("--lambda", a->lambda, "spikes/skewed parameter (default 5)");
  sub->add_option("--seed", a->seed, "seed of the random distributions (default 1)");
  sub->add_option("--brute-max-p", a->brute_max_p,
                  "compare the DPs with all ordered trees up to this p (default 7, at most 9)");
  tree.commands->push_back(
      {sub, [a](const CommandContext& ctx) { return run_verify_trees(*a, ctx); }});
}

ConstructionSummary campaign_trees(const CampaignOptions& c, bool& complete) {
  VerifyTreesArgs a;
  const std::int64_t top = c.quick ? 16 : 120;
  if (c.quick) a.brute_max_p = 6;
  std::vector<std::int64_t> ps;
  for (std::int64_t p = 1; p <= top; ++p) ps.push_back(p);
  std::fprintf(stderr,
               "campaign: trees for p = 1..%lld, 11 distributions, gamma in {1, 0}, brute force "
               "up to p = %lld\n",
               static_cast<long long>(top), static_cast<long long>(a.brute_max_p));
  Options o = make_options(a, ps, c.jobs);
  o.interrupted = c.interrupted;
  return verify(o, complete);
}

}  // namespace collverify::cli
