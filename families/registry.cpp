// The families of collverify's new layout, one line each (docs/DESIGN.md "How to add a family").
// The older families are still wired in cli/ and engine/ until they move here (issue 21).
#include "families/module.hpp"
#include "families/program/program_module.hpp"

namespace collverify::families {

std::vector<std::unique_ptr<Module>> make_modules() {
  std::vector<std::unique_ptr<Module>> modules;
  modules.push_back(program::make_module());
  return modules;
}

}  // namespace collverify::families
