// with_envelope: the shared "collverify" member of every command's JSON output
// (json_envelope.hpp). Inserted as text so that each writer keeps its own layout (sorted keys,
// one table row per line, streamed routed schedules) and the envelope is still the first key.
#include "families/common/json_envelope.hpp"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace collverify::cli {

std::string json_envelope_member(std::string_view command, bool spaced) {
  nlohmann::ordered_json e;
  e["version"] = COLLVERIFY_VERSION;
  e["command"] = std::string(command);
  e["format"] = kJsonFormat;
  std::string out = spaced ? "\"collverify\": " : "\"collverify\":";
  out.append(e.dump());
  return out;
}

std::string with_envelope(std::string_view command, std::string_view object_text) {
  const std::size_t open = object_text.find_first_not_of(" \t\r\n");
  if (open == std::string_view::npos || object_text[open] != '{') {
    throw std::logic_error("with_envelope: the output of " + std::string(command) +
                           " is not a JSON object");
  }
  std::size_t body = object_text.find_first_not_of(" \t\r\n", open + 1);
  if (body == std::string_view::npos) body = object_text.size();
  const std::string_view layout = object_text.substr(open + 1, body - open - 1);
  const bool empty = body < object_text.size() && object_text[body] == '}';
  std::string out(object_text.substr(0, open + 1));
  out.append(layout).append(json_envelope_member(command, !layout.empty()));
  if (!empty) out.append(",").append(layout);
  out.append(object_text.substr(body));
  return out;
}

}  // namespace collverify::cli
