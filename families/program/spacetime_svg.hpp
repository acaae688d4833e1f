// The smallest failing instance of the program route as a space-time diagram: one lane per rank
// (at most 32 lanes: the ranks the witness involves first, then the lowest), one arrow per matched
// message placed by its round in the message dependency graph, the fault marked in red on its
// rank's lane, and below it the calls of the failing rank and of its last peer up to the fault.
#pragma once

#include <string>
#include <vector>

#include "model/verdict.hpp"
#include "program/world.hpp"

namespace collverify::families::program {

std::string spacetime_svg(const Violation& witness,
                          const std::vector<collverify::program::CallRecord>& calls,
                          const std::vector<collverify::program::MessageRecord>& messages);

}  // namespace collverify::families::program
