// The torus families of seeds 003 and 004 on the command line (families/module.hpp): `schedule
// torus`, `verify torus`, `synth tadt`, and their parts of the campaign.
#pragma once

#include <memory>

#include "families/module.hpp"

namespace collverify::families::torus {

std::unique_ptr<Module> make_module();

}  // namespace collverify::families::torus
