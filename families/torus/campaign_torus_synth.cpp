// The campaign part "torus-synth" (issue 11): synth tadt on small tori that Z3 answers in seconds
// (docs/RESULTS-tori.md "Z3 synthesis in the campaign"), through families/torus/torus_synth_family.hpp.
#include <cstdio>

#include "families/torus/cmd_torus.hpp"
#include "families/torus/torus_synth_family.hpp"
#include "generators/torus_sides.hpp"

namespace collverify::cli {

ConstructionSummary campaign_torus_synth(const CampaignOptions& c, bool& complete) {
  const std::string sides = c.quick ? "3x4,4x6,2x3x3,3x3x3" : "3x4,4x4,4x6,6x6,2x3x3,3x3x3,4x4x4";
  std::fprintf(stderr, "campaign: torus synth (Z3) for %s\n", sides.c_str());
  const engine::TorusSynthFamily family(parse_torus_sides(sides));
  return run_campaign_family(family, PRange::parse(family.p_range_text()), c, complete);
}

}  // namespace collverify::cli
