// The routed family's module (routed_module.hpp).
#include "families/routed/routed_module.hpp"

#include "families/common/data_dir.hpp"
#include "families/routed/cmd_routed.hpp"
#include "families/routed/routed_family.hpp"
#include "generators/external/routed_json.hpp"

namespace collverify::families::routed {
namespace {

// A routed schedule file and its network; the family refers to both.
struct Loaded {
  network::RoutedSchedule schedule;
  network::Network net;
  explicit Loaded(const std::string& file)
      : schedule(read_routed_json(file)), net(network::Network::from_spec(schedule.network)) {}
};

Plan plan_of(const std::string& file) {
  // share/collverify/routed of an installed tree, else the clone's examples/routed.
  const std::string path =
      (cli::campaign_data_dir(COLLVERIFY_INSTALLED_ROUTED, COLLVERIFY_EXAMPLES_DIR "/routed") / file)
          .string();
  auto loaded = std::make_shared<const Loaded>(path);
  Plan p;
  p.family = std::make_unique<engine::RoutedFamily>(loaded->net, loaded->schedule, path);
  p.range = std::to_string(loaded->net.nodes());
  p.keep = loaded;
  return p;
}

class RoutedModule final : public Module {
 public:
  std::string name() const override { return "routed"; }
  std::string help() const override {
    return "a routed schedule on a network (collverify-routed/1 JSON, docs/FORMATS.md)";
  }
  void register_commands(const cli::CommandTree& tree) override {
    cli::register_routed_commands(tree);
  }
  // The example files of examples/routed: the hypercube's one-to-all broadcast, and the same
  // with a message forwarded before it arrived.
  Examples examples() const override {
    return {plan_of("hypercube3_oab.json"), plan_of("hypercube3_oab_early_forward.json")};
  }
};

}  // namespace

std::unique_ptr<Module> make_module() { return std::make_unique<RoutedModule>(); }

}  // namespace collverify::families::routed
