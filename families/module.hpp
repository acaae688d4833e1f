// What cli/ needs of a family (docs/DESIGN.md "How to add a family"): its commands (`verify
// <name>` and whatever else it offers), its parts of `campaign`, and a passing and a failing
// example for the contract every family keeps (tests/families/contract_test.cpp). Each family
// lives in its own folder families/<name>/ and is listed once in registry.cpp; cli/ never learns
// a family's name.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/family.hpp"
#include "families/common/command.hpp"

namespace collverify::families {

// A family ready to run over a range of p.
struct Plan {
  std::unique_ptr<engine::Family> family;
  std::string range;   // the p range (the default when the user gave no --p)
  std::string banner;  // one line for stderr before the run
  // What the family refers to and must outlive it (a schedule source, a list of tori).
  std::shared_ptr<const void> keep;
};

class Module {
 public:
  virtual ~Module() = default;
  virtual std::string name() const = 0;  // the family's name: `verify <name>` for most
  virtual std::string help() const = 0;  // one line, in the user's words

  // Adds the family's commands to the tree. The default is `verify <name>` with the common
  // verify flags, the flags of add_flags() and the family plan() makes of them; a family with
  // other commands (`schedule <name>`, top-level commands, several constructions) overrides it.
  // The module outlives the commands it registers (cli/ keeps it until the process ends).
  virtual void register_commands(const cli::CommandTree& tree);
  // For the default register_commands: the family's own flags (the values are kept in the
  // module until plan() reads them) and the family and range they ask for; `p` is --p as given
  // (may be empty). plan() throws InputError naming a bad value.
  virtual void add_flags(CLI::App& /*sub*/) {}
  virtual Plan plan(const std::string& p) const;

  // The family's parts of `campaign`, in order (none: the family is not in the campaign).
  virtual std::vector<cli::CampaignPart> campaign() const { return {}; }

  // For the contract test: a run that must pass, and one on a mutant of the family that must
  // fail with a witness.
  struct Examples {
    Plan pass;
    Plan fail;
  };
  virtual Examples examples() const = 0;
};

// A campaign part that runs the plan `make(quick)` makes, with its banner.
cli::CampaignPart campaign_part(std::string name, std::function<Plan(bool quick)> make);

// The registry: one instance of every family module, in campaign order.
std::vector<std::unique_ptr<Module>> make_modules();

}  // namespace collverify::families
