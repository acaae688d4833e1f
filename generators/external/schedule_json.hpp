// Users' circulant broadcast schedules as JSON (docs/DESIGN.md "Schedule conventions"): the object
// that `collverify schedule bcast --format json` prints and `--schedule-file` reads,
//   {"p":4,"q":2,"skips":[1,2,4],"baseblock":[2,0,1,0],
//    "recv":[[0,0],[0,-1],[-2,1],[-1,0]],"send":[[0,1],[-1,0],[1,-1],[0,0]]}
// with rank 0 the root and entries in the paper's numbering (b >= 0 current phase, b - q
// previous phase).
//
// Reading validates only what the tables must satisfy to be stored: p in [1, 2^62), q =
// ceil(log2 p), q + 1 skips, p baseblocks (optional; values in [-q, q]), p rows of q entries in
// [-q, q) for "recv" and "send", and that the tables fit in memory. Whether the schedule is
// correct (skips included) is the checker's question, not the reader's. Keys other than these
// six are ignored. Every refusal is an InputError naming the source, the key, the value and,
// for table entries, p, the rank r and the round k.
//
// Only regular files are read (not /dev/zero, a FIFO, a directory). Cost: a valid file is read
// in one streaming pass straight into the tables (2 p q + p bytes, at most 2 bytes per byte of
// text, which is refused up front with that estimate when it exceeds the memory guard); nesting
// deeper than 64 is refused as it is met. A file the stream does not accept is parsed again as a
// DOM (24 bytes per byte of text, only when that fits) to name the key, p, r and k precisely.
#pragma once

#include <filesystem>
#include <string>

#include "generators/external/json_gate.hpp"
#include "model/circulant_schedule.hpp"

namespace collverify {

// The input gate's limits for schedule files (json_gate.hpp): nesting kMaxScheduleDepth, at most
// 64 GiB of text (a schedule of p = 2^28 is about 40 GB of JSON), 2 bytes of memory per byte of
// text for the streaming reader (an array file, held as a DOM, is checked again at 24).
JsonGateLimits schedule_file_limits();

// Reads and parses `file`; InputError naming the path when it cannot be read.
CirculantSchedule read_schedule_json(const std::filesystem::path& file);

// Parses `text`; `source_name` (a path, "<stdin>", ...) starts every error message.
CirculantSchedule parse_schedule_json(const std::string& text, const std::string& source_name);

// The slow twin of parse_schedule_json: the whole text as a DOM, then the same checks. Same
// result and same messages (tests/generators/schedule_json_test.cpp holds them to agree).
CirculantSchedule parse_schedule_json_dom(const std::string& text, const std::string& source_name);

// The object above, integers only and deterministic: the scalars and "skips"/"baseblock" on the
// first line, then "recv" and "send" with one rank per line. "baseblock" is left out when the
// schedule states none (empty vector). No trailing newline. parse_schedule_json reads it back
// to identical tables.
std::string schedule_to_json(const CirculantSchedule& s);

}  // namespace collverify
