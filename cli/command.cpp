#include "cli/command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "cli/parse.hpp"
#include "engine/progress.hpp"
#include "engine/work_pool.hpp"
#include "engine/run_range.hpp"
#include "model/error.hpp"
#include "reports/hypercube_svg.hpp"
#include "reports/torus_svg.hpp"
#include "reports/tree_dot.hpp"
#include "reports/writers.hpp"

namespace collverify::cli {

int default_jobs() { return engine::hardware_jobs(); }

void add_common_verify_flags(CLI::App* sub, CommonVerifyArgs& a) {
  a.jobs = default_jobs();
  sub->add_option("--p", a.p, "processor counts: 2..4096, 2..4096:7, 1000,2000, 2^10..2^17");
  add_int_flag(sub, "--jobs", a.jobs, 1, kMaxJobs, "worker threads (default: hardware threads)");
  sub->add_option("--report", a.report, "directory for summary.json, junit.xml, report.md, report.html");
  sub->add_option("--format", a.format, "report formats: json,junit,md,html");
  sub->add_flag("--github", a.github, "print GitHub workflow annotations and a step summary");
  add_int_flag(sub, "--junit-chunk", a.junit_chunk, 1, kMaxJunitChunk,
               "consecutive p per JUnit test case");
  sub->add_flag("--instances", a.instances, "list every instance in summary.json");
  add_int_flag(sub, "--max-violations", a.max_violations, 1, 1'000'000,
               "violations listed per construction (default 100; the total is always counted)");
}

namespace {
void prepare_report_dir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir) || ::access(dir.c_str(), W_OK) != 0) {
    throw InputError(fmt::format("--report '{}' is not a directory collverify can write to{}", dir,
                                 ec ? " (" + ec.message() + ")" : std::string()));
  }
}
}  // namespace

RunOutput prepare_run_output(const CommonVerifyArgs& a) {
  require_jobs(a.jobs);
  if (a.junit_chunk < 1) {
    throw InputError(fmt::format("--junit-chunk {} is not at least 1", a.junit_chunk));
  }
  RunOutput out;
  out.formats = parse_report_formats(a.format);
  out.formats.junit_chunk = a.junit_chunk;
  out.run_id = new_run_id();
  if (!a.report.empty()) {
    prepare_report_dir(a.report);
    out.report_dir = a.report;
    // Before any work: a second run on the same directory is refused at once, not after hours.
    out.report_lock = std::make_shared<ReportDirLock>(lock_report_dir(a.report, out.run_id));
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
  // A witness tree is drawn for the reports (embedded in report.md/html, and written by
  // write_reports as <name>_witness.dot beside them for `dot -Tsvg`).
  for (auto& c : summary.constructions) {
    if (!c.witness_tree || !c.picture_dot.empty()) continue;
    c.picture_dot = tree_dot(c.witness_tree->tree, c.witness_tree->sizes, c.witness_tree->title);
  }
  // The hypercube trees are drawn as SVG (embedded in report.html, files beside the reports).
  for (auto& c : summary.constructions) {
    if (!c.hypercube_pictures || !c.pictures_svg.empty()) continue;
    const HypercubePictures& h = *c.hypercube_pictures;
    c.pictures_svg.push_back({"aab_tree.svg",
                              fmt::format("AAB generic tree by round, d = {}", h.aab.d),
                              aab_tree_svg(h.aab)});
    c.pictures_svg.push_back({"oas_tree.svg", fmt::format("OAS tree, d = {}", h.oas_d),
                              oas_tree_svg(h.oas_d, h.oas_parent)});
    if (out.report_dir) {
      for (const SvgPicture& pic : c.pictures_svg) {
        write_file_atomically(*out.report_dir / pic.file, pic.svg);
      }
    }
  }
  // The torus cycles and wormhole rounds likewise (reports/torus_svg.hpp).
  for (auto& c : summary.constructions) {
    if (!c.torus_pictures) continue;
    const TorusPictures& t = *c.torus_pictures;
    std::vector<SvgPicture> pics;
    if (!t.cycles.empty()) {
      pics.push_back({"torus_cycles.svg", "Link-disjoint Hamiltonian cycles",
                      torus_cycles_svg(t.cycle_sides, t.cycles)});
    }
    if (t.wormhole) {
      pics.push_back({"torus_wormhole.svg", t.wormhole_title,
                      wormhole_rounds_svg(*t.wormhole, t.wormhole_title)});
    }
    for (const SvgPicture& pic : pics) {
      if (out.report_dir) write_file_atomically(*out.report_dir / pic.file, pic.svg);
      c.pictures_svg.push_back(pic);
    }
  }
  return finish_run(summary, out);
}

int verify_family(const engine::Family& family, const PRange& range, const CommonVerifyArgs& a,
                  const RunOutput& out, const CommandContext& ctx) {
  engine::StderrProgress progress;
  engine::RunOptions o;
  o.jobs = a.jobs;
  o.instances = a.instances || range.count() <= 64;
  o.max_violations = static_cast<std::size_t>(a.max_violations);
  o.stop = ctx.interrupted;
  o.progress = &progress;
  o.p_text = a.p.empty() ? range.text() : a.p;
  auto r = engine::run_range(family, range.values(PRange::kMaxValues), o);
  std::vector<ConstructionSummary> parts;
  parts.push_back(std::move(r.summary));
  return finish_constructions(std::move(parts), r.complete, ctx.command_line, out);
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
