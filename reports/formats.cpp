// parse_report_formats: the --format list of `verify --report`. Exactly the listed formats are
// selected, so "md" alone writes report.md only.
#include <cstddef>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "model/error.hpp"
#include "reports/writers.hpp"

namespace collverify {

namespace {

constexpr std::string_view kAccepted = "json, junit, md (or markdown), html";

std::string_view trim(std::string_view s) {
  const std::size_t begin = s.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return {};
  const std::size_t end = s.find_last_not_of(" \t");
  return s.substr(begin, end - begin + 1);
}

void select(ReportFormats& formats, std::string_view token, const std::string& list) {
  if (token == "json") {
    formats.json = true;
  } else if (token == "junit") {
    formats.junit = true;
  } else if (token == "md" || token == "markdown") {
    formats.markdown = true;
  } else if (token == "html") {
    formats.html = true;
  } else if (token.empty()) {
    throw InputError(
        fmt::format("report format list '{}' has an empty entry; accepted: {}", list, kAccepted));
  } else {
    throw InputError(
        fmt::format("unknown report format '{}' in '{}'; accepted: {}", token, list, kAccepted));
  }
}

}  // namespace

ReportFormats parse_report_formats(const std::string& list) {
  ReportFormats formats;
  formats.json = formats.junit = formats.markdown = formats.html = false;
  if (trim(list).empty()) {
    throw InputError(fmt::format("empty report format list; accepted: {}", kAccepted));
  }
  std::string_view rest = list;
  while (true) {
    const std::size_t comma = rest.find(',');
    select(formats, trim(rest.substr(0, comma)), list);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return formats;
}

}  // namespace collverify
