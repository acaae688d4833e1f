// `verify <family>` for every family of families/ (families/module.hpp): the common verify flags,
// the family's own flags, and the run through the engine. Nothing here names a family.
#include "cli/cmd_families.hpp"

#include <cstdio>
#include <memory>

#include "families/module.hpp"

namespace collverify::cli {

void register_family_commands(const CommandTree& tree) {
  for (auto& owned : families::make_modules()) {
    std::shared_ptr<families::Module> module(std::move(owned));
    auto args = std::make_shared<CommonVerifyArgs>();
    CLI::App* sub = tree.verify->add_subcommand(module->name(), module->help());
    add_common_verify_flags(sub, *args);
    module->add_flags(*sub);
    tree.commands->push_back(
        {sub,
         [module, args](const CommandContext& ctx) {
           families::Plan plan = module->plan(args->p);
           const PRange range = PRange::parse(plan.range);
           CommonVerifyArgs a = *args;
           a.p = plan.range;
           const RunOutput out = prepare_run_output(a);
           std::fprintf(stderr, "%s\n", plan.banner.c_str());
           return verify_family(*plan.family, range, a, out, ctx);
         },
         true});
  }
}

std::vector<ConstructionSummary> run_family_campaigns(const CampaignOptions& c, bool& complete) {
  std::vector<ConstructionSummary> out;
  for (const auto& module : families::make_modules()) {
    for (families::Plan& plan : module->campaign(c.quick)) {
      if (c.interrupted != nullptr && c.interrupted->load()) {
        complete = false;
        return out;
      }
      std::fprintf(stderr, "%s\n", plan.banner.c_str());
      out.push_back(run_campaign_family(*plan.family, PRange::parse(plan.range), c, complete));
    }
  }
  return out;
}

}  // namespace collverify::cli
