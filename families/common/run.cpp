#include "families/common/run.hpp"
#include "reports/summary_text.hpp"

#include <fmt/format.h>

#include <cctype>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "engine/run_range.hpp"
#include "reports/escape.hpp"

namespace collverify::cli {
namespace {

using reports::one_line;

std::string witness(const Violation& v) {
  return fmt::format("{} property={}: {}", reports::witness_text(v, " "), v.property, v.message);
}

}  // namespace

std::string command_line(int argc, char** argv) {
  std::string out;
  for (int i = 0; i < argc; ++i) {
    if (i) out += ' ';
    out += i == 0 ? std::string("collverify") : std::string(argv[i]);
  }
  return out;
}

int finish_run(const RunSummary& summary, const RunOutput& out) {
  // The run is over: a Ctrl-C now would only cut a report in half (and leave its temporary).
  std::signal(SIGINT, SIG_IGN);
  for (const auto& c : summary.constructions) {
    // The verdict word of the reports, upper case: an interrupted construction is INCOMPLETE,
    // never PASS, whatever it checked before the interruption.
    std::string verdict = construction_verdict(summary, c);
    for (char& ch : verdict) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    std::printf("%s %s: %lld checked, %lld passed, %lld failed, %lld inconclusive (%.1f s)\n",
                verdict.c_str(), one_line(c.name).c_str(), static_cast<long long>(c.checked),
                static_cast<long long>(c.passed), static_cast<long long>(c.failed),
                static_cast<long long>(c.inconclusive), c.seconds);
    if (!c.complete) {
      // In the family's unit: "not checked: 1 dimension (d = 15)", "3 tori (torus index = ...)".
      const std::string& unit = c.not_checked == 1 ? c.coverage.unit : c.coverage.units;
      const std::string which =
          c.not_checked_p.empty() ? "" : " (" + c.coverage.unit_symbol + " = " + c.not_checked_p + ")";
      std::printf("  not checked: %lld %s%s\n", static_cast<long long>(c.not_checked),
                  one_line(unit).c_str(), one_line(which).c_str());
    }
    if (!c.violations.empty()) {
      std::printf("  smallest witness%s: %s\n", c.complete ? "" : " found so far",
                  one_line(witness(c.violations.front())).c_str());
    }
  }
  if (!summary.complete) std::printf("run interrupted: the reports cover what was finished\n");
  if (out.report_dir) write_reports(summary, *out.report_dir, out.formats);
  if (out.github) {
    std::fputs(github_annotations(summary).c_str(), stdout);
    if (const char* path = std::getenv("GITHUB_STEP_SUMMARY"); path && *path) {
      std::ofstream(path, std::ios::app) << github_step_summary(summary);
    }
  }
  std::fflush(stdout);
  return engine::exit_code(summary);
}

}  // namespace collverify::cli
