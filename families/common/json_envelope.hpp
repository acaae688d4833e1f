// The envelope every command's JSON output starts with (docs/FORMATS.md "Command outputs",
// docs/schema/envelope.schema.json): one member
//   "collverify": {"version": "0.1.0", "command": "solve nonordered", "format": 1}
// ahead of the command's own keys, so that a script can check which command wrote a document and
// whether it knows its format (kJsonFormat rises when a key changes meaning or type) without
// knowing the command. Every command's writer passes its finished object through with_envelope.
#pragma once

#include <string>
#include <string_view>

namespace collverify::cli {

// The version of the command outputs' JSON contract (the envelope's "format").
inline constexpr int kJsonFormat = 1;

// The member text `"collverify":{...}` (keys in the order version, command, format); `spaced`
// puts a space after the key's colon, as an indented writer does.
std::string json_envelope_member(std::string_view command, bool spaced = false);

// `object_text` (one JSON object as a writer printed it: compact or indented) with the envelope
// as its first member, in the same layout (the whitespace after its `{` is repeated). Throws
// std::logic_error when object_text does not start with `{` (a writer's bug, not bad input).
std::string with_envelope(std::string_view command, std::string_view object_text);

}  // namespace collverify::cli
