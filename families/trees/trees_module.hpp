// The gather/scatter tree family of seed 001 on the command line (families/module.hpp): `trees`,
// `verify trees`, `solve`, `reduce partition`, and its part of the campaign.
#pragma once

#include <memory>

#include "families/module.hpp"

namespace collverify::families::trees {

std::unique_ptr<Module> make_module();

}  // namespace collverify::families::trees
