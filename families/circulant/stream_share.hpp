// What one rank sends the others after checking its part of a streamed p split over the ranks
// of a distributed run (families/circulant/stream_bcast.hpp, docs/DESIGN.md "Distributed verification"):
// its StreamingPart (fingerprint sums, chunks done, smallest witness), whether it checked all of
// its chunks (false after Ctrl-C), and the error of its smallest chunk that raised one (a
// plugin's PluginFailure travels with its fields, so every rank raises the same one).
// decode(encode(s)) == s field by field (tests/families/circulant/stream_share_test.cpp). The sums travel as
// raw 64-bit words after one line of JSON: the ranks of one job share the byte order.
#pragma once

#include <cstdint>
#include <string>

#include "checkers/circulant_streaming.hpp"

namespace collverify::engine {

struct StreamShare {
  enum class Error { none, plugin, input, other };
  bool complete = true;
  StreamingPart part;
  Error error = Error::none;
  std::int64_t error_chunk = -1;  // the chunk whose check raised the error
  std::string error_what;         // what() of the exception
  // PluginFailure's fields (error == plugin).
  std::int64_t plugin_p = 0, plugin_root = 0, plugin_rank = -1;
  int plugin_code = 0;
  std::string plugin_text;
};

std::string encode_stream_share(std::int64_t p, const StreamShare& share);
// Throws InputError naming what is wrong when `bytes` is not an encoded share.
StreamShare decode_stream_share(const std::string& bytes);

}  // namespace collverify::engine
