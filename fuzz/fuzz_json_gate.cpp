// Fuzz target: the one input gate of every JSON reader (generators/external/json_gate.hpp, issue
// 26), in every shape a reader hands it. The first byte chooses the shape and the depth bound:
//   shape 0: one JSON value, check_json_text (the routed, costs and tree readers' text path);
//   shape 1: JSON Lines, each line its own value (the schedule reader's .jsonl path);
//   shape 2: a file, read_gated_json through a memfd (the size cap on the bytes read, then the
//            same SAX pass), with a cap of 64 KiB.
// Oracle: InputError naming the source, or a value nlohmann's DOM parser also accepts, nested no
// deeper than the bound (so a reader may recurse into it), with no key twice in one object and at
// most kMaxKeysPerObject keys in each. A refused text must never reach the DOM parser (a deep
// one would overflow its stack), so the oracle only parses what the gate accepted.
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "fuzz_common.hpp"
#include "generators/external/json_gate.hpp"
#include "model/error.hpp"

namespace {

using collverify::InputError;

// The DOM's nesting depth (a scalar 0, [1] 1); recursion is safe: the gate bounded it first.
int depth_of(const nlohmann::json& j, int at) {
  if (!j.is_structured()) return at;
  int most = at + 1;
  for (const auto& child : j) most = std::max(most, depth_of(child, at + 1));
  return most;
}

void check_accepted(std::string_view text, int bound) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    std::fprintf(stderr, "gate accepted what nlohmann refuses: %s\n", e.what());
    FUZZ_CHECK(false, "an accepted text parses");
  }
  FUZZ_CHECK(depth_of(j, 0) <= bound, "an accepted text is nested within the bound");
}

bool refused_naming(std::string_view text, const std::string& source, int bound) {
  try {
    collverify::check_json_text(text, source, bound);
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string(e.what()).rfind(source, 0) == 0, "a refusal names the source");
    return true;
  }
  return false;
}

void one_value(std::string_view text, int bound) {
  if (!refused_naming(text, "fuzz", bound)) check_accepted(text, bound);
}

void json_lines(std::string_view text, int bound) {
  std::size_t begin = 0;
  for (int line = 1; begin <= text.size(); ++line) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    const std::string_view one = text.substr(begin, end - begin);
    if (one.find_first_not_of(" \t\r") != std::string_view::npos) {
      const std::string source = "fuzz line " + std::to_string(line);
      if (!refused_naming(one, source, bound)) check_accepted(one, bound);
    }
    begin = end + 1;
  }
}

void gated_file(std::string_view text, int bound) {
  const int fd = ::memfd_create("fuzz_json_gate", 0);
  if (fd < 0) return;
  if (::write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size())) {
    ::close(fd);
    return;
  }
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  collverify::JsonGateLimits limits;
  limits.max_depth = bound;
  limits.max_bytes = 64 * 1024;
  limits.memory_per_text_byte = 24;
  try {
    const nlohmann::json j = collverify::read_gated_json(path, "fuzz file", limits);
    FUZZ_CHECK(depth_of(j, 0) <= bound, "a gated file's DOM is nested within the bound");
    FUZZ_CHECK(static_cast<std::int64_t>(text.size()) <= limits.max_bytes, "the size cap holds");
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string(e.what()).find("fuzz file") != std::string::npos,
               "a refusal names the file");
  }
  ::close(fd);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int shape = data[0] % 3;
  const int bound = 1 + (data[0] / 3) % 70;  // 1..70: below, at and above every reader's bound
  const std::string text = collverify::fuzz::text_of(data + 1, size - 1);
  switch (shape) {
    case 0: one_value(text, bound); break;
    case 1: json_lines(text, bound); break;
    default: gated_file(text, bound); break;
  }
  return 0;
}
