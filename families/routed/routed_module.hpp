// Users' routed schedules on the command line (families/module.hpp): `verify routed`.
#pragma once

#include <memory>

#include "families/module.hpp"

namespace collverify::families::routed {

std::unique_ptr<Module> make_module();

}  // namespace collverify::families::routed
