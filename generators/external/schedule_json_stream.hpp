// The streaming reader of a schedule file (internal to generators/external): nlohmann's SAX
// interface fills the flat tables directly, so a valid file takes the tables (2 p q + p bytes)
// and a few counters, not a DOM of 16+ bytes per entry (a 231 MB file peaked at 2.2 GiB with
// the DOM). It is the fast path of parse_schedule_json/read_schedule_json; the DOM reader
// (Reader in schedule_json.cpp) is its slow twin and says precisely what is wrong with a file
// the stream does not accept. Nesting deeper than kMaxScheduleDepth is refused as it is met, so
// no input can build a deep structure.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "model/circulant_schedule.hpp"

namespace collverify {

// A schedule object nests 3 deep ({"recv": [[...]]}); other keys may hold more, up to this.
inline constexpr int kMaxScheduleDepth = 64;

struct StreamedSchedule {
  std::optional<CirculantSchedule> schedule;  // set when the stream accepted the file
  std::string problem;                        // otherwise: what it stopped at
  bool invalid_json = false;  // problem is a syntax error (the DOM would say the same)
  // problem is the input gate's (json_gate.hpp: nesting, a key twice, too many keys): final,
  // the DOM must not be tried (it would build the deep structure or let the last key win).
  bool too_deep = false;
};

StreamedSchedule stream_schedule_json(std::FILE* file);
StreamedSchedule stream_schedule_json(std::string_view text);

}  // namespace collverify
