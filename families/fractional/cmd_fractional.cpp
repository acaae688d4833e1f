// `schedule fractional --layout chain|binary|fractional -p P [--r R] --s S [--simplex
// [--simplex-order couples|direct]] [--format text|json]` and `verify fractional -p RANGE [common
// flags]` (--P, seed 002's name, is an alias of --p in every fractional command); with
// `--embed mesh:AxB|crossbar:AxB|crossbar2g:AxB [--switching wormhole|store-and-forward]` the schedule is the
// fractional tree embedded in that network (format text|json|svg), and `verify fractional-embed
// --embed ... --r R --s S` judges §4's congestion-1 claim (families/fractional/fractional_embed.hpp); flags parsed here;
// the schedule from reference/fractional, its timing from checkers/fractional, the JSON from
// generators/external/routed_json.hpp, the run from families/fractional/fractional_family.hpp.
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>

#include <fmt/format.h>

#include "checkers/fractional/timing.hpp"
#include "families/fractional/cmd_fractional.hpp"
#include "families/common/json_envelope.hpp"
#include "families/common/parse.hpp"
#include "families/fractional/fractional_family.hpp"
#include "generators/external/routed_json.hpp"
#include "families/common/spelling.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "families/fractional/fractional_embed.hpp"
#include "reference/fractional/broadcast.hpp"
#include "families/fractional/fractional_embed_svg.hpp"

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
  std::string simplex_order;  // empty: couples
  std::string format = "text";
  std::string embed;
  std::string switching = "wormhole";
};

struct EmbedVerifyArgs {
  std::string embed;
  std::int64_t P = 0;  // 0: A B
  std::int64_t r = 0;
  std::int64_t s = 0;
  std::string switching = "wormhole";
};

struct VerifyArgs {
  CommonVerifyArgs common;
};

Switching parse_switching(const std::string& word) {
  if (word == "wormhole") return Switching::wormhole;
  if (word == "store-and-forward") return Switching::store_and_forward;
  throw InputError(fmt::format("--switching '{}' is not wormhole or store-and-forward", word));
}

std::string congestion_text(const network::CongestionResult& c) {
  if (c.defect) return "defect: " + *c.defect;
  std::string t = std::to_string(c.congestion);
  if (c.congestion > 1 && c.witness) t += " (" + c.witness->message + ")";
  return t;
}

void print_embedding(const engine::EmbedRun& run) {
  std::printf("fractional tree r = %lld, s = %lld embedded in %s (%s, %s switching); P = %lld\n",
              static_cast<long long>(run.r), static_cast<long long>(run.s),
              engine::describe(run.target).c_str(),
              network::Network::describe(run.network).c_str(),
              run.switching == Switching::wormhole ? "wormhole" : "store-and-forward",
              static_cast<long long>(run.P));
  if (run.target.kind == engine::EmbedTarget::Kind::mesh) {
    std::printf("cells r1 x r2 = %lld x %lld %s; %lld full groups\n", static_cast<long long>(run.r1),
                static_cast<long long>(run.r2),
                run.order == embedding::CellOrder::quad
                    ? "by the quad construction (n <= 2: congestion 1 for every s)"
                    : "in H-tree (Hilbert) order, snake inside",
                static_cast<long long>(run.tree.groups()));
  } else if (run.target.kind == engine::EmbedTarget::Kind::crossbar) {
    std::printf("one global group per module (%lld groups in all), local fractional trees of b - r PUs\n",
                static_cast<long long>(run.tree.groups()));
  } else {
    std::printf("two global groups per module (%lld groups in all), local fractional trees of b - 2r "
                "PUs\n",
                static_cast<long long>(run.tree.groups()));
  }
  std::printf("depth (last PU's first packet): %lld steps; the plain fractional layout of P: %lld\n",
              static_cast<long long>(run.depth), static_cast<long long>(run.plain_depth));
  std::printf("schedule steps: %lld; routed rounds: %lld\n", static_cast<long long>(run.steps),
              static_cast<long long>(run.routed.rounds.size()));
  std::printf("edge congestion (arc, per direction): %s\n", congestion_text(run.arc).c_str());
  std::printf("edge congestion (link, both directions): %s\n", congestion_text(run.link).c_str());
  std::printf("congestion fast == slow twin: %s\n", run.twins_agree ? "yes" : "NO");
  std::printf("routed checker on the rounds as they are: %s\n",
              run.routed_check.witness ? run.routed_check.witness->message.c_str() : "pass");
  std::printf("congested steps split into arc-disjoint rounds: %lld rounds; routed checker: %s\n",
              static_cast<long long>(run.split_rounds),
              run.split_check.witness ? run.split_check.witness->message.c_str()
                                      : "pass (every node holds every packet)");
  if (run.budget) {
    std::printf("channels: a module sends to at most %lld and receives from at most %lld other "
                "modules (budget 2 out, %lld in: %s); channel load %lld\n",
                static_cast<long long>(run.budget->max_out), static_cast<long long>(run.budget->max_in),
                static_cast<long long>(engine::channels_in(run.target)),
                run.budget->witness ? run.budget->witness->message.c_str() : "kept",
                static_cast<long long>(run.budget->channel_load));
  }
}

