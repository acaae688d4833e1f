// A plain description of the command tree read from the CLI11 definitions: every command (a path
// such as "verify bcast"), its help line and its flags with their names, value type, help text and
// aliases (families/common/spelling.hpp). The shell completion, the man page and the tests of the
// command line (tests/cli/command_line_test.cpp) are made from it, so none of them can list a
// flag the parser does not take, or miss one it does.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace collverify::cli {

struct FlagInfo {
  std::vector<std::string> names;    // "-p", "--p": short names first
  std::vector<std::string> aliases;  // older spellings, each its own hidden option ("--P")
  std::string type;                  // "RANGE", "INT", "text|json"; empty for a switch
  std::string help;
  bool required = false;
  bool hidden = false;  // not shown in help (an internal or refused flag)
};

struct CommandInfo {
  std::string path;  // "verify bcast"; "" for collverify itself
  std::string help;
  std::vector<std::string> subcommands;  // names of the commands one level down
  std::vector<FlagInfo> flags;           // without --help
  const CLI::App* app = nullptr;
};

// Every command of the tree, parents before children, in registration order.
std::vector<CommandInfo> walk_commands(const CLI::App& app);

// The visible flags of a command (neither hidden nor aliases).
std::vector<const FlagInfo*> visible_flags(const CommandInfo& c);

}  // namespace collverify::cli
