// collverify: parses the command line, runs, maps errors to exit codes (DESIGN.md). It holds no
// algorithm: constructions come from reference/, judgements from checkers/.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <atomic>
#include <unistd.h>

#include <csignal>
#include <ctime>
#include <filesystem>
#include <system_error>
#include <cstdio>
#include <iostream>
#include <thread>

#include "cli/run.hpp"
#include "cli/schedule_source.hpp"
#include "cli/schedule_table.hpp"
#include "cli/verify_bcast.hpp"
#include "generators/external/schedule_json.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/bcast.hpp"

namespace cv = collverify;

namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<std::int64_t> g_first_sigint_ns{0};

std::int64_t monotonic_ns() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);  // async-signal-safe
  return std::int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
}

// The first Ctrl-C asks the run to stop after the p in progress and write its reports. One
// Ctrl-C often arrives twice (to the process and to its process group, e.g. through timeout),
// so only a second one more than a second later ends the run at once.
extern "C" void on_sigint(int) {
  const std::int64_t now = monotonic_ns();
  if (!g_interrupted.exchange(true)) {
    g_first_sigint_ns = now;
  } else if (now - g_first_sigint_ns.load() > 1'000'000'000) {
    _exit(130);
  }
}

cv::circulant::Transcriptions parse_transcription(const std::string& t) {
  if (t == "corrected") return cv::circulant::Transcriptions::corrected();
  if (t == "literal") return cv::circulant::Transcriptions::literal();
  throw cv::InputError("--transcription '" + t + "' is not one of: corrected, literal");
}

int default_jobs() { return static_cast<int>(std::max(1U, std::thread::hardware_concurrency())); }

struct VerifyArgs {
  std::string p;
  std::string blocks = cv::BlockCounts::kDefault;
  int jobs = default_jobs();
  std::string report;
  std::string format = "json,junit,md";
  bool github = false;
  std::string schedule_file;
  std::string schedule_plugin;
  std::int64_t junit_chunk = 1;
  bool instances = false;
  std::int64_t generic_max_p = 1024;
  std::string transcription = "corrected";
};

// A report directory that cannot be written is bad input, found before the run, not after it.
void prepare_report_dir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir) || ::access(dir.c_str(), W_OK) != 0) {
    throw cv::InputError(fmt::format("--report '{}' is not a directory collverify can write to{}",
                                     dir, ec ? " (" + ec.message() + ")" : std::string()));
  }
}

int run_schedule(const std::string& p_text, const std::string& format, const std::string& t) {
  const cv::PRange range = cv::PRange::parse(p_text);
  if (range.count() != 1) throw cv::InputError("schedule bcast takes one p, not '" + p_text + "'");
  const auto s = cv::circulant::build_circulant_bcast(range.max(), {parse_transcription(t)});
  if (format == "json") {
    std::cout << cv::schedule_to_json(s) << "\n";
  } else if (format == "table") {
    std::cout << cv::cli::schedule_table(s);
  } else {
    throw cv::InputError("--format '" + format + "' is not one of: table, json");
  }
  return 0;
}

int run_verify(const VerifyArgs& a, const std::string& command) {
  if (!a.schedule_file.empty() && !a.schedule_plugin.empty()) {
    throw cv::InputError("--schedule-file and --schedule-plugin exclude each other");
  }
  if (a.jobs < 1 || a.jobs > 1024) {
    throw cv::InputError(fmt::format("--jobs {} is not in 1..1024", a.jobs));
  }
  if (!a.report.empty()) prepare_report_dir(a.report);
  if (a.junit_chunk < 1) throw cv::InputError(fmt::format("--junit-chunk {} is not at least 1", a.junit_chunk));
  std::unique_ptr<cv::cli::ScheduleSource> source;
  if (!a.schedule_file.empty()) {
    source = cv::cli::file_source(a.schedule_file);
  } else if (!a.schedule_plugin.empty()) {
    source = cv::cli::plugin_source(a.schedule_plugin);
  } else {
    source = cv::cli::reference_source(parse_transcription(a.transcription));
  }
  cv::cli::VerifyOptions o;
  if (a.p.empty()) {
    if (source->only_p() == 0) throw cv::InputError("--p RANGE is required (e.g. --p 2..4096)");
    o.range = cv::PRange::single(source->only_p());
  } else {
    o.range = cv::PRange::parse(a.p);
  }
  o.blocks = cv::BlockCounts::parse(a.blocks);
  o.jobs = a.jobs;
  o.instances = a.instances || o.range.count() <= 64;
  o.generic_max_p = a.generic_max_p;
  o.interrupted = &g_interrupted;
  cv::cli::RunOutput out;
  out.formats = cv::parse_report_formats(a.format);
  out.formats.junit_chunk = a.junit_chunk;
  if (!a.report.empty()) out.report_dir = a.report;
  out.github = a.github;

  auto result = cv::cli::verify_bcast(*source, o);
  cv::RunSummary summary;
  summary.version = COLLVERIFY_VERSION;
  summary.command = command;
  summary.complete = result.complete;
  summary.constructions.push_back(std::move(result.summary));
  return cv::cli::finish_run(summary, out);
}