network::Arc witness_arc(const engine::EmbedRun& run) {
  return run.arc.witness && run.arc.congestion > 1 ? run.arc.witness->arc : network::Arc{-1, -1, 0};
}

MeshEmbedPicture mesh_picture(const engine::EmbedRun& run) {
  MeshEmbedPicture pic;
  pic.a = run.target.a;
  pic.b = run.target.b;
  pic.r1 = run.r1;
  pic.r2 = run.r2;
  pic.placement = run.placement;
  pic.group_size = run.tree.size;
  pic.group_down = run.tree.down;
  pic.group_right = run.tree.right;
  if (run.arc.congestion > 1) pic.highlight = witness_arc(run);
  pic.title = fmt::format("Fractional tree r = {} on the {} x {} mesh (seed 002, Figure 4)", run.r,
                          run.target.a, run.target.b);
  pic.subtitle = fmt::format(
      "P = {}, s = {}, XY routing, {}: edge congestion {} (arc), {} (link); depth {} (plain layout {})",
      run.P, run.s, run.switching == Switching::wormhole ? "wormhole" : "store-and-forward",
      run.arc.congestion, run.link.congestion, run.depth, run.plain_depth);
  return pic;
}

// engine::run_embedding; a refusal (a memory estimate, a size limit) that does not name the
// target as typed is prefixed with --embed and that text.
engine::EmbedRun run_embedding_named(const std::string& embed, std::int64_t P, std::int64_t r,
                                     std::int64_t s, const std::string& switching) {
  const engine::EmbedTarget target = engine::parse_embed_target(embed);
  const Switching how = parse_switching(switching);
  try {
    return engine::run_embedding(target, P, r, s, how);
  } catch (const InputError& e) {
    const std::string message = e.what();
    if (message.find(embed) != std::string::npos) throw;
    throw InputError(fmt::format("--embed '{}': {}", embed, message));
  }
}

