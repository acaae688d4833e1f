// `schedule fractional --layout chain|binary|fractional --P P [--r R] --s S [--simplex]
// [--format table|json]` and `verify fractional --P RANGE [common flags]`: flags parsed here;
// the schedule from reference/fractional, its timing from checkers/fractional, the JSON from
// generators/external/routed_json.hpp, the run from engine/fractional_family.hpp.
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>

#include <fmt/format.h>

#include "checkers/fractional/timing.hpp"
#include "cli/cmd_fractional.hpp"
#include "cli/parse.hpp"
#include "engine/fractional_family.hpp"
#include "generators/external/routed_json.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/fractional/broadcast.hpp"

namespace collverify::cli {
namespace {

namespace fr = fractional;
namespace fc = fractional_check;

constexpr std::int64_t kFlagMax = std::numeric_limits<std::int64_t>::max();

struct ScheduleArgs {
  std::string layout;
  std::int64_t P = 0;
  std::int64_t r = 0;  // 0: not given
  std::int64_t s = 0;
  bool simplex = false;
  std::string format = "table";
};

struct VerifyArgs {
  CommonVerifyArgs common;
  std::string P;
};

int run_schedule(const ScheduleArgs& a) {
  const fr::Layout layout = fr::parse_layout(a.layout);
  if (layout == fr::Layout::fractional && a.r == 0) {
    throw InputError("--layout fractional needs --r (the group size, r >= 1)");
  }
  if (a.format != "table" && a.format != "json") {
    throw InputError(fmt::format("--format '{}' is not table or json", a.format));
  }
  const fr::BroadcastOptions o{layout, a.P, a.r, a.s, a.simplex};
  fr::validate_broadcast(o);
  if (a.format == "json") {
    // The fully connected network is refused up front when it would not fit (with the estimate).
    const network::Network net = network::Network::fully_connected(a.P);
    const fr::BroadcastResult b = fr::broadcast(o);
    if (b.deadlock) throw std::runtime_error("construction deadlocked: " + *b.deadlock);
    const network::RoutedSchedule routed = engine::fractional_routed(b.schedule);
    std::cout << routed_to_json(net, routed) << '\n';
    return 0;
  }
  const fr::BroadcastResult b = fr::broadcast(o);
  const std::int64_t cr = engine::claim_r(layout, a.r);
  std::printf("fractional-tree broadcast: layout %s%s, P = %lld, s = %lld, %s; d = %lld, runs of "
              "%lld packets (s padded to %lld)\n",
              fr::to_string(layout),
              layout == fr::Layout::fractional ? fmt::format(" r = {}", a.r).c_str() : "",
              static_cast<long long>(a.P), static_cast<long long>(a.s),
              a.simplex ? "simplex (couples)" : "duplex", static_cast<long long>(b.d),
              static_cast<long long>(b.run_length), static_cast<long long>(b.padded_s));
  for (std::size_t t = 0; t < b.schedule.rounds.size(); ++t) {
    std::string line;
    for (const Transfer& x : b.schedule.rounds[t]) {
      line += fmt::format(" {}->{}:{}", x.from, x.to, x.block);
    }
    std::printf("step %zu:%s\n", t + 1, line.c_str());
  }
  if (b.deadlock) {
    std::printf("deadlock: %s\n", b.deadlock->c_str());
    return 1;
  }
  const fc::TimingReport tr = fc::check_timing(b.schedule, cr, a.simplex);
  std::printf("last PU holds all packets after step %lld; paper's claim %s = %.4g (claim - steps "
              "= %s); lower bounds in steps: (4) %lld, (6) %lld%s\n",
              static_cast<long long>(tr.steps),
              a.simplex ? (cr == 0 ? "2 (d' + s)" : "2 (d' + s(1 + 1/r))")
                        : (cr == 0 ? "d + s" : "d + s(1 + 1/r)"),
              tr.claim.value(), tr.claim.difference_text(tr.steps).c_str(),
              static_cast<long long>(tr.bound4), static_cast<long long>(tr.bound6),
              a.simplex ? fmt::format(", (5) {}", tr.bound5).c_str() : "");
  return 0;
}

int run_verify(VerifyArgs a, const CommandContext& ctx) {
  if (!a.P.empty() && !a.common.p.empty()) {
    throw InputError("give the PU counts with --P or --p, not both");
  }
  const std::string text = !a.P.empty() ? a.P : !a.common.p.empty() ? a.common.p : "1..256";
  const PRange range = PRange::parse(text);
  a.common.p = text;
  const RunOutput out = prepare_run_output(a.common);
  const engine::FractionalFamily family;
  std::printf("fractional: P = %s; %s\n", text.c_str(), family.coverage().lower_bound.c_str());
  return verify_family(family, range, a.common, out, ctx);
}

}  // namespace

void register_fractional_commands(const CommandTree& tree) {
  auto sa = std::make_shared<ScheduleArgs>();
  auto* s = tree.schedule->add_subcommand(
      "fractional", "a broadcast of seed 002: chain, pipelined binary tree or fractional tree");
  s->add_option("--layout", sa->layout, "chain | binary | fractional")->required();
  add_int_flag(s, "--P", sa->P, 1, kFlagMax, "PUs (P >= 1)")->required();
  add_int_flag(s, "--r", sa->r, 1, kFlagMax, "group size of the fractional tree (r >= 1)");
  add_int_flag(s, "--s", sa->s, 1, kFlagMax, "packets (s >= 1)")->required();
  s->add_flag("--simplex", sa->simplex, "the simplex model (couple emulation)");
  s->add_option("--format", sa->format, "table (default) | json (collverify-routed/1)");
  tree.commands->push_back({s, [sa](const CommandContext&) { return run_schedule(*sa); }});

  auto va = std::make_shared<VerifyArgs>();
  auto* v = tree.verify->add_subcommand(
      "fractional", "chain, binary and fractional trees (r = 1..8) of seed 002, duplex, simplex "
                    "and reduction, for every P");
  add_common_verify_flags(v, va->common);
  v->add_option("--P", va->P, "PU counts, e.g. 1..1024 (default 1..256; --p is the same)");
  tree.commands->push_back(
      {v, [va](const CommandContext& ctx) { return run_verify(*va, ctx); }, true});
}

ConstructionSummary campaign_fractional(const CampaignOptions& c, bool& complete) {
  const int top = c.quick ? 64 : 1024;
  std::fprintf(stderr,
               "campaign: fractional for P = 1..%d, chain, binary, fractional r = 1..8, duplex, "
               "simplex and reduction\n",
               top);
  return run_campaign_family(engine::FractionalFamily{}, PRange::parse(fmt::format("1..{}", top)),
                             c, complete);
}

}  // namespace collverify::cli
