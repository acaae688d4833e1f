// `verify trees` and the campaign part: flags -> engine::TreesFamily (families/trees/trees_family.hpp).
#include <fmt/format.h>

#include <cstdio>
#include <memory>

#include "families/trees/cmd_trees.hpp"
#include "families/common/parse.hpp"
#include "families/trees/binary_per_pair_family.hpp"
#include "families/trees/trees_family.hpp"
#include "generators/p_range.hpp"
#include "generators/tree_distributions.hpp"
#include "families/common/spelling.hpp"
#include "model/error.hpp"

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

engine::TreesOptions make_options(const VerifyTreesArgs& a) {
  engine::TreesOptions o;
  o.dists = a.dist == "all" ? all_tree_distributions()
                            : std::vector<TreeDistribution>{parse_distribution(a.dist)};
  o.b = a.b;
  o.alpha = a.alpha;
  o.beta = a.beta;
  o.gammas = a.gammas;
  o.lambda = a.lambda;
  o.seed = a.seed;
  o.brute_max_p = a.brute_max_p;
  return o;
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
  return verify_family(engine::TreesFamily(make_options(a)), range, a.common, out, ctx);
}

}  // namespace

void register_verify_trees(const CommandTree& tree) {
  auto a = std::make_shared<VerifyTreesArgs>();
  auto* sub = tree.verify->add_subcommand("trees", "gather/scatter trees (seed 001)");
  add_common_verify_flags(sub, a->common);
  sub->add_option("--dist", a->dist, "a distribution or all (default)")->type_name(value::kName);
  add_int_flag(sub, "--b", a->b, 1, kNoMax, "average block size (default 100)");
  add_int_flag(sub, "--alpha", a->alpha, 0, kNoMax, "latency (default 100)");
  add_int_flag(sub, "--beta", a->beta, 0, kNoMax, "time per unit (default 1)");
  sub->add_option_function<std::string>(
      "--gamma",
      [a](const std::string& text) { a->gammas = parse_int_list("--gamma", text, 0); },
      "copy costs to try, comma-separated (default 1,0)")
      ->type_name(value::kList);
  add_int_flag(sub, "--lambda", a->lambda, 1, kNoMax, "spikes/skewed parameter (default 5)");
  add_int_flag(sub, "--seed", a->seed, 0, kNoMax, "seed of the random distributions (default 1)");
  add_int_flag(sub, "--brute-max-p", a->brute_max_p, 0, 9,
               "compare the DPs with all ordered trees up to this p (default 7)");
  tree.commands->push_back(
      {sub, [a](const CommandContext& ctx) { return run_verify_trees(*a, ctx); }, true});
}

ConstructionSummary campaign_trees(const CampaignOptions& c, bool& complete) {
  VerifyTreesArgs a;
  const std::int64_t top = c.quick ? 16 : 120;
  if (c.quick) a.brute_max_p = 6;
  std::fprintf(stderr,
               "campaign: trees for p = 1..%lld, 11 distributions, gamma in {1, 0}, brute force "
               "up to p = %lld\n",
               static_cast<long long>(top), static_cast<long long>(a.brute_max_p));
  return run_campaign_family(engine::TreesFamily(make_options(a)),
                             PRange::parse(fmt::format("1..{}", top)), c, complete);
}

ConstructionSummary campaign_trees_binary_per_pair(const CampaignOptions& c, bool& complete) {
  const std::int64_t top = c.quick ? 8 : 40;
  engine::BinaryPerPairOptions o;
  std::fprintf(stderr,
               "campaign: Theorem 3's per-pair binary DP for p = 1..%lld, %lld problems per p, "
               "brute force up to p = %lld\n",
               static_cast<long long>(top), static_cast<long long>(o.instances),
               static_cast<long long>(o.brute_max_p));
  return run_campaign_family(engine::BinaryPerPairFamily(o),
                             PRange::parse(fmt::format("1..{}", top)), c, complete);
}

}  // namespace collverify::cli
