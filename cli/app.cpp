#include "cli/app.hpp"

#include "cli/campaign.hpp"
#include "families/common/parse.hpp"

namespace collverify::cli {

std::unique_ptr<CliApp> make_cli_app(const std::string& version) {
  auto c = std::make_unique<CliApp>();
  CLI::App& app = c->app;
  app.name("collverify");
  // A subcommand is required, checked in main.cpp: --completion and --man run without one.
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", version);
  c->schedule = app.add_subcommand("schedule", "print a construction's schedule");
  c->schedule->require_subcommand(1);
  c->verify = app.add_subcommand("verify", "verify a construction over a range of p");
  c->verify->require_subcommand(1);
  const CommandTree tree{&app, c->schedule, c->verify, &c->commands};
  // Every family's commands (families/registry.cpp), then the campaign of all of them.
  c->modules = families::make_modules();
  for (const auto& m : c->modules) m->register_commands(tree);
  register_campaign_command(tree, c->modules);
  // After every registration: every option that takes a value refuses the empty string.
  refuse_empty_values(app);
  return c;
}

std::string command_path(const CLI::App& sub) {
  std::string path;
  for (const CLI::App* a = &sub; a != nullptr; a = a->get_parent()) {
    path.insert(0, a->get_parent() == nullptr ? "collverify" : a->get_name());
    if (a->get_parent() != nullptr) path.insert(0, " ");
  }
  return path;
}

const CLI::App& parsed_command(const CLI::App& app) {
  for (const CLI::App* sub : app.get_subcommands()) return parsed_command(*sub);
  return app;
}

}  // namespace collverify::cli
