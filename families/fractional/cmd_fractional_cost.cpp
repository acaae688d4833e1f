// `collverify fractional --P 4096 --k-over-t 1000 [--format text|json|md]`: the paper's choice of
// r and s, the exact best, the chain, the binary tree, Träff's circulant and the lower bound, each
// with r, d, s and T/k (model/fractional/cost.hpp computes; this file parses and prints).
// `collverify fractional --figure3 DIR`: Figure 3 as DIR/fractional_speedup.csv and .svg.
// Exit 0, or 2 for bad input naming the value (P < 1, k/t <= 0, a flag given twice over).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "families/fractional/cmd_fractional_cost.hpp"
#include "families/common/json_envelope.hpp"
#include "families/common/parse.hpp"
#include "families/fractional/fractional_cost_family.hpp"
#include "generators/p_range.hpp"
#include "families/common/spelling.hpp"
#include "model/error.hpp"
#include "model/fractional/cost.hpp"
#include "families/fractional/fractional_svg.hpp"
#include "reports/writers.hpp"

namespace collverify::cli {
namespace {

using nlohmann::json;
using fractional::CostPoint;
using fractional::CostTable;

struct Args {
  std::optional<std::int64_t> P;
  std::string kappa;
  std::string format = "text";
  std::string figure3;
};

json row_json(const CostPoint& p) {
  json j;
  j["r"] = p.r ? json(*p.r) : json(nullptr);
  j["d"] = p.d;
  j["s"] = p.s;
  j["steps"] = p.steps;
  j["T_over_k"] = p.T_over_k;
  return j;
}

json table_json(const CostTable& t) {
  json out;
  out["P"] = t.P;
  out["k_over_t"] = t.kappa;
  out["paper_choice"] = row_json(t.paper);
  if (!t.paper_note.empty()) out["paper_choice"]["note"] = t.paper_note;
  out["best"] = row_json(t.best);
  out["chain"] = row_json(t.chain);
  out["binary"] = row_json(t.binary);
  out["circulant"] = row_json(t.circulant);
  out["lower_bound"] = row_json(t.lower);
  out["lower_bound"]["formula_6_as_printed"] = t.lower_as_printed;
  out["paper_vs_best"] = {{"agree", t.paper.r == t.best.r && t.paper.s == t.best.s},
                          {"T_ratio", t.best.T_over_k > 0 ? t.paper.T_over_k / t.best.T_over_k : 1.0},
                          {"percent_slower", 100 * t.paper_excess}};
  out["fastest"] = t.fastest;
  return out;
}

std::string r_text(const CostPoint& p, const char* none) {
  return p.r ? std::to_string(*p.r) : std::string(none);
}

// One line per layout; `md` draws a Markdown table, otherwise aligned columns.
std::string table_text(const CostTable& t, bool md) {
  struct Row {
    const char* name;
    const CostPoint* p;
    const char* r_none;
  };
  const Row rows[] = {{"paper's choice", &t.paper, "-"}, {"exact best", &t.best, "-"},
                      {"chain", &t.chain, "inf"},        {"binary tree", &t.binary, "-"},
                      {"circulant (seed 000)", &t.circulant, "-"},
                      {"lower bound", &t.lower, "-"}};
  std::string out = fmt::format("{}Fractional trees (seed 002), P = {}, k/t = {:g}: duplex model, "
                                "T = steps (t + k/s)\n\n",
                                md ? "## " : "", t.P, t.kappa);
  out += md ? "| layout | r | d | s | steps | T/k |\n|---|---:|---:|---:|---:|---:|\n"
            : fmt::format("{:<22}{:>6}{:>10}{:>12}{:>14}{:>10}\n", "layout", "r", "d", "s",
                          "steps", "T/k");
  for (const Row& row : rows) {
    const CostPoint& p = *row.p;
    const bool real = row.p == &t.lower;
    const std::string d = real ? fmt::format("{:.3f}", p.d) : fmt::format("{:.0f}", p.d);
    const std::string s = real ? fmt::format("{:.2f}", p.s) : fmt::format("{:.0f}", p.s);
    const std::string steps = real ? fmt::format("{:.2f}", p.steps) : fmt::format("{:.0f}", p.steps);
    const std::string tk = fmt::format("{:.4f}", p.T_over_k);
    out += md ? fmt::format("| {} | {} | {} | {} | {} | {} |\n", row.name, r_text(p, row.r_none),
                            d, s, steps, tk)
              : fmt::format("{:<22}{:>6}{:>10}{:>12}{:>14}{:>10}\n", row.name,
                            r_text(p, row.r_none), d, s, steps, tk);
  }
  out += "\n";
  if (!t.paper_note.empty()) out += fmt::format("The paper's rule: {}.\n", t.paper_note);
  if (t.paper.r == t.best.r && t.paper.s == t.best.s) {
    out += "The paper's choice is the exact best.\n";
  } else {
    out += fmt::format(
        "The paper's choice (r = {}, s = {:.0f}) is {:.3f}% slower than the exact best (r = {}, "
        "s = {:.0f}).\n",
        r_text(t.paper, "-"), t.paper.s, 100 * t.paper_excess, r_text(t.best, "-"), t.best.s);
  }
  out += fmt::format(
      "Lower bound: s - 1 + log2 P steps at real s; (6) as printed gives {:.4f}, which is not a "
      "bound (docs/ERRATA.md).\nFastest here: {}.\n",
      t.lower_as_printed, t.fastest);
  return out;
}

int run_figure3(const Args& a) {
  const std::filesystem::path dir(a.figure3);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir)) {
    throw InputError(fmt::format("--figure3 '{}' is not a directory that can be created ({})",
                                 a.figure3, ec.message()));
  }
  const auto curves = fractional::figure3_curves();
  write_file_atomically(dir / "fractional_speedup.csv", speedup_csv(curves));
  write_file_atomically(dir / "fractional_speedup.svg", speedup_svg(curves));
  for (const auto& c : curves) {
    const fractional::SpeedupPoint i = fractional::refine_max(c, true);
    const fractional::SpeedupPoint r = fractional::refine_max(c, false);
    std::printf("P = %lld: max speed-up %.4f at k/t = %.4g (r = %lld); paper's real-s formulas "
                "%.4f at k/t = %.4g (r = %lld)\n",
                static_cast<long long>(c.P), i.integer_speedup, i.kappa,
                static_cast<long long>(i.integer_r), r.continuous_speedup, r.kappa,
                static_cast<long long>(r.continuous_r));
  }
  std::printf("wrote %s and %s\n", (dir / "fractional_speedup.csv").c_str(),
              (dir / "fractional_speedup.svg").c_str());
  return 0;
}