int run_schedule_embed(const ScheduleArgs& a) {
  if (!a.layout.empty() && a.layout != "fractional") {
    throw InputError(fmt::format("--embed embeds the fractional tree, not --layout '{}'", a.layout));
  }
  if (a.r == 0) throw InputError("--embed needs --r (the group size, r >= 1)");
  if (a.simplex) throw InputError("--embed is for the duplex schedule (no --simplex)");
  if (a.format != "text" && a.format != "json" && a.format != "svg") {
    throw InputError(fmt::format("--format '{}' is not text, json or svg", a.format));
  }
  const engine::EmbedTarget target = engine::parse_embed_target(a.embed);
  if (a.format == "svg" && target.kind != engine::EmbedTarget::Kind::mesh) {
    throw InputError(fmt::format("--format svg draws meshes; '{}' is a crossbar", a.embed));
  }
  const engine::EmbedRun run = run_embedding_named(a.embed, a.P, a.r, a.s, a.switching);
  const std::vector<Violation> v = engine::embed_violations(run, 0);
  // The exit code is the same in every format (1: the embedding breaks a property); JSON and SVG
  // keep stdout for the schedule or the picture and name the violations on stderr.
  if (a.format == "json" || a.format == "svg") {
    if (a.format == "json") {
      std::cout << routed_to_json(network::Network::from_spec(run.network), run.routed,
                                  json_envelope_member("schedule fractional")) << '\n';
    } else {
      std::cout << fractional_embed_svg(mesh_picture(run));
    }
    std::cout.flush();
    for (const Violation& x : v) {
      std::fprintf(stderr, "violation %s: %s\n", x.property.c_str(), x.message.c_str());
    }
    return v.empty() ? 0 : 1;
  }
  print_embedding(run);
  for (const Violation& x : v) std::printf("violation %s: %s\n", x.property.c_str(), x.message.c_str());
  return v.empty() ? 0 : 1;
}

int run_verify_embed(const EmbedVerifyArgs& a) {
  const engine::EmbedTarget target = engine::parse_embed_target(a.embed);
  const std::int64_t P = a.P == 0 ? target.a * target.b : a.P;
  const engine::EmbedRun run = run_embedding_named(a.embed, P, a.r, a.s, a.switching);
  print_embedding(run);
  std::vector<Violation> v = engine::embed_violations(run, 0);
  if (run.arc.congestion > 1) {
    Violation c;
    c.property = "congestion_one";
    c.p = P;
    c.n = 0;
    c.message = fmt::format("§4 claims edge congestion 1; the checker finds {}: {}", run.arc.congestion,
                            run.arc.witness ? run.arc.witness->message : std::string("?"));
    v.push_back(c);
  }
  for (const Violation& x : v) std::printf("violation %s: %s\n", x.property.c_str(), x.message.c_str());
  std::printf("verdict: %s\n", v.empty() ? "pass" : "fail");
  return v.empty() ? 0 : 1;
}

// --simplex-order: couples (footnote 2's emulation, the default) or direct (§3's direct
// implementation, reference/fractional/simplex_direct.hpp); only with --simplex.
bool parse_simplex_order(const ScheduleArgs& a) {
  if (a.simplex_order.empty()) return false;
  if (!a.simplex) {
    throw InputError(fmt::format("--simplex-order {} needs --simplex", a.simplex_order));
  }
  if (a.simplex_order == "couples") return false;
  if (a.simplex_order == "direct") return true;
  throw InputError(
      fmt::format("--simplex-order '{}' is not couples or direct", a.simplex_order));
}

// The direct simplex implementation's claim: a run of r packets in 2r + 1 steps, against the
// broadcast of two runs (checkers/fractional/timing.hpp).
void print_run_rate(const fr::BroadcastOptions& o, const Schedule& s, std::int64_t cr) {
  if (cr == 0 || o.s <= 2 * cr) {
    std::printf("run rate 2r + 1: not applicable (%s)\n",
                cr == 0 ? "the chain is one run" : "at most two runs");
    return;
  }
  fr::BroadcastOptions two = o;
  two.s = 2 * cr;
  const fc::RunRateReport rr = fc::check_run_rate(s, fr::broadcast(two).schedule, cr);
  std::printf("run rate 2r + 1: %lld runs after %lld steps, bound %lld (two runs after %lld + "
              "%lld runs of %lld): %s\n",
              static_cast<long long>(rr.runs), static_cast<long long>(rr.steps),
              static_cast<long long>(rr.bound), static_cast<long long>(rr.two_run_steps),
              static_cast<long long>(rr.runs - 2), static_cast<long long>(2 * cr + 1),
              rr.verdict ? rr.verdict->message.c_str() : "holds");
}

