// `verify program` and the program route's campaign part (families/module.hpp).
#pragma once

#include <memory>

#include "families/module.hpp"

namespace collverify::families::program {

std::unique_ptr<Module> make_module();

}  // namespace collverify::families::program
