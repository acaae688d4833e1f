// Limits every reader of a user's JSON file shares (issue 14, "Limits that hold"): the file must
// be a regular file (not /dev/zero, a FIFO or a directory, which would be read until memory runs
// out or forever), its size is held against the memory the parse will need before a byte is
// parsed, and nesting is bounded before a recursive structure is built (a 100,000-deep [[[...]]]
// overflowed the stack).
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace collverify {

// A user's JSON input file, opened and checked to be a regular file (symbolic links to one are
// fine). `what` names it in every message ("schedule file", "--costs-file"). InputError naming
// the path when it cannot be opened or is not a regular file.
struct JsonInputFile {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file{nullptr, &std::fclose};
  std::int64_t size = 0;  // bytes, from fstat
};
JsonInputFile open_json_input(const std::filesystem::path& path, const std::string& what);

// The whole file as text; InputError naming the path on a read error.
std::string read_json_text(JsonInputFile& in, const std::filesystem::path& path,
                           const std::string& what);

// The deepest nesting of [ and { in text, outside strings; O(length), no allocation. Stops
// counting (returns limit + 1) as soon as the depth exceeds limit.
int json_nesting_depth(std::string_view text, int limit);

// InputError when text nests deeper than `limit`: "<source>: JSON nested deeper than <limit>
// levels (a <what> needs at most <needed>)". Call before building a DOM of a user's text.
void require_json_depth(std::string_view text, int limit, const std::string& source,
                        const std::string& what, int needed);

}  // namespace collverify
