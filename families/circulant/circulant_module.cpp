// The circulant family's module (circulant_module.hpp).
#include "families/circulant/circulant_module.hpp"

#include "families/circulant/bcast_family.hpp"
#include "families/circulant/cmd_bcast.hpp"
#include "families/circulant/cmd_collectives.hpp"
#include "families/circulant/cmd_compare.hpp"
#include "families/circulant/cmd_proofs.hpp"
#include "families/circulant/collective_family.hpp"
#include "families/circulant/schedule_source.hpp"

namespace collverify::families::circulant {
namespace {

class CirculantModule final : public Module {
 public:
  std::string name() const override { return "circulant"; }
  std::string help() const override {
    return "the circulant n-block broadcast of seed 000 and its allgather, census and allgatherv";
  }
  void register_commands(const cli::CommandTree& tree) override {
    cli::register_bcast_commands(tree);
    cli::register_proofs_commands(tree);
    cli::register_collective_commands(tree);
    cli::register_compare_commands(tree);
  }
  std::vector<cli::CampaignPart> campaign() const override {
    return {{"bcast", cli::campaign_bcast},
            {"bcast-alg45", cli::campaign_bcast_alg45},
            {"allgather", cli::campaign_allgather},
            {"census", cli::campaign_census},
            {"allgatherv", cli::campaign_allgatherv}};
  }
  // The mutant is the paper's own: Algorithm 9 as printed (dummy rounds, docs/ERRATA.md) fails
  // at the erratum's witness.
  Examples examples() const override {
    Examples e;
    std::shared_ptr<engine::ScheduleSource> source = engine::reference_source();
    e.pass.family = std::make_unique<engine::BcastFamily>(*source, engine::BcastOptions{});
    e.pass.keep = source;
    e.pass.range = "2..40";
    engine::CollectiveOptions o;
    o.what = engine::Collective::allgatherv;
    o.readings = {collverify::circulant::Transcription::literal,
                  collverify::circulant::Transcription::corrected};
    e.fail.family = std::make_unique<engine::CollectiveFamily>(o);
    e.fail.range = "1..12";
    return e;
  }
};

}  // namespace

std::unique_ptr<Module> make_module() { return std::make_unique<CirculantModule>(); }

}  // namespace collverify::families::circulant
