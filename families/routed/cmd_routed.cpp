// `verify routed --schedule-file F.json [common flags]`: reads the schedule (bad input: exit 2),
// runs it through the engine's RoutedFamily (one instance, p = the network's node count) and
// prints the verdict with the smallest witness (exit 0 pass, 1 violation).
#include <cstdio>
#include <memory>

#include <fmt/format.h>

#include "families/routed/cmd_routed.hpp"
#include "families/routed/routed_family.hpp"
#include "generators/external/routed_json.hpp"
#include "families/common/spelling.hpp"
#include "model/error.hpp"

namespace collverify::cli {
namespace {

struct RoutedArgs {
  CommonVerifyArgs common;
  std::string schedule_file;
};

int run_verify(const RoutedArgs& a, const CommandContext& ctx) {
  if (a.schedule_file.empty()) throw InputError("verify routed needs --schedule-file F.json");
  const network::RoutedSchedule s = read_routed_json(a.schedule_file);
  const network::Network net = network::Network::from_spec(s.network);
  const RunOutput out = prepare_run_output(a.common);
  const engine::RoutedFamily family(net, s, a.schedule_file);
  const PRange range = a.common.p.empty() ? PRange::single(net.nodes()) : PRange::parse(a.common.p);
  const std::string banner =
      fmt::format("routed: {}, {}, {} rounds, lower bound {} rounds\n", a.schedule_file,
                  family.coverage().parameters, s.rounds.size(), family.lower_bound());
  return verify_family(family, range, a.common, out, ctx, banner);
}

}  // namespace

void register_routed_commands(const CommandTree& tree) {
  auto va = std::make_shared<RoutedArgs>();
  auto* sub = tree.verify->add_subcommand(
      "routed", "a routed schedule on a network (collverify-routed/1 JSON, docs/FORMATS.md)");
  // p is the network's node count, fixed by the file: --p is read (a p other than the node
  // count is refused by name) but not offered.
  add_common_verify_flags(sub, va->common, PFlag::hidden);
  sub->add_option("--schedule-file", va->schedule_file, "the routed schedule (JSON)")
      ->required()
      ->type_name(value::kPath);
  tree.commands->push_back({sub, [va](const CommandContext& ctx) { return run_verify(*va, ctx); }, true});
}

}  // namespace collverify::cli
