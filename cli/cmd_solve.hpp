// Registers `solve nonordered` and `reduce partition` (seed 001, Section 4: exact solving of
// NP-hard gather tree instances with the subset DP and Z3).
#pragma once

#include "cli/command.hpp"

namespace collverify::cli {

void register_solve_commands(const CommandTree& tree);

}  // namespace collverify::cli
