// The fractional-tree family's module (fractional_module.hpp).
#include "families/fractional/fractional_module.hpp"

#include "families/common/mutant_family.hpp"
#include "families/fractional/cmd_fractional.hpp"
#include "families/fractional/cmd_fractional_cost.hpp"
#include "families/fractional/fractional_family.hpp"
#include "generators/fractional_mutants.hpp"
#include "reference/fractional/broadcast.hpp"

namespace collverify::families::fractional {
namespace {

namespace fr = collverify::fractional;

// Figure 2's schedule (r = 2, s = 5) for P with one packet sent before it arrived: the family's
// checks of a built schedule must reject it.
std::vector<Violation> judge_sent_before_arrival(std::int64_t P) {
  const engine::FractionalInstance inst{fr::Layout::fractional, 2, 5, false, false};
  const fr::BroadcastResult b = fr::broadcast({fr::Layout::fractional, P, 2, 5, false});
  const auto m = fractional_mutants::sent_before_arrival(b.schedule);
  if (!m) return {};
  return engine::check_fractional_schedule(m->schedule, inst, 0);
}

class FractionalModule final : public Module {
 public:
  std::string name() const override { return "fractional"; }
  std::string help() const override {
    return "fractional trees of seed 002: chain, binary tree and fractional trees";
  }
  void register_commands(const cli::CommandTree& tree) override {
    cli::register_fractional_commands(tree);
    cli::register_fractional_cost_commands(tree);
  }
  std::vector<cli::CampaignPart> campaign() const override {
    return {{"fractional", cli::campaign_fractional},
            {"fractional-cost", cli::campaign_fractional_cost},
            {"fractional-embed", cli::campaign_fractional_embed}};
  }
  Examples examples() const override {
    Examples e;
    e.pass.family = std::make_unique<engine::FractionalFamily>();
    e.pass.range = "1..12";
    e.fail.family = std::make_unique<MutantFamily>(std::make_shared<engine::FractionalFamily>(),
                                                   judge_sent_before_arrival);
    e.fail.range = "6..12";
    return e;
  }
};

}  // namespace

std::unique_ptr<Module> make_module() { return std::make_unique<FractionalModule>(); }

}  // namespace collverify::families::fractional
