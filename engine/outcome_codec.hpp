// One p's Outcome as one line of JSON, for the ranks of a distributed run to exchange and for the
// journal of completed p (docs/DESIGN.md "Distributed verification"). Everything the summary is
// made of travels: status, instance count and results, every violation, the excerpt, complete,
// seconds, the family's data. kNone is null. decode(encode(p, o)) == (p, o) field by field
// (tests/engine/distributed_run_test.cpp, random outcomes).
// Versions: a record carries "version" (kOutcomeCodecVersion). Version 1 (no "version" key, as
// written before) had no "data": it decodes with empty family_data. A record of a later version
// than this build reads is refused (InputError naming both), never half read.
// Example: encode_outcome(5, {pass, 1 instance}) ==
//   {"version":2,"p":5,"status":"pass","instances":1,"results":[],"violations":[],...,"data":""}
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "engine/family.hpp"

namespace collverify::engine {

inline constexpr int kOutcomeCodecVersion = 2;

std::string encode_outcome(std::int64_t p, const Outcome& outcome);

// Throws InputError naming what is wrong when `line` is not an encoded outcome.
std::pair<std::int64_t, Outcome> decode_outcome(const std::string& line);

}  // namespace collverify::engine
