// The torus families' module (torus_module.hpp).
#include "families/torus/torus_module.hpp"

#include "families/common/mutant_family.hpp"
#include "families/torus/cmd_synth.hpp"
#include "families/torus/cmd_torus.hpp"
#include "families/torus/torus_algorithms.hpp"
#include "families/torus/torus_family.hpp"
#include "families/torus/torus_tadt_family.hpp"
#include "generators/tadt_mutants.hpp"
#include "model/network/network.hpp"
#include "reference/torus/tadt_builder.hpp"

namespace collverify::families::torus {
namespace {

const std::vector<TorusSides> kExampleTori{{3, 3}, {5, 5}, {4, 6}, {3, 3, 3}};

// The TADT generic tree of torus p of the list with two arcs of one level in the same direction:
// both checkers of the family (Lemma 11, the routed simulation) must reject it.
std::vector<Violation> judge_direction_clash(const engine::TorusFamily& family, std::int64_t p) {
  const TorusSides& sides = family.sides(p);
  const network::Network net = network::Network::torus(sides);
  const auto m = tadt_direction_clash(net, collverify::torus::tadt_tree_for(sides).tree);
  if (!m) return {};
  return engine::tadt_violations(engine::judge_tadt(net, m->tree), p);
}

class TorusModule final : public Module {
 public:
  std::string name() const override { return "torus"; }
  std::string help() const override {
    return "all-to-all broadcast on tori: TADT trees, Hamiltonian cycles, wormhole broadcasts";
  }
  void register_commands(const cli::CommandTree& tree) override {
    cli::register_torus_commands(tree);
    cli::register_synth_commands(tree);
  }
  std::vector<cli::CampaignPart> campaign() const override {
    return {{"torus-tadt", cli::campaign_torus},
            {"torus-hamilton", cli::campaign_torus_cycles},
            {"torus-diagonal", cli::campaign_torus_wormhole},
            {"torus-synth", cli::campaign_torus_synth},
            {"mesh-tadt", cli::campaign_torus_mesh},
            {"torus-kport", cli::campaign_torus_kport}};
  }
  Examples examples() const override {
    Examples e;
    e.pass.family = engine::make_torus_family(engine::TorusAlgo::tadt, kExampleTori);
    e.pass.range = "1..4";
    std::shared_ptr<const engine::TorusFamily> base =
        engine::make_torus_family(engine::TorusAlgo::tadt, kExampleTori);
    e.fail.family = std::make_unique<MutantFamily>(
        base, [base](std::int64_t p) { return judge_direction_clash(*base, p); });
    e.fail.range = "1..4";
    return e;
  }
};

}  // namespace

std::unique_ptr<Module> make_module() { return std::make_unique<TorusModule>(); }

}  // namespace collverify::families::torus
