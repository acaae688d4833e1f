// Broadcasts from a root other than rank 0 (plugin ABI 2, `verify bcast --root R`). A library
// that maps ranks relative to the root gives rank r the rows of virtual rank v = (r - root) mod p.
// Relabelling r -> (r - root) mod p maps the circulant onto itself (partners r +- skips[k] go to
// v +- skips[k]), so the tables as executed broadcast correctly from `root` exactly when the
// un-rotated tables, U[v] = T[(v + root) mod p], broadcast correctly from rank 0: the checkers
// judge U, and a mapping bug that breaks the broadcast is found there, its witness in virtual
// ranks. root_mapping_violation() is the second, direct check: U must equal the plugin's own
// tables for root 0, entry by entry (the root's recv row excepted, it means nothing), so a
// mapping bug is named at its rank and round even where the wrong rows still happen to work.
//
// Cost: O(p q) time and 2 p q bytes for the rotated copy.
//
// Example: p = 4, root = 1: U's row 0 is T's row 1, U's row 3 is T's row 0.
#pragma once

#include <cstdint>

#include "model/circulant_schedule.hpp"
#include "model/verdict.hpp"

namespace collverify::engine {

// U[v] = T[(v + root) mod p] for recv and send; skips and baseblocks kept. 0 <= root < p.
CirculantSchedule unrotate(const CirculantSchedule& t, std::int64_t root);

// The first (smallest virtual rank, then round, recv before send) entry where `unrotated` (the
// tables for `root`, un-rotated) differs from `root0` (the tables for root 0), as a violation of
// property "root_mapping" with rank = the virtual rank, round = k, block = the entry for `root`;
// nullopt when they agree. Both tables of the same p.
Verdict root_mapping_violation(const CirculantSchedule& root0, const CirculantSchedule& unrotated,
                               std::int64_t root);

}  // namespace collverify::engine
