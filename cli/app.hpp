// The whole `collverify` command tree, built once from every family's registration
// (families/registry.cpp) and the campaign: what main.cpp parses, and what the help checks, the
// shell completion and the man page walk (cli/walk.hpp), so all of them read one definition.
#pragma once

#include <CLI/CLI.hpp>

#include <memory>
#include <vector>

#include "families/common/command.hpp"
#include "families/module.hpp"

namespace collverify::cli {

struct CliApp {
  CLI::App app{"collverify: verification of collective communication schedules"};
  CLI::App* schedule = nullptr;
  CLI::App* verify = nullptr;
  std::vector<Command> commands;
  // The modules live as long as the app: their commands refer to them.
  std::vector<std::unique_ptr<families::Module>> modules;
};

// Builds the tree; `version` is what --version prints.
std::unique_ptr<CliApp> make_cli_app(const std::string& version);

// `collverify verify bcast`: the command line that names `sub` (for "see ... --help").
std::string command_path(const CLI::App& sub);

// The deepest subcommand of `app` that the last parse entered (`app` itself if none).
const CLI::App& parsed_command(const CLI::App& app);

}  // namespace collverify::cli
