#include "families/common/command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "families/common/parse.hpp"
#include "engine/journal.hpp"
#include "engine/progress.hpp"
#include "engine/work_pool.hpp"
#include "engine/run_range.hpp"
#include "model/error.hpp"
#include "reports/fractional_svg.hpp"
#include "reports/hypercube_svg.hpp"
#include "reports/torus_cycles_svg.hpp"
#include "reports/torus_svg.hpp"
#include "reports/tree_dot.hpp"
#include "reports/writers.hpp"

namespace collverify::cli {

namespace {
engine::Distribution* g_distribution = nullptr;
}  // namespace

void set_process_distribution(engine::Distribution* d) { g_distribution = d; }
engine::Distribution* process_distribution() { return g_distribution; }
int process_rank() { return g_distribution ? g_distribution->rank() : 0; }

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
  sub->add_option("--resume", a.resume,
                  "continue the killed or interrupted run whose reports and journal are in DIR");
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
      prepare_report_dir(report);
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
  }
  // The torus TADT generic tree coloured by level, likewise.
  for (auto& c : summary.constructions) {
    if (!c.tadt_picture) continue;
    const TadtPicture& t = *c.tadt_picture;
    std::string shape;
    for (std::int64_t s : t.sides) shape += (shape.empty() ? std::string() : std::string("x")) + std::to_string(s);
    c.pictures_svg.push_back(
        {"tadt_tree.svg",
         fmt::format("TADT generic tree of torus {}, arcs coloured by level", shape),
         tadt_tree_svg(t.sides, t.tree)});
  }
  // Z3's trees of the torus-synth part, one picture each (2D by level, 3D by slices).
  for (auto& c : summary.constructions) {
    for (const TadtPicture& t : c.tadt_synth_pictures) {
      std::string shape;
      for (std::int64_t s : t.sides) {
        if (!shape.empty()) shape += 'x';  // appended: GCC 12 -Wrestrict misfires on string +
        shape += std::to_string(s);
      }
      std::string file = "tadt_synth_";
      file += shape;
      file += ".svg";
      c.pictures_svg.push_back({file, t.title,
                                t.sides.size() == 3 ? tadt_tree_3d_svg(t.sides, t.tree)
                                                    : tadt_tree_svg(t.sides, t.tree)});
    }
  }
  // The 3D generic tree as slices side by side (reports/torus_svg.hpp tadt_tree_3d_svg).
  for (auto& c : summary.constructions) {
    if (!c.tadt_picture_3d) continue;
    const TadtPicture& t = *c.tadt_picture_3d;
    const std::string shape = fmt::format("{}x{}x{}", t.sides[0], t.sides[1], t.sides[2]);
    c.pictures_svg.push_back(
        {"tadt_tree_3d.svg",
         fmt::format("TADT generic tree of torus {} by slices, nodes coloured by level", shape),
         tadt_tree_3d_svg(t.sides, t.tree)});
  }
  // Figure 3 of seed 002: the speed-up curves as SVG (embedded) and CSV, beside the reports.
  for (auto& c : summary.constructions) {
    if (c.fractional_curves.empty()) continue;
    c.pictures_svg.push_back({"fractional_speedup.svg",
                              "Figure 3: fractional tree over the best of chain and binary tree",
                              speedup_svg(c.fractional_curves)});
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
  o.progress = process_rank() == 0 ? &progress : nullptr;
  o.p_text = a.p.empty() ? range.text() : a.p;
  o.distribution = process_distribution();
  if (out.report_dir) o.journal_dir = *out.report_dir;
  o.resume = out.resume;
  auto r = engine::run_range(family, range.values(PRange::kMaxValues), o);
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
