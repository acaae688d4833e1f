// The circulant family of seed 000 on the command line (families/module.hpp): `schedule bcast`,
// `verify bcast|allgather|census|allgatherv`, `compare bcast`, `prove`, `count-schedules`, and
// its parts of the campaign.
#pragma once

#include <memory>

#include "families/module.hpp"

namespace collverify::families::circulant {

std::unique_ptr<Module> make_module();

}  // namespace collverify::families::circulant