int run(const Args& a) {
  if (!a.figure3.empty()) {
    if (a.P || !a.kappa.empty())
      throw InputError("--figure3 draws fixed machine sizes; give it without --p and --k-over-t");
    return run_figure3(a);
  }
  require_one_of("--format", a.format, {"text", "json", "md"});
  if (!a.P) throw InputError("--p or --P is required (the number of PUs, 1 or more)");
  if (a.kappa.empty()) throw InputError("--k-over-t is required (the message length over t, > 0)");
  double kappa = 0;
  try {
    kappa = parse_nonnegative_real("--k-over-t", a.kappa);
  } catch (const InputError&) {
    kappa = -1;  // named below with the accepted range
  }
  if (!(kappa > 0) || kappa > fractional::kMaxKappa) {
    throw InputError(fmt::format("--k-over-t '{}' is not in the accepted range (0, {:g}]", a.kappa,
                                 fractional::kMaxKappa));
  }
  const CostTable t = fractional::cost_table(*a.P, kappa);
  if (a.format == "json") {
    std::cout << with_envelope("fractional", table_json(t).dump(2)) << "\n";
  } else {
    std::cout << table_text(t, a.format == "md");
  }
  return 0;
}

}  // namespace

ConstructionSummary campaign_fractional_cost(const CampaignOptions& c, bool& complete) {
  std::fprintf(stderr,
               "campaign: fractional-cost for P = 64, 1024, 16384 over Figure 3's k/t (exact "
               "search against its grid twin)\n");
  return run_campaign_family(engine::FractionalCostFamily(), PRange::parse("64,1024,16384"), c,
                             complete);
}

void register_fractional_cost_commands(const CommandTree& tree) {
  auto a = std::make_shared<Args>();
  auto* sub = tree.app->add_subcommand(
      "fractional", "seed 002's cost model: the best r and s for P PUs and message length k/t");
  constexpr std::int64_t kMaxP = (std::int64_t{1} << 62) - 1;
  CLI::Option* p = add_int_flag(sub, "-p,--p", a->P, 1, kMaxP, "number of PUs");
  make_alias(add_int_flag(sub, "--P", a->P, 1, kMaxP, ""), p);
  sub->add_option("--k-over-t", a->kappa, "message length k in units of the start-up time t")
      ->type_name(value::kFloat);
  add_format_option(sub, a->format, {"text", "json", "md"}, "text (default), json or md");
  sub->add_option("--figure3", a->figure3,
                  "write Figure 3 (speed-up over k/t, P = 64, 1024, 16384) as CSV and SVG here")
      ->type_name(value::kDir);
  tree.commands->push_back({sub, [a](const CommandContext&) { return run(*a); }});
}

}  // namespace collverify::cli
