// `synth tadt`: flags and printing only; the search, the proof and the re-check are
// proofs/tadt_synth.hpp.
#include "families/torus/cmd_synth.hpp"
#include "families/common/json_envelope.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

#include "families/common/parse.hpp"
#include "generators/torus_sides.hpp"
#include "families/common/spelling.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "proofs/tadt_synth.hpp"

namespace collverify::cli {

namespace {

namespace nw = network;
namespace pf = proofs;
using nlohmann::json;

// --sides through the one parser (generators/torus_sides.hpp), then what synth tadt takes: one
// torus or mesh of 2 or 3 dimensions (the encoding's lower bound and symmetric queries are
// written for those; 1D and 4D are refused, as they always were).
std::vector<std::int64_t> synth_sides(const std::string& text) {
  const TorusSides sides = parse_one_torus(text, "synth tadt");
  if (sides.size() < 2 || sides.size() > 3) {
    throw InputError(fmt::format(
        "--sides '{}' is not AxB or AxBxC: synth tadt takes a 2D or 3D torus or mesh ({} "
        "dimension{} given; e.g. 4x6, 3x3x3)",
        text, sides.size(), sides.size() == 1 ? "" : "s"));
  }
  return sides;
}

struct SynthArgs {
  std::string sides;
  bool mesh = false;
  bool prove_bound = false;
  bool no_symmetric = false;
  bool no_implied = false;
  std::uint64_t rlimit = pf::SolverOptions{}.rlimit;
  std::string format = "text";
};

json tree_json(const nw::Network& net, const nw::LevelTree& t) {
  json arcs = json::array();
  for (const nw::LevelArc& a : t.arcs) {
    arcs.push_back({{"from", a.from}, {"to", net.target(a.from, a.direction).value_or(-1)},
                    {"direction", net.direction_name(a.direction)}, {"level", a.level}});
  }
  return {{"root", t.root}, {"height", nw::height(t)}, {"arcs", arcs}};
}

json result_json(const nw::Network& net, const pf::TadtSynthResult& r, const SynthArgs& a) {
  json j{{"command", "synth tadt"},
         {"network", nw::Network::describe(net.spec())},
         {"nodes", net.nodes()},
         {"mode", pf::to_string(r.mode)},
         {"lower_bound", {{"ports", r.bound.ports}, {"lemma8", r.bound.lemma8},
                          {"eccentricity", r.bound.eccentricity}, {"value", r.bound.value}}},
         {"z3", pf::z3_version()},
         {"rlimit", a.rlimit},
         {"found", r.found},
         {"height", r.found ? json(r.height) : json(nullptr)},
         {"status", pf::to_string(r.status)},
         {"proof", r.proof},
         {"recheck", r.found ? (r.recheck.empty() ? json("pass") : json(r.recheck)) : json(nullptr)},
         {"seconds", r.seconds},
         {"exit_code", pf::tadt_exit_code(r)}};
  j["attempts"] = json::array();
  for (const auto& t : r.attempts) {
    j["attempts"].push_back({{"height", t.height}, {"outcome", pf::to_string(t.outcome)},
                             {"variables", t.variables}, {"seconds", t.seconds},
                             {"symmetric", t.symmetric}});
  }
  j["trees"] = json::array();
  for (const auto& t : r.trees) j["trees"].push_back(tree_json(net, t));
  return j;
}

void print_tree(const nw::Network& net, const nw::LevelTree& t) {
  fmt::print("tree rooted at {} (height {}):\n", t.root, nw::height(t));
  for (std::int64_t l = 0; l < nw::height(t); ++l) {
    std::string line;
    for (const nw::LevelArc& a : t.arcs) {
      if (a.level != l) continue;
      line += fmt::format("  {}->{} {}", a.from, net.target(a.from, a.direction).value_or(-1),
                          net.direction_name(a.direction));
    }
    fmt::print("  level {}:{}\n", l, line);
  }
}

void print_text(const nw::Network& net, const pf::TadtSynthResult& r, const SynthArgs& a) {
  const bool generic = r.mode == pf::TadtMode::generic;
  fmt::print("synth tadt: {} ({} nodes), {}, Z3 {}, rlimit {}\n", nw::Network::describe(net.spec()),
             net.nodes(),
             generic ? "one generic tree rooted at 0 (its translations are the N trees; Lemma 11: "
                       "distinct directions per level)"
                     : "one tree per root (no arc in two trees at one level)",
             pf::z3_version(), a.rlimit);
  fmt::print("lower bound: max(Lemma 8: ceil({}/{}) = {}, eccentricity {}) = {}\n",
             r.bound.nodes - 1, r.bound.ports, r.bound.lemma8, r.bound.eccentricity,
             r.bound.value);
  for (const auto& t : r.attempts) {
    fmt::print("  height {}{}: {} ({} variables, {:.3f} s)\n", t.height,
               t.symmetric ? " (symmetric trees only)" : "", pf::to_string(t.outcome), t.variables,
               t.seconds);
  }
  for (const auto& t : r.trees) print_tree(net, t);
  if (r.found) {
    fmt::print("re-check (routed checker on all {} trees, all-port, full duplex, "
               "store-and-forward, non-combining): {}\n",
               net.nodes(), r.recheck.empty() ? "pass" : "FAIL: " + r.recheck);
  }
  const char* head = r.status == pf::TadtStatus::optimal        ? "OPTIMAL"
                     : r.status == pf::TadtStatus::recheck_failed ? "RECHECK FAILED"
                                                                  : "INCONCLUSIVE";
  fmt::print("{}: {}{} ({:.3f} s)\n", head,
             r.found ? fmt::format("height {}; ", r.height) : std::string(), r.proof, r.seconds);
}

int run_synth_tadt(const SynthArgs& a) {
  require_one_of("--format", a.format, {"text", "json"});
  pf::require_rlimit(a.rlimit);
  const nw::NetworkSpec spec{a.mesh ? nw::NetworkKind::mesh : nw::NetworkKind::torus,
                             synth_sides(a.sides)};
  pf::require_tadt_size(spec);
  const nw::Network net = nw::Network::from_spec(spec);
  pf::TadtSynthOptions o;
  o.solver.rlimit = a.rlimit;
  o.from_below_bound = a.prove_bound;
  o.symmetric_first = !a.no_symmetric;
  o.redundant = !a.no_implied;
  const auto r = pf::synthesize_tadt(net, o);
  if (a.format == "json") {
    std::cout << with_envelope("synth tadt", result_json(net, r, a).dump(2)) << "\n";
  } else {
    print_text(net, r, a);
  }
  return pf::tadt_exit_code(r);
}

}  // namespace

void register_synth_commands(const CommandTree& tree) {
  auto* synth = tree.app->add_subcommand("synth", "synthesize structures with Z3 (proved minimal)");
  synth->require_subcommand(1);
  auto sa = std::make_shared<SynthArgs>();
  auto* tadt = synth->add_subcommand(
      "tadt", "time-arc-disjoint trees of minimum height on a torus or mesh (seed 003)");
  tadt->add_option("--sides", sa->sides, "AxB or AxBxC, every side >= 1")
      ->required()
      ->type_name(value::kSides);
  tadt->add_flag("--mesh", sa->mesh, "a mesh (no wrap-around): one tree per root");
  tadt->add_flag("--prove-bound", sa->prove_bound,
                 "also ask Z3 one level below the lower bound (a cross-check of the encoding)");
  tadt->add_flag("--no-symmetric", sa->no_symmetric,
                 "skip the first query for a tree invariant under the rotation (square odd tori) "
                 "or point reflection (odd sides)");
  tadt->add_flag("--no-implied", sa->no_implied,
                 "leave out the implied constraints (empty-slot count, held both ways) on tori");
  add_int_flag(tadt, "--rlimit", sa->rlimit, 1, static_cast<std::int64_t>(pf::kMaxRlimit),
               "Z3 resource limit per solver call");
  add_format_option(tadt, sa->format, {"text", "json"}, "text (default) | json");
  tree.commands->push_back({tadt, [sa](const CommandContext&) { return run_synth_tadt(*sa); }});
}

}  // namespace collverify::cli
