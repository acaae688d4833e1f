// Many users' schedules at once (docs/DESIGN.md "External schedules"): what a dumper writes for
// p = 2..2000, read for one `verify bcast --schedule-file` run. A path is
//   - a file holding one schedule object (schedule_json.hpp, the format `schedule bcast
//     --format json` prints), or a JSON array of such objects (a file whose first non-blank
//     character is '['), or
//   - JSON Lines: a file named *.jsonl or *.ndjson, one schedule object a line (blank lines
//     skipped), or
//   - a directory: every *.json, *.jsonl and *.ndjson file directly in it, in name order.
// Each schedule is parsed by schedule_json.hpp's parse_schedule_json, with the origin of the
// schedule as the source name of its messages: "F" for a one-object file, "F:12" for line 12 of
// a JSON Lines file, "F[3]" for element 3 (from 0) of an array. A bad schedule, a file that
// cannot be read, a directory with no schedule file, a p held twice (naming both origins) and
// tables that would not fit in memory together are InputErrors.
//
// Cost: every schedule is held in memory (2 p q + p bytes each, refused up front when their sum
// exceeds the memory guard); an array file is also held as a JSON document while it is read.
//
// Example: a file with the two lines {"p":2,...} and {"p":3,...} gives ps() = {2, 3} and
// p_list_text({2, 3, 4, 9}) = "2..4,9".
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "model/circulant_schedule.hpp"

namespace collverify {

struct HeldSchedule {
  std::string origin;  // "F", "F:12" or "F[3]"
  CirculantSchedule schedule;
};

class ScheduleFiles {
 public:
  static ScheduleFiles read(const std::filesystem::path& path);

  // The p held, ascending.
  std::vector<std::int64_t> ps() const;
  // The schedule of p; InputError naming p and the path when p is not held.
  const HeldSchedule& at(std::int64_t p) const;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  std::vector<HeldSchedule> held_;  // ascending p, no duplicates
};

// `requested` (ascending) when every one of its p is in `held` (ascending); InputError naming the
// first p that is not, `holder` ("schedule file F") and what is held, otherwise.
std::vector<std::int64_t> select_held(const std::vector<std::int64_t>& held,
                                      const std::vector<std::int64_t>& requested,
                                      const std::string& holder);

// The p list in the syntax of --p (generators/p_range.hpp), consecutive p as ranges:
// {2, 3, 4, 9} -> "2..4,9". `ps` ascending, not empty.
std::string p_list_text(const std::vector<std::int64_t>& ps);

}  // namespace collverify
