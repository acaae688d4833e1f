// `schedule bcast` and `verify bcast`: the circulant n-block broadcast of seed 000, built by the
// O(log p) construction (`--construction logp`, the default of verify) or by Algorithms 4-5
// (`alg45`, the paper's, the default of schedule and the only one with `--transcription`).
#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <vector>

#include "families/circulant/cmd_bcast.hpp"
#include "families/common/json_envelope.hpp"
#include "families/common/parse.hpp"
#include "families/circulant/schedule_table.hpp"
#include "families/circulant/bcast_family.hpp"
#include "engine/run_range.hpp"
#include "families/circulant/schedule_source.hpp"
#include "generators/external/schedule_files.hpp"
#include "generators/external/schedule_json.hpp"
#include "families/common/spelling.hpp"
#include "model/error.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace collverify::cli {
namespace {

using engine::Construction;
using engine::ScheduleSource;

// --transcription literal exists for Algorithms 4-5 only: given alone it selects them, given
// with --construction logp it is refused.
Construction pick_construction(const std::string& construction, const std::string& transcription,
                               Construction fallback, const std::string& flag) {
  if (construction.empty()) {
    return transcription == "literal" ? Construction::alg45 : fallback;
  }
  const Construction c = engine::parse_construction(construction, flag);
  if (c != Construction::alg45 && transcription != "corrected") {
    throw InputError("--transcription '" + transcription + "' applies to " + flag +
                     " alg45 only, not " + flag + " " + construction);
  }
  return c;
}

struct BcastArgs {
  CommonVerifyArgs common;
  std::string construction;  // empty: logp (or alg45 when --transcription literal)
  std::string construction_flag = "--algo";  // as typed: --algo or its alias --construction
  std::string blocks = BlockCounts::kDefault;
  std::string schedule_file;
  std::string schedule_plugin;
  std::int64_t root = 0;
  std::int64_t generic_max_p = 1024;
  std::string transcription = "corrected";
  engine::StreamRunOptions stream;
};

struct ScheduleArgs {
  std::string p;
  std::string construction = "alg45";
  std::string construction_flag = "--algo";
  std::string format = "text";
  std::string transcription = "corrected";
};

void add_stream_flags(CLI::App& app, engine::StreamRunOptions& s) {
  app.add_flag("--stream", s.force,
               "check every rank of each p from rows computed on demand, without the p x q "
               "tables (automatic for p whose tables exceed 1 GiB)");
  // Hidden (tests and benchmarks): the switch-over size, the exact agreement mode, the chunk
  // size and the fingerprint seed.
  add_int_flag(&app, "--stream-above-bytes", s.above_bytes, 0, kNoMax, "")->group("");
  app.add_flag("--stream-exact", s.exact)->group("");
  app.add_option_function<std::string>("--stream-chunk", [&s](const std::string& t) {
       const std::int64_t v = parse_int("--stream-chunk", t, 1, std::int64_t{1} << 20);
       if ((v & (v - 1)) != 0) {
         throw InputError("--stream-chunk '" + t + "' is not a power of two from 1 to 2^20");
       }
       s.chunk_ranks = v;
     })->group("");
  add_int_flag(&app, "--stream-seed", s.seed, 0, kNoMax, "")->group("");
}

int run_schedule(const ScheduleArgs& a) {
  const PRange range = PRange::parse(a.p);
  if (range.count() != 1) throw InputError("schedule bcast takes one p, not '" + a.p + "'");
  const auto t = parse_transcription(a.transcription);
  const auto c = pick_construction(a.construction, a.transcription, Construction::alg45,
                                    a.construction_flag);
  const auto s = c == Construction::logp ? circulant::build_circulant_bcast_logp(range.max())
                                         : circulant::build_circulant_bcast(range.max(), {t});
  if (a.format == "json") {
    std::cout << with_envelope("schedule bcast", schedule_to_json(s)) << "\n";
  } else if (a.format == "text") {
    std::cout << schedule_table(s);
  } else {
    throw InputError("--format '" + a.format + "' is not one of: text, json");
  }
  return 0;
}

std::unique_ptr<ScheduleSource> make_source(const BcastArgs& a) {
  if ((!a.schedule_file.empty() || !a.schedule_plugin.empty()) && !a.construction.empty()) {
    throw InputError(a.construction_flag +
                     " selects a built-in construction; it excludes --schedule-file and "
                     "--schedule-plugin");
  }
  if (!a.schedule_file.empty() && !a.schedule_plugin.empty()) {
    throw InputError("--schedule-file and --schedule-plugin exclude each other");
  }
  if (a.root != 0 && a.schedule_plugin.empty()) {
    throw InputError("--root " + std::to_string(a.root) +
                     " applies to --schedule-plugin (ABI 2) only; the built-in constructions and "
                     "schedule files are for root 0");
  }
  if (!a.schedule_file.empty()) return engine::file_source(a.schedule_file);
  if (!a.schedule_plugin.empty()) return engine::plugin_source(a.schedule_plugin, a.root);
  const auto t = parse_transcription(a.transcription);
  return engine::reference_source(
      pick_construction(a.construction, a.transcription, Construction::logp, a.construction_flag),
      t);
}

int run_verify(const BcastArgs& a, const CommandContext& ctx) {
  auto source = make_source(a);
  const RunOutput out = prepare_run_output(a.common);
  PRange range = PRange::single(2);
  const std::vector<std::int64_t> held = source->held_ps();
  if (a.common.p.empty()) {
    if (held.empty()) throw InputError("--p RANGE is required (e.g. --p 2..4096)");
    range = PRange::parse(p_list_text(held));
  } else {
    range = PRange::parse(a.common.p);
    // With files, --p selects among the p they hold; a p they lack is refused by name.
    if (!held.empty()) {
      range = PRange::parse(
          p_list_text(select_held(held, range.values(PRange::kMaxValues), source->describe())));
    }
  }
  engine::StderrProgress stream_progress;
  engine::BcastOptions o;
  o.blocks = BlockCounts::parse(a.blocks);
  o.generic_max_p = a.generic_max_p;
  o.stream = a.stream;
  o.stream_progress = &stream_progress;
  const engine::BcastFamily family(*source, o);
  return verify_family(family, range, a.common, out, ctx);
}

}  // namespace

