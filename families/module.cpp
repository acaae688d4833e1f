// The default commands of a family (module.hpp): `verify <name>` from add_flags() and plan().
#include "families/module.hpp"

#include <cstdio>
#include <utility>

#include "model/error.hpp"

namespace collverify::families {

Plan Module::plan(const std::string& /*p*/) const {
  throw InputError("verify " + name() + " takes no flags of its own");  // overridden with add_flags
}

void Module::register_commands(const cli::CommandTree& tree) {
  auto args = std::make_shared<cli::CommonVerifyArgs>();
  CLI::App* sub = tree.verify->add_subcommand(name(), help());
  cli::add_common_verify_flags(sub, *args);
  add_flags(*sub);
  tree.commands->push_back(
      {sub,
       [this, args](const cli::CommandContext& ctx) {
         Plan p = plan(args->p);
         const PRange range = PRange::parse(p.range);
         cli::CommonVerifyArgs a = *args;
         a.p = p.range;
         const cli::RunOutput out = cli::prepare_run_output(a);
         std::fprintf(stderr, "%s\n", p.banner.c_str());
         return cli::verify_family(*p.family, range, a, out, ctx);
       },
       true});
}

cli::CampaignPart campaign_part(std::string name, std::function<Plan(bool quick)> make) {
  return {std::move(name), [make = std::move(make)](const cli::CampaignOptions& c, bool& complete) {
            const Plan p = make(c.quick);
            std::fprintf(stderr, "%s\n", p.banner.c_str());
            return cli::run_campaign_family(*p.family, PRange::parse(p.range), c, complete);
          }};
}

}  // namespace collverify::families
