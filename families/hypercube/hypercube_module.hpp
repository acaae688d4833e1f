// The hypercube family of seed 004 on the command line (families/module.hpp): `schedule
// hypercube`, `verify hypercube`, and its part of the campaign.
#pragma once

#include <memory>

#include "families/module.hpp"

namespace collverify::families::hypercube {

std::unique_ptr<Module> make_module();

}  // namespace collverify::families::hypercube
