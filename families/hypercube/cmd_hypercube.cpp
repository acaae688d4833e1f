// `schedule hypercube --algo A --d D [--root R] [--format json|table|svg]` and
// `verify hypercube --d 1..12 [--algo A,B] [common flags]`: flags parsed here, everything else
// from families/hypercube/hypercube_family.hpp, generators/external/routed_json.hpp and
// families/hypercube/hypercube_svg.hpp.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "families/hypercube/cmd_hypercube.hpp"
#include "families/common/json_envelope.hpp"
#include "families/common/parse.hpp"
#include "families/hypercube/hypercube_family.hpp"
#include "generators/external/routed_json.hpp"
#include "families/common/spelling.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/hypercube_common.hpp"
#include "reference/hypercube/oas.hpp"
#include "families/hypercube/hypercube_svg.hpp"

namespace collverify::cli {
namespace {

struct ScheduleArgs {
  std::string algo;
  std::string d;
  std::int64_t root = 0;
  std::int64_t s = 0;  // esbt's packet count; 0: 2d
  std::string format = "text";
};

struct VerifyArgs {
  CommonVerifyArgs common;
  std::string d;
  std::string algos;
  std::int64_t s = 0;  // esbt's packet count; 0: 2d
};

// --d as the user wrote it: an integer, named when it is not one.
// Digits only, as `verify hypercube --d` reads them: std::stoll took ' 3' and '+3' (issue 26).
int parse_dimension(const std::string& text) {
  std::size_t used = 0;
  long long v = 0;
  const bool digits = !text.empty() && text.size() <= 18 &&
                      text.find_first_not_of("0123456789") == std::string::npos;
  if (digits) {
    v = std::stoll(text, &used);
  }
  if (!digits || used != text.size() || v < 0 || v > 62) {
    throw InputError(fmt::format("--d '{}' is not a dimension (an integer 0..30)", text));
  }
  return static_cast<int>(v);
}

// One line per transmission: "  010 -> 110  dim 2  (000,0)".
class TableSink final : public network::RoutedSink {
 public:
  TableSink(int d, bool scatter) : d_(d), scatter_(scatter) {}
  void begin_round(std::int64_t r) override { std::printf("round %lld:\n", static_cast<long long>(r)); ++rounds; }
  void send(std::int64_t from, std::span<const network::Direction> hops,
            std::span<const network::Packet> packets) override {
    std::int64_t to = from;
    std::string dims;
    for (network::Direction j : hops) {
      to ^= std::int64_t{1} << j;
      dims += (dims.empty() ? "" : ",") + std::to_string(j);
    }
    std::string what;
    for (const auto& p : packets) {
      what += fmt::format("{}({},{})", what.empty() ? "" : " ", binary_label(p.origin, d_),
                          scatter_ ? binary_label(p.piece, d_) : std::to_string(p.piece));
    }
    std::printf("  %s -> %s  dim %s  %s\n", binary_label(from, d_).c_str(),
                binary_label(to, d_).c_str(), dims.c_str(), what.c_str());
    ++transmissions;
  }
  void end_round() override {}
  std::int64_t rounds = 0;
  std::int64_t transmissions = 0;

