// `campaign [--quick] [-o|--report DIR] [-j|--jobs N] [-f|--format LIST] [--github]`: the default CI verification campaign, every
// family's parts in registry order (families/registry.cpp), one report for all of them.
#pragma once

#include <memory>
#include <vector>

#include "families/common/command.hpp"
#include "families/module.hpp"

namespace collverify::cli {

void register_campaign_command(const CommandTree& tree,
                               const std::vector<std::unique_ptr<families::Module>>& modules);

}  // namespace collverify::cli
