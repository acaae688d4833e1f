// `campaign [--quick] [--report DIR] [--jobs N]`: the default CI verification campaign, every
// construction's part in turn (campaign_parts), one report for all of them.
#pragma once

#include "cli/command.hpp"

namespace collverify::cli {

std::vector<CampaignPart> campaign_parts();
void register_campaign_command(const CommandTree& tree);

}  // namespace collverify::cli
