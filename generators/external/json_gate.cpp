// The input gate of json_gate.hpp: file checks through json_input.hpp's open_json_input, a capped
// read, and one SAX pass with JsonStructureGate.
#include "generators/external/json_gate.hpp"

#include <cstdio>
#include <limits>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "generators/external/json_input.hpp"
#include "model/error.hpp"
#include "model/memory.hpp"

namespace collverify {

bool JsonStructureGate::open() {
  if (static_cast<int>(keys_.size()) >= max_depth_) {
    too_deep_ = true;
    problem_ = fmt::format("JSON nested deeper than {} levels", max_depth_);
    return false;
  }
  keys_.emplace_back();
  return true;
}

bool JsonStructureGate::open_object() {
  return open();
}
bool JsonStructureGate::open_array() {
  return open();
}

bool JsonStructureGate::key(const std::string& name) {
  if (keys_.empty()) return true;
  auto& keys = keys_.back();
  if (static_cast<std::int64_t>(keys.size()) >= kMaxKeysPerObject) {
    problem_ = fmt::format("an object with more than {} keys", kMaxKeysPerObject);
    return false;
  }
  if (!keys.insert(name).second) {
    std::string shown = name.size() > 40 ? name.substr(0, 37) + "..." : name;
    problem_ = fmt::format("key \"{}\" appears twice in one object", shown);
    return false;
  }
  return true;
}

void JsonStructureGate::close() {
  if (!keys_.empty()) keys_.pop_back();
}

namespace {

using json = nlohmann::json;

class GateSax : public nlohmann::json_sax<json> {
 public:
  explicit GateSax(int max_depth) : gate(max_depth) {}
  JsonStructureGate gate;
  std::string syntax;  // nlohmann's message on a syntax error or number overflow

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return gate.open_object(); }
  bool key(string_t& k) override { return gate.key(k); }
  bool end_object() override {
    gate.close();
    return true;
  }
  bool start_array(std::size_t) override { return gate.open_array(); }
  bool end_array() override {
    gate.close();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    syntax = e.what();
    return false;
  }
};

}  // namespace

void check_json_text(std::string_view text, const std::string& source, int max_depth) {
  GateSax sax(max_depth);
  bool ok = false;
  try {
    ok = json::sax_parse(text, &sax);
  } catch (const json::exception& e) {
    throw InputError(fmt::format("{}: invalid JSON: {}", source, e.what()));
  }
  if (ok) return;
  if (!sax.syntax.empty())
    throw InputError(fmt::format("{}: invalid JSON: {}", source, sax.syntax));
  throw InputError(fmt::format("{}: {}", source, sax.gate.problem()));
}

nlohmann::json parse_gated_json(std::string_view text, const std::string& source, int max_depth) {
  check_json_text(text, source, max_depth);
  try {
    return json::parse(text);
  } catch (const json::exception& e) {
    throw InputError(fmt::format("{}: invalid JSON: {}", source, e.what()));
  }
}

void require_gated_size(std::int64_t size, const std::filesystem::path& path,
                        const std::string& what, const JsonGateLimits& limits) {
  if (size > limits.max_bytes) {
    throw InputError(fmt::format("{} '{}' is larger than {} bytes, the most a {} may hold", what,
                                 path.string(), limits.max_bytes, what));
  }
  std::int64_t bytes = 0;
  if (__builtin_mul_overflow(size, limits.memory_per_text_byte, &bytes)) {
    bytes = std::numeric_limits<std::int64_t>::max();
  }
  require_memory(bytes, fmt::format("reading {} '{}' ({} bytes of JSON, about {} bytes of memory "
                                    "per byte of text)",
                                    what, path.string(), size, limits.memory_per_text_byte));
}

std::string read_gated_file(const std::filesystem::path& path, const std::string& what,
                            const JsonGateLimits& limits) {
  JsonInputFile in = open_json_input(path, what);
  require_gated_size(in.size, path, what, limits);
  std::string text;
  text.reserve(static_cast<std::size_t>(in.size));
  char buf[1 << 16];
  while (const std::size_t got = std::fread(buf, 1, sizeof buf, in.file.get())) {
    text.append(buf, got);
    // A file may grow while it is read, or report size 0 (/proc): the cap holds on what is read.
    if (static_cast<std::int64_t>(text.size()) > limits.max_bytes) {
      require_gated_size(static_cast<std::int64_t>(text.size()), path, what, limits);
    }
  }
  if (std::ferror(in.file.get())) {
    throw InputError(fmt::format("cannot read {} '{}': read error", what, path.string()));
  }
  return text;
}

nlohmann::json read_gated_json(const std::filesystem::path& path, const std::string& what,
                               const JsonGateLimits& limits) {
  const std::string text = read_gated_file(path, what, limits);
  return parse_gated_json(text, fmt::format("{} '{}'", what, path.string()), limits.max_depth);
}

}  // namespace collverify
