// What cli/ needs of a family (docs/DESIGN.md "How to add a family"): the flags of its
// `verify <name>` subcommand, the engine::Family those flags make, and its part of `campaign`.
// Each family lives in its own folder families/<name>/ and is listed once in registry.cpp; cli/
// never learns a family's name.
#pragma once

#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

#include "engine/family.hpp"

namespace collverify::families {

// A family ready to run over a range of p.
struct Plan {
  std::unique_ptr<engine::Family> family;
  std::string range;   // the p range (the default when the user gave no --p)
  std::string banner;  // one line for stderr before the run
};

class Module {
 public:
  virtual ~Module() = default;
  virtual std::string name() const = 0;  // `verify <name>`
  virtual std::string help() const = 0;  // one line, in the user's words
  // Adds the family's own flags to `verify <name>` (the common ones are cli/'s); the values are
  // kept in the module until plan() reads them.
  virtual void add_flags(CLI::App& sub) = 0;
  // The family and range the parsed flags ask for; `p` is --p as given (may be empty). Throws
  // InputError naming a bad value.
  virtual Plan plan(const std::string& p) const = 0;
  // The family's parts of `campaign` (none: the family is not in the campaign).
  virtual std::vector<Plan> campaign(bool /*quick*/) const { return {}; }

  // For the contract test every family passes (tests/families/contract_test.cpp): the flag words
  // (after `verify <name>`) and p range of a run that must pass, and of one on a mutant of the
  // family that must fail.
  struct Example {
    std::vector<std::string> args;
    std::string range;
  };
  virtual Example passing_example() const = 0;
  virtual Example failing_example() const = 0;
};

// The registry: one instance of every family module, in campaign order.
std::vector<std::unique_ptr<Module>> make_modules();

}  // namespace collverify::families
