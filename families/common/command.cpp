#include "families/common/command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "families/common/parse.hpp"
#include "families/common/spelling.hpp"
#include "engine/journal.hpp"
#include "engine/progress.hpp"
#include "engine/work_pool.hpp"
#include "engine/run_range.hpp"
#include "model/error.hpp"
#include "reports/report_dir.hpp"
#include "reports/writers.hpp"

namespace collverify::cli {

namespace {
engine::Distribution* g_distribution = nullptr;
}  // namespace

void set_process_distribution(engine::Distribution* d) { g_distribution = d; }
engine::Distribution* process_distribution() { return g_distribution; }
int process_rank() { return g_distribution ? g_distribution->rank() : 0; }

int default_jobs() { return engine::hardware_jobs(); }

void add_common_verify_flags(CLI::App* sub, CommonVerifyArgs& a, PFlag p) {
  a.jobs = default_jobs();
  CLI::Option* range =
      add_range_option(sub, a.p, "processor counts: 2..4096, 2..4096:7, 1000,2000, 2^10..2^17");
  if (p == PFlag::hidden) range->group("");
  add_int_flag(sub, "-j,--jobs", a.jobs, 1, kMaxJobs, "worker threads (default: hardware threads)");
  add_report_option(sub, a.report, "directory for summary.json, junit.xml, report.md, report.html");
  sub->add_option_function<std::string>(
         "-f,--format",
         [&a](const std::string& text) {
           a.format = text;
           a.format_given = true;
         },
         "report formats written to --report DIR: json,junit,md,html (default json,junit,md)")
      ->type_name(value::kList);
  sub->add_flag("--github", a.github, "print GitHub workflow annotations and a step summary");
  add_int_flag(sub, "--junit-chunk", a.junit_chunk, 1, kMaxJunitChunk,
               "consecutive p per JUnit test case");
  sub->add_flag("--instances", a.instances, "list every instance in summary.json");
  add_int_flag(sub, "--max-violations", a.max_violations, 1, 1'000'000,
               "violations listed per construction (default 100; the total is always counted)");
  sub->add_option("--resume", a.resume,
                  "continue the killed or interrupted run whose reports and journal are in DIR")
      ->type_name(value::kDir);
}


RunOutput prepare_run_output(const CommonVerifyArgs& a) {
  require_jobs(a.jobs);
  if (a.junit_chunk < 1) {
    throw InputError(fmt::format("--junit-chunk {} is not at least 1", a.junit_chunk));
  }
  RunOutput out;
  out.formats = parse_report_formats(a.format);
  if (a.format_given && a.report.empty() && a.resume.empty()) {
    // The formats are files in the report directory: without one nothing would be written.
    throw InputError(fmt::format("--format '{}' writes files and needs --report DIR (the "
                                 "directory to write them to); without --report the verdict "
                                 "is printed on stdout only",
                                 a.format));
  }
  out.formats.junit_chunk = a.junit_chunk;
  out.run_id = new_run_id();
  std::string report = a.report;
  if (!a.resume.empty()) {
    if (!report.empty() && std::filesystem::path(report) != std::filesystem::path(a.resume)) {
      throw InputError(fmt::format("--resume '{}' and --report '{}' name different directories; "
                                   "a resumed run writes its reports where its journal is",
                                   a.resume, report));
    }
    std::error_code ec;
    if (!std::filesystem::is_directory(std::filesystem::path(a.resume) / "journal", ec)) {
      throw InputError(fmt::format("--resume '{}': no journal there (a run with --report '{}' "
                                   "that was killed or interrupted leaves DIR/journal/)",
                                   a.resume, a.resume));
    }
    report = a.resume;
    out.resume = true;
  }
  if (!report.empty()) {
    out.report_dir = report;
    // Only rank 0 of a distributed run holds the directory; the others only write their journal.
    if (process_rank() == 0) {
      prepare_report_dir(report, "collverify");
      // Before any work: a second run on the same directory is refused at once, not after hours.
      out.report_lock = std::make_shared<ReportDirLock>(lock_report_dir(report, out.run_id));
      // A run that dies must not leave an older run's summary (which may say pass) behind.
      std::error_code ec;
      std::filesystem::remove(std::filesystem::path(report) / "summary.json", ec);
    }
  }
  out.github = a.github;
  return out;
}

int finish_constructions(std::vector<ConstructionSummary> parts, bool complete,
                         const std::string& command, const RunOutput& out) {
  RunSummary summary;
  summary.version = COLLVERIFY_VERSION;
  summary.command = command;
  summary.complete = complete;
  summary.run_id = out.run_id;
  summary.constructions = std::move(parts);
  return finish_run(summary, out);
}

namespace {
// run_range; a refusal before the run was accepted names the range as the user typed it (a
// family names the one p it refuses: "torus 46341x46341 has 2147488281 nodes").
engine::RangeResult run_range_naming_the_range(const engine::Family& family, const PRange& range,
                                               const CommonVerifyArgs& a,
                                               const engine::RunOptions& o, const bool& accepted) {
  try {
    return engine::run_range(family, range.values(PRange::kMaxValues), o);
  } catch (const InputError& e) {
    const std::string message = e.what();
    if (accepted || a.p.empty() || message.find(a.p) != std::string::npos) throw;
    throw InputError(fmt::format("{} '{}': {}", a.range_flag, a.p, message));
  }
}
}  // namespace

int verify_family(const engine::Family& family, const PRange& range, const CommonVerifyArgs& a,
                  const RunOutput& out, const CommandContext& ctx, const std::string& banner) {
  engine::StderrProgress progress;
  engine::RunOptions o;
  o.jobs = a.jobs;
  o.instances = a.instances || range.count() <= 64;
  o.max_violations = static_cast<std::size_t>(a.max_violations);
  o.stop = ctx.interrupted;
  o.progress = process_rank() == 0 ? &progress : nullptr;
  o.p_text = a.p.empty() ? range.text() : a.p;
  o.distribution = process_distribution();
  if (out.report_dir) o.journal_dir = *out.report_dir;
  o.resume = out.resume;
  bool accepted = false;
  o.on_accepted = [&banner, &accepted] {
    accepted = true;
    if (banner.empty()) return;
    std::fputs(banner.c_str(), stdout);
    std::fflush(stdout);
  };
  auto r = run_range_naming_the_range(family, range, a, o, accepted);
  if (out.resume && process_rank() == 0) {
    std::fprintf(stderr, "%s: resumed: %lld of %lld p taken from the journal\n",
                 family.name().c_str(), static_cast<long long>(r.resumed),
                 static_cast<long long>(range.count()));
  }
  std::vector<ConstructionSummary> parts;
  parts.push_back(std::move(r.summary));
  if (process_rank() != 0) {  // every rank has the same summary; rank 0 reports it
    RunSummary summary;
    summary.complete = r.complete;
    summary.constructions = std::move(parts);
    return engine::exit_code(summary);
  }
  const int code = finish_constructions(std::move(parts), r.complete, ctx.command_line, out);
  // The reports now say everything the journal did: a complete run leaves no journal behind.
  if (out.report_dir && r.complete) engine::clear_journal(*out.report_dir);
  return code;
}

ConstructionSummary run_campaign_family(const engine::Family& family, const PRange& range,
                                        const CampaignOptions& c, bool& complete) {
  engine::StderrProgress progress;
  engine::RunOptions o;
  o.jobs = c.jobs;
  o.stop = c.interrupted;
  o.progress = &progress;
  o.p_text = range.text();
  auto r = engine::run_range(family, range.values(PRange::kMaxValues), o);
  complete = complete && r.complete;
  return std::move(r.summary);
}

}  // namespace collverify::cli
