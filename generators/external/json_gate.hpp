// The one input gate every reader of a user's JSON file passes through (issue 26): schedule JSON
// and JSON Lines, routed JSON, the costs file, collverify-mpi's tree file. Before a byte is
// parsed: a regular file only (a FIFO, device, directory or /dev/zero is refused, opened
// O_NONBLOCK so nothing blocks), a size cap (fstat, and again on the bytes actually read, for a
// file that grows or lies about its size) and the reader's memory estimate (bytes per byte of
// text, through the memory guard). Then one SAX pass refuses, whatever the top-level shape:
// nesting deeper than the reader's bound, a key twice in one object, more than
// kMaxKeysPerObject keys in one object, a number beyond double range (1e400) and any syntax
// error. Every refusal is an InputError that names the file (or the source) and the value.
//
// Cost: O(text) time; memory: the keys of the objects open at one moment (at most max_depth x
// kMaxKeysPerObject names), no DOM. JsonStructureGate is the same check for a reader that runs
// its own SAX pass (the streaming schedule reader), so that it needs no second pass.
//
// Example: check_json_text("[[1]]", "F", 1) throws "F: JSON nested deeper than 1 levels";
// check_json_text("{\"a\":1,\"a\":2}", "F", 8) throws "F: key \"a\" appears twice in one object".
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace collverify {

// No format of ours has an object with more than a few dozen keys; the bound keeps the duplicate
// check's memory small whatever the input.
inline constexpr std::int64_t kMaxKeysPerObject = 4096;

struct JsonGateLimits {
  int max_depth = 64;                              // levels of [ and {
  std::int64_t max_bytes = std::int64_t{1} << 30;  // the size cap
  std::int64_t memory_per_text_byte = 24;          // the reader's peak memory per byte of text
};

// Depth, duplicate keys and keys per object, fed by a SAX pass. Each call returns false when the
// input is refused; problem() then says why (without the source).
class JsonStructureGate {
 public:
  explicit JsonStructureGate(int max_depth) : max_depth_(max_depth) {}
  bool open_object();
  bool open_array();
  bool key(const std::string& name);
  void close();
  bool too_deep() const { return too_deep_; }
  const std::string& problem() const { return problem_; }

 private:
  bool open();
  int max_depth_;
  bool too_deep_ = false;
  std::string problem_;
  std::vector<std::unordered_set<std::string>> keys_;  // one per open level; empty for arrays
};

// One SAX pass over `text` (a single JSON value); InputError "<source>: ..." when refused.
void check_json_text(std::string_view text, const std::string& source, int max_depth);

// check_json_text, then the DOM; every nlohmann exception is an InputError naming the source.
nlohmann::json parse_gated_json(std::string_view text, const std::string& source, int max_depth);

// The file's text after the file checks above (regular, size cap, memory estimate); `what`
// names it in messages ("schedule file", "--costs-file", "--tree-file"). Does not parse.
std::string read_gated_file(const std::filesystem::path& path, const std::string& what,
                            const JsonGateLimits& limits);

// read_gated_file, then parse_gated_json with the source "<what> '<path>'".
nlohmann::json read_gated_json(const std::filesystem::path& path, const std::string& what,
                               const JsonGateLimits& limits);

// Refuses a file of `size` bytes above the cap or whose reader's memory estimate does not fit.
void require_gated_size(std::int64_t size, const std::filesystem::path& path,
                        const std::string& what, const JsonGateLimits& limits);

}  // namespace collverify
