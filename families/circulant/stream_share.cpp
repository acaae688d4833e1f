#include "families/circulant/stream_share.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstring>

#include "engine/outcome_codec.hpp"
#include "model/error.hpp"

namespace collverify::engine {
namespace {

using nlohmann::json;

const char* error_name(StreamShare::Error e) {
  switch (e) {
    case StreamShare::Error::none: return "none";
    case StreamShare::Error::plugin: return "plugin";
    case StreamShare::Error::input: return "input";
    case StreamShare::Error::other: return "other";
  }
  return "other";
}

StreamShare::Error error_kind(const std::string& name) {
  for (auto e : {StreamShare::Error::none, StreamShare::Error::plugin, StreamShare::Error::input,
                 StreamShare::Error::other}) {
    if (name == error_name(e)) return e;
  }
  throw InputError(fmt::format("a streamed share names the unknown error kind '{}'", name));
}

}  // namespace

std::string encode_stream_share(std::int64_t p, const StreamShare& s) {
  // The witness travels as an outcome (the outcome codec is lossless), the sums after the line.
  Outcome witness;
  if (s.part.best) witness.violations.push_back(*s.part.best);
  const json head{{"complete", s.complete},
                  {"chunks_done", s.part.chunks_done},
                  {"words", s.part.sums.size()},
                  {"witness", encode_outcome(p, witness)},
                  {"error", error_name(s.error)},
                  {"error_chunk", s.error_chunk},
                  {"error_what", s.error_what},
                  {"plugin", {s.plugin_p, s.plugin_root, s.plugin_rank, s.plugin_code}},
                  {"plugin_text", s.plugin_text}};
  // A plugin's text may not be UTF-8; the dump has no raw newline (strings escape it).
  std::string out = head.dump(-1, ' ', false, json::error_handler_t::replace);
  out += '\n';
  const std::size_t at = out.size();
  out.resize(at + s.part.sums.size() * sizeof(std::uint64_t));
  if (!s.part.sums.empty()) {
    std::memcpy(out.data() + at, s.part.sums.data(), s.part.sums.size() * sizeof(std::uint64_t));
  }
  return out;
}

StreamShare decode_stream_share(const std::string& bytes) {
  const std::size_t nl = bytes.find('\n');
  if (nl == std::string::npos) throw InputError("a streamed share has no header line");
  StreamShare s;
  try {
    const json head = json::parse(bytes.substr(0, nl));
    s.complete = head.at("complete").get<bool>();
    s.part.chunks_done = head.at("chunks_done").get<std::int64_t>();
    const auto words = head.at("words").get<std::size_t>();
    if (bytes.size() - nl - 1 != words * sizeof(std::uint64_t)) {
      throw InputError(fmt::format("a streamed share announces {} words but carries {} bytes",
                                   words, bytes.size() - nl - 1));
    }
    s.part.sums.resize(words);
    if (words > 0) std::memcpy(s.part.sums.data(), bytes.data() + nl + 1, words * sizeof(std::uint64_t));
    auto [p, witness] = decode_outcome(head.at("witness").get<std::string>());
    (void)p;
    if (!witness.violations.empty()) s.part.best = witness.violations.front();
    s.error = error_kind(head.at("error").get<std::string>());
    s.error_chunk = head.at("error_chunk").get<std::int64_t>();
    s.error_what = head.at("error_what").get<std::string>();
    const auto& pl = head.at("plugin");
    s.plugin_p = pl.at(0).get<std::int64_t>();
    s.plugin_root = pl.at(1).get<std::int64_t>();
    s.plugin_rank = pl.at(2).get<std::int64_t>();
    s.plugin_code = pl.at(3).get<int>();
    s.plugin_text = head.at("plugin_text").get<std::string>();
  } catch (const json::exception& e) {
    throw InputError(fmt::format("a streamed share is not valid: {}", e.what()));
  }
  return s;
}

}  // namespace collverify::engine
