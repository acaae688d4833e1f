// Registers the Z3 commands of the circulant family: `prove skips`, `prove bcast` and
// `count-schedules` (proofs/circulant/).
#pragma once

#include "families/common/command.hpp"

namespace collverify::cli {

void register_proofs_commands(const CommandTree& tree);

}  // namespace collverify::cli
