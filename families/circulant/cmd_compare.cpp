// `compare bcast --p RANGE`: builds, for every p, the circulant broadcast tables of both built-in
// constructions (Algorithms 4-5 of seed 000 and the O(log p) one), checks each with the fast
// checker and lists the p where the tables differ: the number of differing entries and the first
// (rank, round, table) with both values. Exit 0 when both are valid for every p (whether or not
// they differ), 1 when either is invalid for some p, 2 bad input, 3 interrupted.
#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <map>

#include "families/circulant/cmd_compare.hpp"
#include "families/common/json_envelope.hpp"
#include "families/common/parse.hpp"
#include "families/circulant/compare_family.hpp"
#include "engine/run_range.hpp"
#include "generators/p_range.hpp"
#include "families/common/spelling.hpp"
#include "model/error.hpp"

namespace collverify::cli {
namespace {

struct CompareArgs {
  std::string p;
  int jobs = 1;
  std::string format = "text";
  std::string transcription = "corrected";  // of Algorithms 4-5 (docs/ERRATA.md)
};

using Results = std::map<std::int64_t, engine::Comparison>;

std::string violation_text(const Violation& v) {
  return fmt::format("{} at rank {}, round {}, block {}: {}", v.property, v.rank, v.round, v.block,
                     v.message);
}

std::string violation_json(const char* construction, std::int64_t p, const Violation& v) {
  return fmt::format(
      R"({{"p":{},"construction":"{}","property":"{}","rank":{},"round":{},"block":{}}})", p,
      construction, v.property, v.rank, v.round, v.block);
}

struct Totals {
  std::int64_t compared = 0, differ = 0, invalid = 0;
};

Totals print_text(const Results& results) {
  Totals t;
  for (const auto& [p, r] : results) {
    ++t.compared;
    if (r.alg45_violation)
      std::cout << "p=" << p << " alg45 INVALID: " << violation_text(*r.alg45_violation) << "\n";
    if (r.logp_violation)
      std::cout << "p=" << p << " logp INVALID: " << violation_text(*r.logp_violation) << "\n";
    t.invalid += (r.alg45_violation || r.logp_violation) ? 1 : 0;
    if (r.diff.entries == 0) continue;
    ++t.differ;
    std::cout << fmt::format(
        "p={} differs in {} entries; first: rank {} round {} {}: alg45 {} logp {}\n", p,
        r.diff.entries, r.diff.rank, r.diff.round, r.diff.table, r.diff.alg45, r.diff.logp);
  }
  std::cout << fmt::format(
      "compared {} p: tables differ for {}, a construction is invalid for {}\n", t.compared,
      t.differ, t.invalid);
  return t;
}

Totals print_json(const Results& results, bool complete) {
  Totals t;
  std::string differ, invalid;
  for (const auto& [p, r] : results) {
    ++t.compared;
    for (const auto& [name, v] :
         {std::pair{"alg45", &r.alg45_violation}, std::pair{"logp", &r.logp_violation}}) {
      if (!*v) continue;
      invalid += (invalid.empty() ? "" : ",") + violation_json(name, p, **v);
    }
    t.invalid += (r.alg45_violation || r.logp_violation) ? 1 : 0;
    if (r.diff.entries == 0) continue;
    ++t.differ;
    differ += fmt::format(
        R"({}{{"p":{},"entries":{},"rank":{},"round":{},"table":"{}","alg45":{},"logp":{}}})",
        differ.empty() ? "" : ",", p, r.diff.entries, r.diff.rank, r.diff.round, r.diff.table,
        r.diff.alg45, r.diff.logp);
  }
  std::cout << with_envelope(
                   "compare bcast",
                   fmt::format(
                       R"({{"compared":{},"complete":{},"differ_count":{},"invalid_count":{},"differ":[{}],"invalid":[{}]}})",
                       t.compared, complete ? "true" : "false", t.differ, t.invalid, differ, invalid))
            << "\n";
  return t;
}

int run_compare(const CompareArgs& a, const CommandContext& ctx) {
  if (a.format != "text" && a.format != "json") {
    throw InputError("--format '" + a.format + "' is not one of: text, json");
  }
  const circulant::Transcriptions t = parse_transcription(a.transcription);
  require_jobs(a.jobs);
  const PRange range = PRange::parse(a.p);
  const auto ps = range.values(PRange::kMaxValues);
  const engine::CompareFamily family(t);
  engine::RunOptions o;
  o.jobs = a.jobs;
  o.stop = ctx.interrupted;
  const bool complete = engine::run_range(family, ps, o).complete;
  const Results results = family.comparisons();
  const Totals totals = a.format == "json" ? print_json(results, complete) : print_text(results);
  if (totals.invalid > 0) return 1;
  if (!complete) {
    std::fprintf(stderr, "collverify: interrupted after %lld of %zu p\n",
                 static_cast<long long>(totals.compared), ps.size());
    return 3;
  }
  return 0;
}

}  // namespace

void register_compare_commands(const CommandTree& tree) {
  auto* compare =
      tree.app->add_subcommand("compare", "compare two constructions over a range of p");
  compare->require_subcommand(1);
  auto a = std::make_shared<CompareArgs>();
  a->jobs = default_jobs();
  auto* sub = compare->add_subcommand(
      "bcast",
      "circulant broadcast: Algorithms 4-5 (alg45) against the O(log p) construction (logp)");
  add_range_option(sub, a->p, "processor counts, e.g. 2..4096")->required();
  add_int_flag(sub, "-j,--jobs", a->jobs, 1, kMaxJobs, "worker threads (default: hardware threads)");
  add_format_option(sub, a->format, {"text", "json"}, "text (default) or json");
  sub->add_option("--transcription", a->transcription,
                  "reading of Algorithms 4-5: corrected (default) or literal (docs/ERRATA.md)")
      ->type_name("corrected|literal");
  tree.commands->push_back({sub, [a](const CommandContext& ctx) { return run_compare(*a, ctx); }, true});
}

}  // namespace collverify::cli
