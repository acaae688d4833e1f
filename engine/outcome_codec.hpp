// One p's Outcome as one line of JSON, for the ranks of a distributed run to exchange and for the
// journal of completed p (docs/DESIGN.md "Distributed verification"). Everything the summary is
// made of travels: status, instance count and results, every violation, the excerpt, complete,
// seconds. kNone is null. decode(encode(p, o)) == (p, o) field by field (tests/engine/
// outcome_codec_test.cpp, random outcomes).
// Example: encode_outcome(5, {pass, 1 instance}) ==
//   {"p":5,"status":"pass","instances":1,"results":[],"violations":[],"excerpt":null,...}
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "engine/family.hpp"

namespace collverify::engine {

std::string encode_outcome(std::int64_t p, const Outcome& outcome);

// Throws InputError naming what is wrong when `line` is not an encoded outcome.
std::pair<std::int64_t, Outcome> decode_outcome(const std::string& line);

}  // namespace collverify::engine
