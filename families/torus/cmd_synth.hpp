// Registers `synth tadt --sides AxB[xC] [--mesh] [--rlimit N] [--prove-bound] [--no-symmetric]
// [--no-implied] [--format text|json]`: Z3 synthesis of time-arc-disjoint trees of minimum height
// (proofs/tadt_synth.hpp), the tree(s) by level and the proof status. Exit: 0 optimal (re-checked,
// height proved minimal), 1 Z3's tree failed the re-check, 2 bad input, 3 inconclusive.
#pragma once

#include "families/common/command.hpp"

namespace collverify::cli {

void register_synth_commands(const CommandTree& tree);

}  // namespace collverify::cli
