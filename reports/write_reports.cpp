// write_reports: the files of `verify --report DIR` as one consistent set (writers.hpp states the
// steps). Every selected content is rendered before anything is written (a bad junit_chunk
// leaves the directory untouched); the previous run's summary.json goes first and the new one
// comes last, so a tool that finds a summary.json can rely on every report file beside it being
// complete and of the same run (the run_id in each says so). Only our own file names are ever
// removed: summary.json, junit.xml, report.md, report.html, *_witness.dot, their temporaries, and
// the pictures and data files beside them that carry collverify's run marker (a file a user put
// there is never removed nor overwritten).
#include <cerrno>
#include <cstdint>
#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>

#include "model/error.hpp"
#include <fstream>
#include "reports/writers.hpp"

namespace collverify {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kWitnessSuffix = "_witness.dot";

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// Removes dir/name if it is there (a file or a symbolic link; never what a link points to).
void remove_entry(const fs::path& dir, const std::string& name) {
  const fs::path path = dir / name;
  if (::unlink(path.c_str()) != 0 && errno != ENOENT) {
    throw InputError(fmt::format("cannot remove the stale report file '{}': {}", path.string(),
                                 std::system_category().message(errno)));
  }
}

// The names in dir that pass `keep_if`, read once (removing while iterating is unspecified).
template <class Predicate>
std::vector<std::string> names_in(const fs::path& dir, Predicate wanted) {
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (wanted(name)) out.push_back(std::move(name));
  }
  if (ec) {
    throw InputError(
        fmt::format("cannot list the report directory '{}': {}", dir.string(), ec.message()));
  }
  return out;
}

std::string dot_with_run_id(const RunSummary& summary, const std::string& dot) {
  std::string out = "// collverify run ";
  out += summary.run_id;
  out += '\n';
  out += dot;
  return out;
}

// An XML comment before the root element, so that an SVG says which run drew it.
std::string svg_with_run_id(const RunSummary& summary, const std::string& svg) {
  std::string out = "<!-- collverify run ";
  out += summary.run_id;
  out += " -->\n";
  out += svg;
  return out;
}

// "# collverify run <id>" before a data file's first line (a CSV comment).
std::string data_with_run_id(const RunSummary& summary, const std::string& text) {
  std::string out = "# collverify run ";
  out += summary.run_id;
  out += '\n';
  out += text;
  return out;
}

// True when dir/name starts with the marker collverify writes first in a picture or data file
// ("<!-- collverify run " or "# collverify run "): a file of an earlier run, ours to replace.
bool carries_run_marker(const fs::path& dir, const std::string& name) {
  std::ifstream in(dir / name, std::ios::binary);
  std::string head(24, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return head.starts_with("<!-- collverify run ") || head.starts_with("# collverify run ");
}

}  // namespace

bool is_picture_file_name(const std::string& name) {
  if (name.empty() || name.size() > 200 || name.front() == '.' || name.front() == '-') return false;
  for (const char c : name) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '_' || c == '-' || c == '.';
    if (!plain) return false;
  }
  return (ends_with(name, ".svg") || ends_with(name, ".csv")) && name.size() > 4 &&
         name.find("..") == std::string::npos;
}

bool is_report_file_name(const std::string& name) {
  if (name == "summary.json" || name == "junit.xml" || name == "report.md" ||
      name == "report.html" || is_picture_file_name(name)) {
    return true;
  }
  return name.size() > kWitnessSuffix.size() && ends_with(name, kWitnessSuffix) &&
         name.find('/') == std::string::npos;
}

bool is_report_temporary_name(const std::string& name) {
  const std::size_t at = name.find(".tmp.");
  return at != std::string::npos && at > 0 && is_report_file_name(name.substr(0, at));
}

std::string new_run_id() {
  std::random_device random;
  std::string out;
  for (int i = 0; i < 4; ++i) out += fmt::format("{:08x}", std::uint32_t{random()});
  return out;
}

void write_reports(const RunSummary& summary, const fs::path& dir, const ReportFormats& formats) {
  std::vector<std::pair<std::string, std::string>> files;  // name, content
  if (formats.junit) files.emplace_back("junit.xml", junit_xml(summary, formats.junit_chunk));
  if (formats.markdown) files.emplace_back("report.md", markdown_report(summary));
  if (formats.html) files.emplace_back("report.html", html_report(summary));
  for (const ConstructionSummary& c : summary.constructions) {
    if (c.picture_dot.empty()) continue;
    const std::string name = c.name + std::string(kWitnessSuffix);
    if (!is_report_file_name(name)) {
      throw InputError(fmt::format("construction name '{}' cannot name a report file", c.name));
    }
    files.emplace_back(name, dot_with_run_id(summary, c.picture_dot));
  }
  // The pictures beside the reports belong to the set too: a hypercube run's SVGs stayed beside
  // a later `verify routed` run's summary in the same directory (issue 26 #11).
  for (const ConstructionSummary& c : summary.constructions) {
    for (const SvgPicture& pic : c.pictures_svg) {
      if (!is_picture_file_name(pic.file)) {
        throw InputError(fmt::format("picture '{}' cannot name a report file", pic.file));
      }
      files.emplace_back(pic.file, svg_with_run_id(summary, pic.svg));
    }
    for (const DataFile& data : c.data_files) {
      if (!is_picture_file_name(data.file)) {
        throw InputError(fmt::format("data file '{}' cannot name a report file", data.file));
      }
      files.emplace_back(data.file, data_with_run_id(summary, data.text));
    }
  }
  const std::string json = formats.json ? summary_json(summary) : std::string();

  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    throw InputError(fmt::format("cannot create the report directory '{}': {}", dir.string(),
                                 ec.message()));
  }
  // A picture name that is a file collverify did not write (no run marker) is refused before
  // anything is written: it could be the user's.
  for (const auto& [name, content] : files) {
    std::error_code exists_ec;
    if (is_picture_file_name(name) && fs::exists(fs::symlink_status(dir / name, exists_ec)) &&
        !carries_run_marker(dir, name)) {
      throw InputError(fmt::format("the report directory '{}' holds a file '{}' that collverify "
                                   "did not write; a report file would replace it",
                                   dir.string(), name));
    }
  }
  for (const std::string& name : names_in(dir, is_report_temporary_name)) remove_entry(dir, name);
  remove_entry(dir, "summary.json");
  std::set<std::string> written;
  for (const auto& [name, content] : files) {
    write_file_atomically(dir / name, content);
    written.insert(name);
  }
  const auto stale = [&](const std::string& name) {
    if (!is_report_file_name(name) || name == "summary.json" || written.contains(name)) return false;
    return !is_picture_file_name(name) || carries_run_marker(dir, name);
  };
  for (const std::string& name : names_in(dir, stale)) remove_entry(dir, name);
  if (formats.json) write_file_atomically(dir / "summary.json", json);
}

}  // namespace collverify
