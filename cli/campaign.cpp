#include "cli/campaign.hpp"

#include <cstdio>
#include <memory>
#include <string>

#include "families/common/parse.hpp"
#include "families/common/spelling.hpp"

namespace collverify::cli {
namespace {

struct CampaignArgs {
  bool quick = false;
  std::string report = "reports/out";
  int jobs = 1;
  std::string format = "json,junit,md,html";
  bool github = false;
};

// The report directory is prepared (and locked) before the parts are listed: a --report that
// cannot be written is named even when a part cannot be listed (the example programs not built).
RunOutput campaign_output(const CampaignArgs& a) {
  CommonVerifyArgs common;
  common.jobs = a.jobs;
  common.report = a.report;
  // The campaign always writes a report (default reports/out), so --format needs no --report.
  common.format = a.format;
  common.github = a.github;
  common.junit_chunk = a.quick ? 1 : 64;
  return prepare_run_output(common);
}

int run_campaign(const CampaignArgs& a, const RunOutput& out,
                 const std::vector<CampaignPart>& parts, const CommandContext& ctx) {
  CampaignOptions c{a.quick, a.jobs, ctx.interrupted};
  std::vector<ConstructionSummary> summaries;
  bool complete = true;
  std::size_t next = 0;
  for (; next < parts.size(); ++next) {
    if (ctx.interrupted != nullptr && ctx.interrupted->load()) {
      complete = false;
      break;
    }
    summaries.push_back(parts[next].run(c, complete));
  }
  const int code = finish_constructions(std::move(summaries), complete, ctx.command_line, out);
  // A stop between two parts left no part half done: say which parts never started, or the
  // output would list only finished parts (the reports' run is marked incomplete either way).
  if (next < parts.size()) {
    std::string names;
    for (std::size_t i = next; i < parts.size(); ++i) {
      names.append(i == next ? "" : ", ").append(parts[i].name);
    }
    std::printf("not checked: %zu campaign part%s not started (interrupted): %s\n",
                parts.size() - next, parts.size() - next == 1 ? "" : "s", names.c_str());
  }
  return code;
}

}  // namespace

void register_campaign_command(const CommandTree& tree,
                               const std::vector<std::unique_ptr<families::Module>>& modules) {
  auto a = std::make_shared<CampaignArgs>();
  a->jobs = default_jobs();
  auto* sub = tree.app->add_subcommand("campaign", "the default CI verification campaign");
  sub->add_flag("--quick", a->quick, "small p only");
  add_report_option(sub, a->report, "report directory (default reports/out)");
  add_int_flag(sub, "-j,--jobs", a->jobs, 1, kMaxJobs, "worker threads (default: hardware threads)");
  sub->add_option("-f,--format", a->format,
                  "report formats: json,junit,md,html (default all four)")
      ->type_name(value::kList);
  sub->add_flag("--github", a->github, "print GitHub workflow annotations and a step summary");
  std::vector<const families::Module*> list;
  for (const auto& m : modules) list.push_back(m.get());
  tree.commands->push_back({sub,
                            [a, list](const CommandContext& ctx) {
                              const RunOutput out = campaign_output(*a);
                              // Listed when the campaign runs: a part may need what is built
                              // beside collverify (the program route's example programs).
                              std::vector<CampaignPart> parts;
                              for (const families::Module* m : list) {
                                for (CampaignPart& p : m->campaign()) parts.push_back(std::move(p));
                              }
                              return run_campaign(*a, out, parts, ctx);
                            },
                            true});
}

}  // namespace collverify::cli