 private:
  int d_;
  bool scatter_;
};

// The deliveries a table or JSON stream of `algo` on d dimensions prints, refused before its
// first line (the producer checks the same bound, but only after the header was printed).
void require_printable(engine::HypercubeAlgo algo, int d, const ScheduleArgs& a) {
  double deliveries = 0;
  switch (algo) {
    case engine::HypercubeAlgo::oab:
    case engine::HypercubeAlgo::oab_1port:
      deliveries = static_cast<double>(hypercube::oab_transmission_bound(d));
      break;
    case engine::HypercubeAlgo::aab:
      deliveries = static_cast<double>(hypercube::aab_transmission_bound(d));
      break;
    case engine::HypercubeAlgo::oas:
      deliveries = static_cast<double>(hypercube::oas_transmission_bound(d));
      break;
    case engine::HypercubeAlgo::aas:
    case engine::HypercubeAlgo::aas_3phase: deliveries = hypercube::aas_transmissions_estimate(d); break;
    case engine::HypercubeAlgo::esbt:
      deliveries = static_cast<double>(engine::hypercube_pieces(algo, d, a.s)) *
                   static_cast<double>((std::int64_t{1} << d) - 1);
  }
  hypercube::require_stream_size(deliveries, fmt::format("--algo {} --d {}", a.algo, a.d));
}

int run_schedule(const ScheduleArgs& a) {
  const engine::HypercubeAlgo algo = engine::parse_hypercube_algo(a.algo);
  const int d = parse_dimension(a.d);
  const network::RoutedSchedule header = engine::hypercube_header(algo, d, a.root, a.s);
  if (a.format == "json" || a.format == "text") require_printable(algo, d, a);
  if (a.format == "json") {
    const network::Network cube = network::Network::hypercube(d);
    RoutedJsonWriter writer(std::cout, cube, header, json_envelope_member("schedule hypercube"));
    engine::stream_hypercube(algo, d, a.root, writer, a.s);
    writer.finish();
    std::cout << '\n';
    return 0;
  }
  if (a.format == "text") {
    const bool esbt = algo == engine::HypercubeAlgo::esbt;
    const long long bound = engine::hypercube_round_bound(algo, d, a.s);
    std::printf("hypercube %s, d = %d (N = %lld), root %lld%s; %s lower bound %lld rounds\n",
                engine::to_string(algo), d, static_cast<long long>(std::int64_t{1} << d),
                static_cast<long long>(a.root),
                esbt ? fmt::format(", s = {} packets", header.pieces).c_str() : "",
                esbt ? "1-port" : "slide-5", bound);
    const bool scatter = header.collective == network::Collective::oas ||
                         header.collective == network::Collective::aas;
    TableSink table(d, scatter);
    engine::stream_hypercube(algo, d, a.root, table, a.s);
    std::printf("%lld rounds (bound %lld), %lld transmissions\n",
                static_cast<long long>(table.rounds), bound,
                static_cast<long long>(table.transmissions));
    return 0;
  }
  if (a.format == "svg") {
    if (algo == engine::HypercubeAlgo::aab) {
      std::cout << aab_tree_svg(hypercube::aab_generic_tree(d));
    } else if (algo == engine::HypercubeAlgo::oas) {
      if (a.root != 0) throw InputError(fmt::format("--root {}: the OAS picture is drawn for root 0", a.root));
      std::cout << oas_tree_svg(d, hypercube::oas_tree(d).parent);
    } else {
      throw InputError(fmt::format("--format svg draws the aab and oas trees, not {}",
                                   engine::to_string(algo)));
    }
    return 0;
  }
  throw InputError(fmt::format("--format '{}' is not text, json or svg", a.format));
}

int run_verify(VerifyArgs a, const CommandContext& ctx) {
  if (!a.d.empty() && !a.common.p.empty()) {
    throw InputError("give the dimensions with --d (--p is its older spelling here), not both");
  }
  std::string text = !a.d.empty() ? a.d : !a.common.p.empty() ? a.common.p : "1..12";
  if (!text.empty() && text.front() == '-') {
    throw InputError(fmt::format("--d '{}' is not a dimension range (1..{})", text,
                                 engine::kHypercubeMaxDimension));
  }
  std::vector<engine::HypercubeAlgo> algos;
  bool aas_explicit = false;
  std::stringstream list(a.algos);
  for (std::string word; std::getline(list, word, ',');) {
    if (word.empty()) continue;
    algos.push_back(engine::parse_hypercube_algo(word));
    aas_explicit = aas_explicit || word == "aas" || word == "aas-3phase";
  }
  const PRange range = [&] {
    try {
      return PRange::parse(text);
    } catch (const InputError& e) {
      throw InputError(fmt::format("--d '{}' is not a dimension range in 1..{}: {}", text,
                                   engine::kHypercubeMaxDimension, e.what()));
    }
  }();
  a.common.p = text;
  a.common.range_flag = !a.d.empty() ? "--d" : "--p";
  const RunOutput out = prepare_run_output(a.common);
  if (a.s != 0 && std::find(algos.begin(), algos.end(), engine::HypercubeAlgo::esbt) == algos.end()) {
    throw InputError(fmt::format("--s {} is ESBT's packet count; name esbt in --algo", a.s));
  }
  const engine::HypercubeFamily family(algos, aas_explicit, engine::kAasMaxDimension, a.s);
  const std::string banner =
      fmt::format("hypercube: d = {}; {}\n", text, family.coverage().lower_bound);
  return verify_family(family, range, a.common, out, ctx, banner);
}

}  // namespace

void register_hypercube_commands(const CommandTree& tree) {
  auto sa = std::make_shared<ScheduleArgs>();
  auto* s = tree.schedule->add_subcommand(
      "hypercube", "a hypercube algorithm of seed 004 (oab, oab-1port, aab, oas, aas, aas-3phase) "
                   "or Johnsson and Ho's esbt (seed 002's competitor)");
  s->add_option("--algo", sa->algo, "oab | oab-1port | aab | oas | aas | aas-3phase | esbt")
      ->required()
      ->type_name(value::kName);
  s->add_option("--d", sa->d, "the dimension d (N = 2^d nodes)")->required()->type_name(value::kInt);
  add_int_flag(s, "--root", sa->root, 0, std::numeric_limits<std::int64_t>::max(),
               "root of oab and oas (default 0)");
  add_int_flag(s, "--s", sa->s, 1, std::int64_t{1} << 30,
               "esbt: packets broadcast (default 2d)");
  add_format_option(s, sa->format, {"text", "json", "svg"},
                    "text (default; alias table) | json (collverify-routed/1) | svg");
  tree.commands->push_back({s, [sa](const CommandContext&) { return run_schedule(*sa); }});

  auto va = std::make_shared<VerifyArgs>();
  auto* v = tree.verify->add_subcommand(
      "hypercube", "the hypercube algorithms of seed 004: structural checks and the routed "
                   "simulation, which must agree, for every d");
  // The dimensions are the range (--d); --p, read as --d before, stays a hidden alias of it.
  add_common_verify_flags(v, va->common, PFlag::hidden);
  v->add_option("--d", va->d, "dimensions, e.g. 1..12 (default 1..12)")->type_name(value::kRange);
  v->add_option("--algo", va->algos,
                "comma list of oab, oab-1port, aab, oas, aas, aas-3phase, esbt (default all but "
                "esbt; AAS up to d = 11, skipped above unless named)")
      ->type_name(value::kList);
  add_int_flag(v, "--s", va->s, 1, std::int64_t{1} << 30, "esbt: packets broadcast (default 2d)");
  // Graceful: Ctrl-C stops between simulated rounds and the reports of what finished are written.
  tree.commands->push_back({v, [va](const CommandContext& ctx) { return run_verify(*va, ctx); }, true});
}

ConstructionSummary campaign_hypercube(const CampaignOptions& c, bool& complete) {
  const int top = c.quick ? 6 : 12;
  std::fprintf(stderr,
               "campaign: hypercube for d = 1..%d, oab, oab-1port, aab, oas, aas and aas-3phase "
               "(AAS up to d = %d)\n",
               top, engine::kAasMaxDimension);
  return run_campaign_family(engine::HypercubeFamily({}), PRange::parse(fmt::format("1..{}", top)),
                             c, complete);
}

ConstructionSummary campaign_hypercube_esbt(const CampaignOptions& c, bool& complete) {
  const int top = c.quick ? 6 : 12;
  std::fprintf(stderr, "campaign: hypercube esbt (Johnsson and Ho, s = 2d) for d = 1..%d\n", top);
  return run_campaign_family(engine::HypercubeFamily({engine::HypercubeAlgo::esbt}, false,
                                                     engine::kAasMaxDimension, 0, "hypercube-esbt"),
                             PRange::parse(fmt::format("1..{}", top)), c, complete);
}

}  // namespace collverify::cli