void register_bcast_commands(const CommandTree& tree) {
  auto sa = std::make_shared<ScheduleArgs>();
  auto* sched = tree.schedule->add_subcommand("bcast", "circulant n-block broadcast (seed 000)");
  add_text_option(sched, "-p,--p", sa->p, "number of processors", value::kInt, {"--P"})->required();
  add_format_option(sched, sa->format, {"text", "json"}, "text (default; alias table) or json");
  add_text_option(sched, "--algo", sa->construction,
                  "alg45 (default: seed 000 Algorithms 4-5) or logp (the O(log p) construction)",
                  "alg45|logp", {"--construction"}, &sa->construction_flag);
  sched->add_option("--transcription", sa->transcription,
                    "corrected (default) or literal; alg45 only")
      ->type_name("corrected|literal");
  tree.commands->push_back({sched, [sa](const CommandContext&) { return run_schedule(*sa); }});

  auto va = std::make_shared<BcastArgs>();
  auto* sub = tree.verify->add_subcommand("bcast", "circulant n-block broadcast (seed 000)");
  add_common_verify_flags(sub, va->common);
  sub->add_option("--blocks", va->blocks, "block counts n per p, e.g. 1,2,q,q+1,2q+1,3q+2")
      ->type_name(value::kTerms);
  sub->add_option("--schedule-file", va->schedule_file,
                  "verify users' schedules: a JSON file (one schedule or an array), JSON Lines "
                  "(*.jsonl, one a line) or a directory of them; every p held, or those --p "
                  "selects")
      ->type_name(value::kPath);
  sub->add_option("--schedule-plugin", va->schedule_plugin,
                  "verify a user's plugin library (plugin ABI 1 or 2)")
      ->type_name(value::kPath);
  add_int_flag(sub, "--root", va->root, 0, kNoMax,
               "ABI 2 plugins: ask for the broadcast from root R mod p, check it and its rank "
               "mapping against root 0 (default 0)");
  add_int_flag(sub, "--generic-max-p", va->generic_max_p, 0, kNoMax,
                  "simulate the explicit schedule for every n up to this p (default 1024)");
  add_text_option(sub, "--algo", va->construction,
                  "built-in construction: logp (default, O(log p) per rank) or alg45 (seed 000 "
                  "Algorithms 4-5)",
                  "logp|alg45", {"--construction"}, &va->construction_flag);
  sub->add_option("--transcription", va->transcription,
                  "alg45 only: corrected (default) or literal (docs/ERRATA.md); literal alone "
                  "selects alg45")
      ->type_name("corrected|literal");
  add_stream_flags(*sub, va->stream);
  tree.commands->push_back({sub, [va](const CommandContext& ctx) { return run_verify(*va, ctx); }, true});
}

namespace {

ConstructionSummary campaign_part(const CampaignOptions& c, bool& complete, Construction which,
                                  std::int64_t generic_max_p) {
  const char* range = c.quick ? "1..256" : "1..4096";
  std::fprintf(stderr,
               "campaign: bcast (%s) for p = %s, n in {%s}, fast check, generic simulation for "
               "p <= %lld\n",
               engine::construction_name(which), range, BlockCounts::kDefault,
               static_cast<long long>(generic_max_p));
  auto source = engine::reference_source(which);
  engine::BcastOptions o;
  o.generic_max_p = generic_max_p;
  o.name = which == Construction::logp ? "bcast" : "bcast-alg45";
  return run_campaign_family(engine::BcastFamily(*source, o), PRange::parse(range), c, complete);
}

}  // namespace

// The default construction: every explicit schedule of the campaign's range is simulated.
ConstructionSummary campaign_bcast(const CampaignOptions& c, bool& complete) {
  return campaign_part(c, complete, Construction::logp, 4096);
}

// The paper's construction: the fast check covers every n for all p; the generic simulation runs
// up to p = 1024 to keep the campaign within its time budget.
ConstructionSummary campaign_bcast_alg45(const CampaignOptions& c, bool& complete) {
  return campaign_part(c, complete, Construction::alg45, 1024);
}

}  // namespace collverify::cli
