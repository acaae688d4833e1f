// `schedule torus` and `verify torus` (issue 11): flags parsed here; the algorithms come from
// families/torus/torus_family.hpp (make_torus_family), the JSON writer from
// generators/external/routed_json.hpp, the picture from families/torus/torus_svg.hpp.
#include <cstdio>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "families/torus/cmd_torus.hpp"
#include "families/common/json_envelope.hpp"
#include "families/common/parse.hpp"
#include "families/torus/torus_algorithms.hpp"
#include "families/torus/torus_family.hpp"
#include "families/torus/torus_wormhole_family.hpp"
#include "generators/external/routed_json.hpp"
#include "generators/torus_sides.hpp"
#include "families/common/spelling.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/torus/tadt_builder.hpp"
#include "reference/torus/hamilton_cycles.hpp"
#include "families/torus/torus_cycles_svg.hpp"
#include "families/torus/torus_svg.hpp"

namespace collverify::cli {
namespace {

struct ScheduleArgs {
  std::string algo;
  std::string sides;
  std::string format = "text";
  std::int64_t ports = 0;  // kport only
};

struct VerifyArgs {
  CommonVerifyArgs common;
  std::string algo;
  std::string sides;
};

std::string coordinates(const network::Network& net, std::int64_t node) {
  std::string out = "(";
  for (std::int64_t c : net.coordinates(node)) {
    if (out.size() > 1) out += ',';
    out += std::to_string(c);
  }
  return out + ")";
}

// One line per transmission: "  (1,0) -> (2,0)  +0  packet of (0,0)".
class TableSink final : public network::RoutedSink {
 public:
  explicit TableSink(const network::Network& net) : net_(net) {}
  void begin_round(std::int64_t r) override {
    std::printf("round %lld:\n", static_cast<long long>(r));
    ++rounds;
  }
  void send(std::int64_t from, std::span<const network::Direction> hops,
            std::span<const network::Packet> packets) override {
    std::int64_t to = from;
    std::string path;
    for (network::Direction d : hops) {
      to = net_.target(to, d).value_or(to);
      if (!path.empty()) path += ' ';
      path += net_.direction_name(d);
    }
    std::string what;
    for (const auto& p : packets) {
      if (!what.empty()) what += ' ';
      what += coordinates(net_, p.origin);
      if (p.piece != 0) what += fmt::format("/{}", p.piece);
    }
    std::printf("  %s -> %s  %s  packet of %s\n", coordinates(net_, from).c_str(),
                coordinates(net_, to).c_str(), path.c_str(), what.c_str());
    ++transmissions;
  }
  void end_round() override {}
  std::int64_t rounds = 0;
  std::int64_t transmissions = 0;

