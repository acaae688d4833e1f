#include "cli/cmd_families.hpp"
#include "cli/campaign.hpp"

#include <fmt/format.h>

#include <memory>

#include "cli/cmd_bcast.hpp"
#include "cli/cmd_collectives.hpp"
#include "cli/cmd_fractional.hpp"
#include "cli/cmd_fractional_cost.hpp"
#include "cli/cmd_hypercube.hpp"
#include "cli/cmd_torus.hpp"
#include "cli/cmd_trees.hpp"
#include "cli/parse.hpp"
#include "model/error.hpp"

namespace collverify::cli {

// Each family adds its part here, one line each.
std::vector<CampaignPart> campaign_parts() {
  std::vector<CampaignPart> parts;
  parts.push_back({"bcast", campaign_bcast});
  parts.push_back({"bcast-alg45", campaign_bcast_alg45});
  parts.push_back({"allgather", campaign_allgather});
  parts.push_back({"census", campaign_census});
  parts.push_back({"allgatherv", campaign_allgatherv});
  parts.push_back({"trees", campaign_trees});
  parts.push_back({"hypercube", campaign_hypercube});
  parts.push_back({"fractional", campaign_fractional});
  parts.push_back({"torus-tadt", campaign_torus});
  parts.push_back({"torus-hamilton", campaign_torus_cycles});
  parts.push_back({"torus-diagonal", campaign_torus_wormhole});
  parts.push_back({"torus-synth", campaign_torus_synth});
  parts.push_back({"fractional-cost", campaign_fractional_cost});
  parts.push_back({"fractional-embed", campaign_fractional_embed});
  return parts;
}

namespace {

struct CampaignArgs {
  bool quick = false;
  std::string report = "reports/out";
  int jobs = 1;
};

int run_campaign(const CampaignArgs& a, const CommandContext& ctx) {
  CommonVerifyArgs common;
  common.jobs = a.jobs;
  common.report = a.report;
  common.format = "json,junit,md,html";
  common.junit_chunk = a.quick ? 1 : 64;
  const RunOutput out = prepare_run_output(common);
  CampaignOptions c{a.quick, a.jobs, ctx.interrupted};
  std::vector<ConstructionSummary> summaries;
  bool complete = true;
  for (const auto& part : campaign_parts()) {
    if (ctx.interrupted != nullptr && ctx.interrupted->load()) {
      complete = false;
      break;
    }
    summaries.push_back(part.run(c, complete));
  }
  if (complete) {
    for (ConstructionSummary& s : run_family_campaigns(c, complete)) summaries.push_back(std::move(s));
  }
  return finish_constructions(std::move(summaries), complete, ctx.command_line, out);
}

}  // namespace

void register_campaign_command(const CommandTree& tree) {
  auto a = std::make_shared<CampaignArgs>();
  a->jobs = default_jobs();
  auto* sub = tree.app->add_subcommand("campaign", "the default CI verification campaign");
  sub->add_flag("--quick", a->quick, "small p only");
  sub->add_option("--report", a->report, "report directory (default reports/out)");
  add_int_flag(sub, "--jobs", a->jobs, 1, kMaxJobs, "worker threads");
  tree.commands->push_back({sub, [a](const CommandContext& ctx) { return run_campaign(*a, ctx); }, true});
}

}  // namespace collverify::cli
