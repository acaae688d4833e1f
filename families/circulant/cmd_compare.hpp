// Registers `compare bcast` (cmd_compare.cpp): both built-in circulant broadcast constructions
// side by side, each checked by the fast checker, with the p where their tables differ.
#pragma once

#include "families/common/command.hpp"

namespace collverify::cli {

void register_compare_commands(const CommandTree& tree);

}  // namespace collverify::cli
