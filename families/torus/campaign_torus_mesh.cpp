// The campaign parts of issue 23: "mesh-tadt" (explicit TADTs on 2D and 3D meshes of every size,
// reference/torus/mesh_tadt.hpp) and "torus-kport" (Lemma 8 for every k on tori), each judged by
// its two checkers (families/torus/torus_mesh_family.hpp, torus_kport_family.hpp).
#include <cstdio>
#include <string>

#include "families/torus/cmd_torus.hpp"
#include "families/torus/torus_kport_family.hpp"
#include "families/torus/torus_mesh_family.hpp"
#include "generators/torus_sides.hpp"

namespace collverify::cli {

namespace {

// Every a x b with 2 <= a <= b <= top (a comma list), then `more`.
std::string rectangles(std::int64_t top, const std::string& more) {
  std::string out;
  for (std::int64_t a = 2; a <= top; ++a) {
    for (std::int64_t b = a; b <= top; ++b) {
      out.append(std::to_string(a)).append("x").append(std::to_string(b)).append(",");
    }
  }
  return out.append(more);
}

}  // namespace

ConstructionSummary campaign_torus_mesh(const CampaignOptions& c, bool& complete) {
  const std::string sides =
      c.quick ? rectangles(8, "2x2x2..5x5x5,2x3x4,3x4x5")
              : rectangles(24, "32x32,40x40,2x2x2..10x10x10,2x3x4,3x4x5,4x5x6,2x5x9,3x6x8");
  std::fprintf(stderr, "campaign: mesh tadt for %zu characters of sides\n", sides.size());
  const engine::TorusMeshTadtFamily family(parse_torus_sides(sides));
  return run_campaign_family(family, PRange::parse(family.p_range_text()), c, complete);
}

ConstructionSummary campaign_torus_kport(const CampaignOptions& c, bool& complete) {
  const std::string sides = c.quick ? "3x3..9x9,3x4,4x6,2x3x3,3x3x3,4x4x4"
                                    : "3x3..41x41,3x4,4x6,5x8,6x10,12x30,2x3x3,3x4x5,4x6x8,3x3x3..9x9x9";
  std::fprintf(stderr, "campaign: torus kport for %s\n", sides.c_str());
  const engine::TorusKportFamily family(parse_torus_sides(sides));
  return run_campaign_family(family, PRange::parse(family.p_range_text()), c, complete);
}

}  // namespace collverify::cli
