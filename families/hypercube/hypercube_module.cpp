// The hypercube family's module (hypercube_module.hpp).
#include "families/hypercube/hypercube_module.hpp"

#include "families/common/mutant_family.hpp"
#include "families/hypercube/cmd_hypercube.hpp"
#include "families/hypercube/hypercube_family.hpp"
#include "generators/hypercube_mutants.hpp"
#include "reference/hypercube/aas.hpp"

namespace collverify::families::hypercube {
namespace {

namespace hc = collverify::hypercube;

// The optimal AAS schedule of the d-cube with one message forwarded a round before it arrived:
// both judges of the family (structural rules, routed simulation) must reject it.
std::vector<Violation> judge_forwarded_early(std::int64_t d) {
  const auto m = hc::mutate_forwarded_early(hc::aas_schedule(hc::AasVariant::optimal, static_cast<int>(d)));
  if (!m) return {};
  return engine::hypercube_violations(
      engine::judge_hypercube_schedule(engine::HypercubeAlgo::aas, m->value));
}

class HypercubeModule final : public Module {
 public:
  std::string name() const override { return "hypercube"; }
  std::string help() const override {
    return "broadcast and scatter on the all-port hypercube (seed 004)";
  }
  void register_commands(const cli::CommandTree& tree) override {
    cli::register_hypercube_commands(tree);
  }
  std::vector<cli::CampaignPart> campaign() const override {
    return {{"hypercube", cli::campaign_hypercube},
            {"hypercube-esbt", cli::campaign_hypercube_esbt}};
  }
  Examples examples() const override {
    Examples e;
    e.pass.family = std::make_unique<engine::HypercubeFamily>(std::vector<engine::HypercubeAlgo>{});
    e.pass.range = "1..5";
    auto base = std::make_shared<engine::HypercubeFamily>(std::vector<engine::HypercubeAlgo>{});
    e.fail.family = std::make_unique<MutantFamily>(base, judge_forwarded_early);
    e.fail.range = "2..5";
    return e;
  }
};

}  // namespace

std::unique_ptr<Module> make_module() { return std::make_unique<HypercubeModule>(); }

}  // namespace collverify::families::hypercube