int run_schedule(const ScheduleArgs& a) {
  if (a.P == 0) throw InputError("--p or --P is required (the number of PUs, 2 or more)");
  if (!a.embed.empty()) return run_schedule_embed(a);
  if (a.layout.empty()) throw InputError("--layout is required (chain | binary | fractional)");
  const fr::Layout layout = fr::parse_layout(a.layout);
  if (layout == fr::Layout::fractional && a.r == 0) {
    throw InputError("--layout fractional needs --r (the group size, r >= 1)");
  }
  if (layout != fr::Layout::fractional && a.r != 0) {
    // Was ignored silently: a user who typed --r meant a fractional tree.
    throw InputError(
        fmt::format("--r {} applies to --layout fractional only; --layout {} has no "
                    "group size",
                    a.r, a.layout));
  }
  if (a.format != "text" && a.format != "json") {
    throw InputError(fmt::format("--format '{}' is not text or json", a.format));
  }
  fr::BroadcastOptions o{layout, a.P, a.r, a.s, a.simplex};
  o.simplex_direct = parse_simplex_order(a);
  fr::validate_broadcast(o);
  if (a.format == "json") {
    // The fully connected network is refused up front when it would not fit (with the estimate).
    const network::Network net = network::Network::fully_connected(a.P);
    const fr::BroadcastResult b = fr::broadcast(o);
    if (b.deadlock) {  // a violation, as in the table format (exit 1), not an uncaught error
      std::fprintf(stderr, "deadlock: %s\n", b.deadlock->c_str());
      return 1;
    }
    const network::RoutedSchedule routed = engine::fractional_routed(b.schedule);
    std::cout << routed_to_json(net, routed, json_envelope_member("schedule fractional")) << '\n';
    return 0;
  }
  const fr::BroadcastResult b = fr::broadcast(o);
  const std::int64_t cr = engine::claim_r(layout, a.r);
  std::printf("fractional-tree broadcast: layout %s%s, P = %lld, s = %lld, %s; d = %lld, runs of "
              "%lld packets (s padded to %lld)\n",
              fr::to_string(layout),
              layout == fr::Layout::fractional ? fmt::format(" r = {}", a.r).c_str() : "",
              static_cast<long long>(a.P), static_cast<long long>(a.s),
              !a.simplex ? "duplex" : o.simplex_direct ? "simplex (direct)" : "simplex (couples)",
              static_cast<long long>(b.d),
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
  if (o.simplex_direct) print_run_rate(o, b.schedule, cr);
  return 0;
}

int run_verify(VerifyArgs a, const CommandContext& ctx) {
  const std::string text = !a.common.p.empty() ? a.common.p : "1..256";
  const PRange range = PRange::parse(text);
  a.common.p = text;
  const RunOutput out = prepare_run_output(a.common);
  const engine::FractionalFamily family;
  const std::string banner =
      fmt::format("fractional: P = {}; {}\n", text, family.coverage().lower_bound);
  return verify_family(family, range, a.common, out, ctx, banner);
}

}  // namespace

