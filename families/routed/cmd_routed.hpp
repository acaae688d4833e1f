// Registers `verify routed --schedule-file F.json`: a user's routed schedule (collverify-routed/1,
// docs/FORMATS.md) judged by the routed checker on the network it names.
#pragma once

#include "families/common/command.hpp"

namespace collverify::cli {

void register_routed_commands(const CommandTree& tree);

}  // namespace collverify::cli
