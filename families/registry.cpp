// The families, one line each (docs/DESIGN.md "How to add a family"), in campaign order.
#include "families/circulant/circulant_module.hpp"
#include "families/fractional/fractional_module.hpp"
#include "families/hypercube/hypercube_module.hpp"
#include "families/module.hpp"
#include "families/program/program_module.hpp"
#include "families/routed/routed_module.hpp"
#include "families/torus/torus_module.hpp"
#include "families/trees/trees_module.hpp"

namespace collverify::families {

std::vector<std::unique_ptr<Module>> make_modules() {
  std::vector<std::unique_ptr<Module>> modules;
  modules.push_back(circulant::make_module());
  modules.push_back(trees::make_module());
  modules.push_back(hypercube::make_module());
  modules.push_back(fractional::make_module());
  modules.push_back(torus::make_module());
  modules.push_back(routed::make_module());
  modules.push_back(program::make_module());
  return modules;
}

}  // namespace collverify::families