void register_fractional_commands(const CommandTree& tree) {
  auto sa = std::make_shared<ScheduleArgs>();
  auto* s = tree.schedule->add_subcommand(
      "fractional", "a broadcast of seed 002: chain, pipelined binary tree or fractional tree");
  s->add_option("--layout", sa->layout, "chain | binary | fractional (required unless --embed)")
      ->type_name("chain|binary|fractional");
  // P >= 2: one PU sends nothing, and its layout's depth would be the recurrence's d = -1
  // (printed as such until the JSON review; `fractional --P 1` gives the cost model's zero row).
  CLI::Option* P = add_int_flag(s, "-p,--p", sa->P, 2, kFlagMax, "PUs (P >= 2; required)");
  make_alias(add_int_flag(s, "--P", sa->P, 2, kFlagMax, ""), P);
  add_int_flag(s, "--r", sa->r, 1, kFlagMax, "group size of the fractional tree (r >= 1)");
  add_int_flag(s, "--s", sa->s, 1, kFlagMax, "packets (s >= 1)")->required();
  s->add_flag("--simplex", sa->simplex, "the simplex model (couple emulation unless --simplex-order)");
  s->add_option("--simplex-order", sa->simplex_order,
                "with --simplex: couples (default, footnote 2) | direct (§3: a run of r packets in "
                "2r + 1 steps)")
      ->type_name("couples|direct");
  add_format_option(s, sa->format, {"text", "json", "svg"},
                    "text (default; alias table) | json (collverify-routed/1) | svg (--embed mesh)");
  s->add_option("--embed", sa->embed, "mesh:AxB | crossbar:AxB | crossbar2g:AxB: the fractional tree embedded (seed 002 §4)")
      ->type_name(value::kNetwork);
  s->add_option("--switching", sa->switching, "with --embed: wormhole (default) | store-and-forward")
      ->type_name("wormhole|store-and-forward");
  tree.commands->push_back({s, [sa](const CommandContext&) { return run_schedule(*sa); }});

  auto ea = std::make_shared<EmbedVerifyArgs>();
  auto* e = tree.verify->add_subcommand(
      "fractional-embed", "a fractional tree embedded in a mesh or hierarchical crossbar (seed 002 "
                          "§4): congestion 1, every node reached, the channel budget");
  e->add_option("--embed", ea->embed, "mesh:AxB | crossbar:AxB | crossbar2g:AxB")
      ->required()
      ->type_name(value::kNetwork);
  CLI::Option* eP = add_int_flag(e, "-p,--p", ea->P, 1, kFlagMax, "PUs (default A B; must be A B)");
  make_alias(add_int_flag(e, "--P", ea->P, 1, kFlagMax, ""), eP);
  add_int_flag(e, "--r", ea->r, 1, kFlagMax, "group size (r >= 1)")->required();
  add_int_flag(e, "--s", ea->s, 1, kFlagMax, "packets (s >= 1)")->required();
  e->add_option("--switching", ea->switching, "wormhole (default) | store-and-forward")
      ->type_name("wormhole|store-and-forward");
  tree.commands->push_back({e, [ea](const CommandContext&) { return run_verify_embed(*ea); }});

  auto va = std::make_shared<VerifyArgs>();
  auto* v = tree.verify->add_subcommand(
      "fractional", "chain, binary and fractional trees (r = 1..8) of seed 002, duplex, simplex "
                    "and reduction, for every P (-p: PU counts, default 1..256)");
  add_common_verify_flags(v, va->common);
  va->common.range_flag = "--p";
  // --P (seed 002's name for the PU count) was this command's own flag: the alias names it.
  for (CLI::Option* o : v->get_options()) {
    if (alias_of(*o) == "--p") {
      o->each([va](const std::string&) { va->common.range_flag = "--P"; });
    }
  }
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

ConstructionSummary campaign_fractional_embed(const CampaignOptions& c, bool& complete) {
  const int top = c.quick ? 256 : 4096;
  std::fprintf(stderr,
               "campaign: fractional-embed for P = 1, 2, 4, ..., %d: meshes and hierarchical "
               "crossbars, every buildable size\n",
               top);
  std::string range;
  for (int p = 1; p <= top; p *= 2) range += (range.empty() ? "" : ",") + std::to_string(p);
  ConstructionSummary summary =
      run_campaign_family(engine::FractionalEmbedFamily{}, PRange::parse(range), c, complete);
  // Figure 4: the 8 x 16 mesh, r = 2, drawn with its congestion witness.
  const engine::EmbedRun fig4 = engine::run_embedding(engine::parse_embed_target("mesh:8x16"), 128, 2, 8);
  summary.pictures_svg.push_back({"fractional_embed_figure4.svg",
                                  fmt::format("Figure 4: fractional tree r = 2 on the 8 x 16 mesh, edge "
                                              "congestion {} (docs/ERRATA.md E28)", fig4.arc.congestion),
                                  fractional_embed_svg(mesh_picture(fig4))});
  return summary;
}

}  // namespace collverify::cli
