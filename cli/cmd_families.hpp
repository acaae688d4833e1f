// The families of families/ on the command line: `verify <name>` for each, and their campaign
// parts (cmd_families.cpp).
#pragma once

#include <vector>

#include "cli/command.hpp"

namespace collverify::cli {

void register_family_commands(const CommandTree& tree);
// Runs every family's campaign parts after the older ones (campaign.cpp).
std::vector<ConstructionSummary> run_family_campaigns(const CampaignOptions& c, bool& complete);

}  // namespace collverify::cli
