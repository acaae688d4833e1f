// write_reports: the files of `verify --report DIR`, each written atomically. Every selected
// content is rendered before anything is written (a bad junit_chunk leaves the directory
// untouched), and summary.json is written last, so a tool that finds a new summary.json can
// rely on the other files of the same run being complete.
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "reports/writers.hpp"

namespace collverify {

void write_reports(const RunSummary& summary, const std::filesystem::path& dir,
                   const ReportFormats& formats) {
  std::vector<std::pair<std::string, std::string>> files;  // name, content
  if (formats.junit) files.emplace_back("junit.xml", junit_xml(summary, formats.junit_chunk));
  if (formats.markdown) files.emplace_back("report.md", markdown_report(summary));
  if (formats.html) files.emplace_back("report.html", html_report(summary));
  if (formats.json) files.emplace_back("summary.json", summary_json(summary));
  for (const auto& [name, content] : files) write_file_atomically(dir / name, content);
}

}  // namespace collverify
