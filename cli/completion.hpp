// Shell completion for bash and zsh, and the man page, written from the command tree
// (cli/walk.hpp): `collverify --completion bash|zsh` and `collverify --man` print them, and
// cmake/Install.cmake installs what they print. Subcommands, flags (aliases too, so that older
// scripts' spellings complete) and the values of flags with a fixed set of words ("text|json")
// complete; PATH and DIR values complete as files and directories.
#pragma once

#include <string>
#include <vector>

#include "cli/walk.hpp"

namespace collverify::cli {

std::string bash_completion(const std::vector<CommandInfo>& commands);
std::string zsh_completion(const std::vector<CommandInfo>& commands);
std::string man_page(const std::vector<CommandInfo>& commands, const std::string& version);

}  // namespace collverify::cli
