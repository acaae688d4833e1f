#include "generators/external/schedule_files.hpp"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "generators/external/json_gate.hpp"
#include "generators/external/schedule_json.hpp"
#include "generators/external/schedule_json_stream.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;

// Through the input gate (json_gate.hpp): a FIFO hung here and /dev/zero filled the memory.
// The text itself is counted here; the array's DOM is counted again in read_array.
std::string read_text(const fs::path& file) {
  JsonGateLimits limits = schedule_file_limits();
  limits.memory_per_text_byte = 1;
  return read_gated_file(file, "schedule file", limits);
}

bool is_lines(const fs::path& file) {
  const std::string ext = file.extension().string();
  return ext == ".jsonl" || ext == ".ndjson";
}

bool blank(const std::string& line) {
  return std::all_of(line.begin(), line.end(),
                     [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; });
}

void read_lines(const fs::path& file, const std::string& text, std::vector<HeldSchedule>& out) {
  std::istringstream in(text);
  std::string line;
  for (std::int64_t number = 1; std::getline(in, line); ++number) {
    if (blank(line)) continue;
    std::string origin = fmt::format("{}:{}", file.string(), number);
    CirculantSchedule s = parse_schedule_json(line, origin);
    out.push_back({std::move(origin), std::move(s)});
  }
}

// An array: each element goes through parse_schedule_json (the parse entry point that
// schedule_json.hpp offers) as its own text, so that every check and message of one-schedule
// files applies unchanged.
void read_array(const fs::path& file, const std::string& text, std::vector<HeldSchedule>& out) {
  // The DOM (about 24 bytes per byte of text) is refused up front; the array adds one level to
  // a schedule's nesting. A 100,000-deep top-level [[[...]]] was parsed here without the depth
  // guard and overflowed the stack (issue 26).
  JsonGateLimits limits = schedule_file_limits();
  limits.memory_per_text_byte = 24;
  require_gated_size(static_cast<std::int64_t>(text.size()), file, "schedule file", limits);
  const nlohmann::json doc = parse_gated_json(text, file.string(), kMaxScheduleDepth + 1);
  for (std::size_t i = 0; i < doc.size(); ++i) {
    std::string origin = fmt::format("{}[{}]", file.string(), i);
    CirculantSchedule s = parse_schedule_json(doc[i].dump(), origin);
    out.push_back({std::move(origin), std::move(s)});
  }
}

void read_file(const fs::path& file, std::vector<HeldSchedule>& out) {
  const std::string text = read_text(file);
  if (is_lines(file)) {
    read_lines(file, text, out);
    return;
  }
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '[') {
    read_array(file, text, out);
    return;
  }
  out.push_back({file.string(), parse_schedule_json(text, file.string())});
}

std::vector<fs::path> files_of(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& f = it->path();
    std::error_code type_ec;
    if (!fs::is_regular_file(f, type_ec)) continue;
    if (f.extension() == ".json" || is_lines(f)) files.push_back(f);
  }
  if (ec) {
    throw InputError(
        fmt::format("cannot list schedule directory '{}': {}", dir.string(), ec.message()));
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    throw InputError(fmt::format(
        "schedule directory '{}' holds no *.json, *.jsonl or *.ndjson file", dir.string()));
  }
  return files;
}

}  // namespace

ScheduleFiles ScheduleFiles::read(const fs::path& path) {
  ScheduleFiles out;
  out.path_ = path;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    for (const fs::path& f : files_of(path)) read_file(f, out.held_);
  } else {
    read_file(path, out.held_);
  }
  if (out.held_.empty()) {
    throw InputError(fmt::format("schedule file '{}' holds no schedule", path.string()));
  }
  std::stable_sort(out.held_.begin(), out.held_.end(),
                   [](const HeldSchedule& a, const HeldSchedule& b) {
                     return a.schedule.p < b.schedule.p;
                   });
  std::int64_t bytes = 0;
  for (std::size_t i = 0; i < out.held_.size(); ++i) {
    const HeldSchedule& h = out.held_[i];
    if (i > 0 && out.held_[i - 1].schedule.p == h.schedule.p) {
      throw InputError(fmt::format("p = {} is held twice: by {} and by {}", h.schedule.p,
                                   out.held_[i - 1].origin, h.origin));
    }
    bytes = checked_add(bytes, CirculantSchedule::table_bytes(h.schedule.p), "schedule files");
  }
  // The tables are already allocated one by one; this refuses a set that together takes most of
  // the machine before a run adds its own memory on top.
  require_memory(bytes, fmt::format("the {} schedules of '{}'", out.held_.size(), path.string()));
  return out;
}

std::vector<std::int64_t> ScheduleFiles::ps() const {
  std::vector<std::int64_t> out;
  out.reserve(held_.size());
  for (const HeldSchedule& h : held_) out.push_back(h.schedule.p);
  return out;
}

const HeldSchedule& ScheduleFiles::at(std::int64_t p) const {
  const auto it = std::lower_bound(held_.begin(), held_.end(), p,
                                   [](const HeldSchedule& h, std::int64_t v) {
                                     return h.schedule.p < v;
                                   });
  if (it == held_.end() || it->schedule.p != p) {
    throw InputError(fmt::format("--schedule-file {} holds no schedule of p = {} (it holds p = {})",
                                 path_.string(), p, p_list_text(ps())));
  }
  return *it;
}

std::vector<std::int64_t> select_held(const std::vector<std::int64_t>& held,
                                      const std::vector<std::int64_t>& requested,
                                      const std::string& holder) {
  for (const std::int64_t p : requested) {
    if (!std::binary_search(held.begin(), held.end(), p)) {
      throw InputError(fmt::format("--p asks for p = {}, but {} holds no schedule of p = {} (it "
                                   "holds p = {})",
                                   p, holder, p, held.empty() ? "none" : p_list_text(held)));
    }
  }
  return requested;
}

std::string p_list_text(const std::vector<std::int64_t>& ps) {
  CV_ASSERT(!ps.empty(), "a list of at least one p");
  std::string out;
  std::size_t i = 0;
  while (i < ps.size()) {
    std::size_t j = i;
    while (j + 1 < ps.size() && ps[j + 1] == ps[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += j == i ? fmt::format("{}", ps[i]) : fmt::format("{}..{}", ps[i], ps[j]);
    i = j + 1;
  }
  return out;
}

}  // namespace collverify