 private:
  const network::Network& net_;
};

int run_schedule(const ScheduleArgs& a) {
  const engine::TorusAlgo algo = engine::parse_torus_algo(a.algo);
  const TorusSides sides = parse_one_torus(a.sides, "schedule torus");
  const auto family = engine::make_torus_family(algo, {sides}, a.ports);
  if (a.format != "json" && a.format != "text" && a.format != "svg") {
    throw InputError(fmt::format("--format '{}' is not text, json or svg", a.format));
  }
  engine::require_torus_schedule_fits(algo, sides, a.format, *family);
  const network::RoutedSchedule header = family->header(sides);
  const network::Network net = network::Network::from_spec(header.network);
  if (a.format == "json") {
    RoutedJsonWriter writer(std::cout, net, header, json_envelope_member("schedule torus"));
    family->stream(sides, writer);
    writer.finish();
    std::cout << '\n';
    return 0;
  }
  if (a.format == "svg") {
    if (algo == engine::TorusAlgo::hamilton) {
      const torus::HamiltonCycles hc = torus::hamilton_cycles(sides);
      if (!hc.found) throw InputError(fmt::format("no cycles found for torus {}", sides_text(sides)));
      std::cout << torus_cycles_svg(sides, hc.cycles);
    } else if (algo == engine::TorusAlgo::tadt) {
      const network::LevelTree tree = torus::tadt_tree_for(sides).tree;
      std::cout << (sides.size() == 3 ? tadt_tree_3d_svg(sides, tree) : tadt_tree_svg(sides, tree));
    } else {
      const auto w = algo == engine::TorusAlgo::tiling ? engine::TorusWormholeAlgo::tiling
                                                       : engine::TorusWormholeAlgo::diagonal;
      std::cout << wormhole_rounds_svg(engine::torus_wormhole_schedule(w, sides), fmt::format("torus {} {} broadcast", sides_text(sides),
                                                         engine::to_string(algo)));
    }
    return 0;
  }
  const std::int64_t bound = family->round_bound(sides);
  std::printf("torus %s %s (N = %lld); lower bound %lld rounds\n", sides_text(sides).c_str(),
              engine::to_string(algo), static_cast<long long>(net.nodes()), static_cast<long long>(bound));
  if (algo == engine::TorusAlgo::tadt) std::printf("generic tree: %s\n", torus::tadt_tree_for(sides).source.c_str());
  TableSink table(net);
  family->stream(sides, table);
  std::printf("%lld rounds (bound %lld), %lld transmissions\n", static_cast<long long>(table.rounds),
              static_cast<long long>(bound), static_cast<long long>(table.transmissions));
  return 0;
}

int run_verify(VerifyArgs a, const CommandContext& ctx) {
  if (!a.common.p.empty()) {
    throw InputError(fmt::format("--p '{}': verify torus takes the tori with --sides", a.common.p));
  }
  const engine::TorusAlgo algo = engine::parse_torus_algo(a.algo);
  auto family = engine::make_torus_family(algo, parse_torus_sides(a.sides));
  const PRange range = PRange::parse(family->p_range_text());
  a.common.p = a.sides;
  a.common.range_flag = "--sides";
  const RunOutput out = prepare_run_output(a.common);
  const std::string banner = fmt::format("torus {}: --sides {}; {}\n", engine::to_string(algo),
                                         a.sides, family->coverage().lower_bound);
  return verify_family(*family, range, a.common, out, ctx, banner);
}

}  // namespace

void register_torus_commands(const CommandTree& tree) {
  auto sa = std::make_shared<ScheduleArgs>();
  auto* s = tree.schedule->add_subcommand(
      "torus", "a broadcast on a torus: time-arc-disjoint trees (tadt), Hamiltonian cycles "
               "(hamilton), a wormhole tiling or diagonal broadcast, trees on a mesh (mesh-tadt) "
               "or k-port trees (kport)");
  s->add_option("--algo", sa->algo, "tadt | hamilton | tiling | diagonal | mesh-tadt | kport")
      ->required()
      ->type_name("tadt|hamilton|tiling|diagonal|mesh-tadt|kport");
  s->add_option("--sides", sa->sides, "one torus, e.g. 5x5 or 5x5x5")
      ->required()
      ->type_name(value::kSides);
  add_format_option(s, sa->format, {"text", "json", "svg"},
                    "text (default; alias table) | json (collverify-routed/1) | svg");
  s->add_option("--ports", sa->ports, "kport: k, 1..2n")->type_name(value::kInt);
  tree.commands->push_back({s, [sa](const CommandContext&) { return run_schedule(*sa); }});

  auto va = std::make_shared<VerifyArgs>();
  auto* v = tree.verify->add_subcommand(
      "torus", "a torus broadcast on a list of tori (tadt: the structural check of Lemma 11 "
               "and the lock-step simulation of every tree, which must agree; mesh-tadt: trees "
               "on meshes; kport: every k)");
  // The tori are the range (--sides); --p is read only to refuse it with that advice.
  add_common_verify_flags(v, va->common, PFlag::hidden);
  v->add_option("--algo", va->algo, "tadt | hamilton | tiling | diagonal | mesh-tadt | kport (every k)")
      ->required()
      ->type_name("tadt|hamilton|tiling|diagonal|mesh-tadt|kport");
  v->add_option("--sides", va->sides, "tori: 5x5, 3x3..41x41 (every square), 3x3x3..13x13x13:2, lists")
      ->required()
      ->type_name(value::kSides);
  tree.commands->push_back({v, [va](const CommandContext& ctx) { return run_verify(*va, ctx); }, true});
}

ConstructionSummary campaign_torus(const CampaignOptions& c, bool& complete) {
  // Every square and cube (odd: the seed's closed forms; even: the builder) and a few rectangles
  // and unequal 3D sides (the builder; docs/RESULTS-tori.md "Generic trees for every torus").
  const std::string sides = c.quick ? "3x3..11x11,3x3x3..7x7x7,3x4,4x6,2x3x3,3x4x5"
                                    : "3x3..41x41,3x3x3..13x13x13,3x4,4x6,5x8,6x10,12x30,2x3x3,3x4x5,4x6x8";
  std::fprintf(stderr, "campaign: torus tadt for %s\n", sides.c_str());
  const auto family = engine::make_torus_family(engine::TorusAlgo::tadt, parse_torus_sides(sides));
  return run_campaign_family(*family, PRange::parse(family->p_range_text()), c, complete);
}

ConstructionSummary campaign_torus_cycles(const CampaignOptions& c, bool& complete) {
  // 3D: the product construction (issue 23: 3x3x3, 3x4x5, the odd cubes, 4x5x6, 5x6x7 on the
  // closed-form frame; 4x4x4, 4x6x8, the even cubes 6..10 on the diagonal frame) and the search
  // where it does not apply (6x10x14, every side even, the smallest gap; 10x12x14 by product with
  // split-and-rejoin pairs); 4D by the lift of the
  // 3D construction (3x3x3x3, 4x4x4x4, 3x4x5x6) and by the search where it misses (4x6x10x14).
  const std::string sides = c.quick ? "3x3..9x9,3x4,4x6,3x3x3,3x4x5,4x4x4,4x6x8,3x3x3x3"
                                    : "3x3..41x41,3x4,4x6,5x8,3x3x3..11x11x11:2,3x4x5,4x5x6,"
                                      "5x6x7,4x4x4,4x6x8,6x6x6,8x8x8,10x10x10,6x10x14,10x12x14,"
                                      "3x3x3x3,"
                                      "4x4x4x4,3x4x5x6,4x6x10x14";
  std::fprintf(stderr, "campaign: torus hamilton for %s\n", sides.c_str());
  const auto family = engine::make_torus_family(engine::TorusAlgo::hamilton, parse_torus_sides(sides));
  return run_campaign_family(*family, PRange::parse(family->p_range_text()), c, complete);
}

ConstructionSummary campaign_torus_wormhole(const CampaignOptions& c, bool& complete) {
  const std::string sides = c.quick ? "3x3..12x12,4x7" : "3x3..40x40,4x7,6x10,12x30";
  std::fprintf(stderr, "campaign: torus diagonal for %s\n", sides.c_str());
  const auto family = engine::make_torus_family(engine::TorusAlgo::diagonal, parse_torus_sides(sides));
  return run_campaign_family(*family, PRange::parse(family->p_range_text()), c, complete);
}

}  // namespace collverify::cli