int run_campaign(bool quick, const std::string& report, int jobs, const std::string& command) {
  VerifyArgs a;
  a.p = quick ? "1..256" : "1..4096";
  a.jobs = jobs;
  a.report = report;
  a.format = "json,junit,md,html";
  a.junit_chunk = quick ? 1 : 64;
  a.generic_max_p = 4096;  // the campaign simulates every explicit schedule too, not only p <= 1024
  std::fprintf(stderr, "campaign: bcast for p = %s, n in {%s}, fast check and generic simulation\n",
               a.p.c_str(), a.blocks.c_str());
  return run_verify(a, command);
}

void add_verify_flags(CLI::App* sub, VerifyArgs& a) {
  sub->add_option("--p", a.p, "processor counts: 2..4096, 2..4096:7, 1000,2000, 2^10..2^17");
  sub->add_option("--blocks", a.blocks, "block counts n per p, e.g. 1,2,q,q+1,2q+1,3q+2");
  sub->add_option("--jobs", a.jobs, "worker threads (default: hardware threads)");
  sub->add_option("--report", a.report, "directory for summary.json, junit.xml, report.md, report.html");
  sub->add_option("--format", a.format, "report formats: json,junit,md,html");
  sub->add_flag("--github", a.github, "print GitHub workflow annotations and a step summary");
  sub->add_option("--schedule-file", a.schedule_file, "verify a user's schedule (JSON, one p)");
  sub->add_option("--schedule-plugin", a.schedule_plugin, "verify a user's plugin library");
  sub->add_option("--junit-chunk", a.junit_chunk, "consecutive p per JUnit test case");
  sub->add_flag("--instances", a.instances, "list every (p, n) instance in summary.json");
  sub->add_option("--generic-max-p", a.generic_max_p,
                  "simulate the explicit schedule for every n up to this p (default 1024)");
  sub->add_option("--transcription", a.transcription,
                  "built-in construction: corrected (default) or literal (docs/ERRATA.md)");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"collverify: verification of collective communication schedules"};
  app.require_subcommand(1);
  app.set_version_flag("--version", COLLVERIFY_VERSION);

  auto* schedule = app.add_subcommand("schedule", "print a construction's schedule");
  schedule->require_subcommand(1);
  std::string sched_p, sched_format = "table", sched_t = "corrected";
  auto* sched_bcast = schedule->add_subcommand("bcast", "circulant n-block broadcast (seed 000)");
  sched_bcast->add_option("--p", sched_p, "number of processors")->required();
  sched_bcast->add_option("--format", sched_format, "table or json");
  sched_bcast->add_option("--transcription", sched_t, "corrected (default) or literal");

  auto* verify = app.add_subcommand("verify", "verify a construction over a range of p");
  verify->require_subcommand(1);
  VerifyArgs va;
  add_verify_flags(verify->add_subcommand("bcast", "circulant n-block broadcast (seed 000)"), va);

  auto* campaign = app.add_subcommand("campaign", "the default CI verification campaign");
  bool quick = false;
  std::string campaign_report = "reports/out";
  int campaign_jobs = default_jobs();
  campaign->add_flag("--quick", quick, "p <= 256 only");
  campaign->add_option("--report", campaign_report, "report directory (default reports/out)");
  campaign->add_option("--jobs", campaign_jobs, "worker threads");

  // CLI11 says only "a subcommand is required" for an unknown construction: name it.
  if (argc >= 3 && (std::string(argv[1]) == "verify" || std::string(argv[1]) == "schedule") &&
      argv[2][0] != '-' && std::string(argv[2]) != "bcast") {
    std::fprintf(stderr, "collverify: unknown construction '%s' for %s (accepted: bcast)\n",
                 argv[2], argv[1]);
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "collverify: %s (see collverify --help)\n", e.what());
    return 2;
  }
  std::signal(SIGINT, on_sigint);
  const std::string command = cv::cli::command_line(argc, argv);
  try {
    if (*sched_bcast) return run_schedule(sched_p, sched_format, sched_t);
    if (*verify) return run_verify(va, command);
    if (*campaign) {
      if (campaign_jobs < 1 || campaign_jobs > 1024) {
        throw cv::InputError(fmt::format("--jobs {} is not in 1..1024", campaign_jobs));
      }
      return run_campaign(quick, campaign_report, campaign_jobs, command);
    }
  } catch (const cv::InputError& e) {
    std::fprintf(stderr, "collverify: %s\n", e.what());
    return 2;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "collverify: out of memory; run fewer --jobs or smaller p and n\n");
    return 2;
  } catch (const std::system_error& e) {
    std::fprintf(stderr, "collverify: the system refused: %s; run fewer --jobs\n", e.what());
    return 2;
  }
  return 2;
}
