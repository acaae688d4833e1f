// Shared tail of `verify` and `campaign`: turns construction summaries into a RunSummary, writes
// the reports atomically, prints the outcome and GitHub annotations, and picks the exit code
// (0 all hold, 1 a violation, 3 inconclusive or interrupted without a violation).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/run_summary.hpp"
#include "reports/writers.hpp"

namespace collverify::cli {

struct RunOutput {
  std::optional<std::filesystem::path> report_dir;
  ReportFormats formats;
  bool github = false;
  std::string run_id;  // goes into every report file
  // Held from before the run until the process ends: one run per report directory.
  std::shared_ptr<ReportDirLock> report_lock;
  bool resume = false;  // --resume: the journal in report_dir is continued, not cleared
};

int finish_run(const RunSummary& summary, const RunOutput& out);

// The command line as one string, for summary.json.
std::string command_line(int argc, char** argv);

}  // namespace collverify::cli
