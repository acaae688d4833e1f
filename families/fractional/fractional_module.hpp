// The fractional-tree family of seed 002 on the command line (families/module.hpp): `schedule
// fractional`, `verify fractional`, `verify fractional-embed`, `fractional` (the cost model),
// and its parts of the campaign.
#pragma once

#include <memory>

#include "families/module.hpp"

namespace collverify::families::fractional {

std::unique_ptr<Module> make_module();

}  // namespace collverify::families::fractional
