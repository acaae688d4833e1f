#include "generators/external/schedule_json.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <span>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "generators/external/json_gate.hpp"
#include "generators/external/json_input.hpp"
#include "generators/external/schedule_json_stream.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"

namespace collverify {

namespace {

using nlohmann::json;

// What a JSON value is, for messages: its type and (shortened) text.
std::string describe(const json& v) {
  std::string text = v.dump();
  if (text.size() > 40) {
    text = text.substr(0, 37) + "...";
  }
  return fmt::format("{} {}", v.type_name(), text);
}

// Reads one schedule object; `src` starts every message.
class Reader {
 public:
  explicit Reader(const std::string& source) : src_(source) {}

  CirculantSchedule read(const json& doc) const {
    if (!doc.is_object()) {
      fail(fmt::format("the top level must be a JSON object, got {}", describe(doc)));
    }
    const std::int64_t p = integer(key(doc, "p"), "\"p\"");
    if (p < 1 || p >= kMaxP) {
      fail(fmt::format("\"p\" = {} is outside the supported range 1..2^62-1", p));
    }
    const std::int64_t q = integer(key(doc, "q"), "\"q\"");
    if (q != ceil_log2(p)) {
      fail(fmt::format("\"q\" = {} but p = {} needs q = ceil(log2 p) = {}", q, p, ceil_log2(p)));
    }
    // Lengths first: a 60-byte file claiming p = 2^28 must not allocate the tables of 2^28 ranks.
    array(key(doc, "skips"), fmt::format("\"skips\" (p = {})", p), q + 1, "q + 1");
    for (const char* name : {"recv", "send"}) {
      array(key(doc, name), fmt::format("\"{}\" (p = {})", name, p), p, "p (one row per rank)");
    }
    if (const auto it = doc.find("baseblock"); it != doc.end()) {
      array(*it, fmt::format("\"baseblock\" (p = {})", p), p, "p");
    }
    CirculantSchedule s = allocate(p);
    read_skips(key(doc, "skips"), s);
    if (const auto it = doc.find("baseblock"); it != doc.end()) {
      read_baseblock(*it, s);
    } else {
      s.baseblock.clear();
      s.baseblock.shrink_to_fit();
    }
    read_table(key(doc, "recv"), "recv", s, s.recv);
    read_table(key(doc, "send"), "send", s, s.send);
    return s;
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    throw InputError(fmt::format("{}: {}", src_, message));
  }

  const json& key(const json& doc, const char* name) const {
    const auto it = doc.find(name);
    if (it == doc.end()) {
      fail(
          fmt::format("missing key \"{}\" (a schedule object needs \"p\", \"q\", \"skips\", "
                      "\"recv\" and \"send\"; \"baseblock\" is optional)",
                      name));
    }
    return *it;
  }

  // An integer that fits int64; `where` names it ("\"p\"", "\"skips\"[2]", ...).
  std::int64_t integer(const json& v, const std::string& where) const {
    if (v.is_number_unsigned()) {
      const auto u = v.get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        fail(fmt::format("{} = {} does not fit a 64-bit signed integer", where, u));
      }
      return static_cast<std::int64_t>(u);
    }
    if (!v.is_number_integer()) {
      fail(fmt::format("{} must be an integer, got {}", where, describe(v)));
    }
    return v.get<std::int64_t>();
  }

  // An array of `expected` entries; `what` says how that length is named ("q + 1", "p").
  void array(const json& v, const std::string& where, std::int64_t expected,
             const char* what) const {
    if (!v.is_array()) {
      fail(fmt::format("{} must be an array of {} = {} entries, got {}", where, what, expected,
                       describe(v)));
    }
    if (static_cast<std::int64_t>(v.size()) != expected) {
      fail(fmt::format("{} has length {}; expected length {} = {}", where, v.size(), what,
                       expected));
    }
  }

  CirculantSchedule allocate(std::int64_t p) const {
    try {
      return CirculantSchedule::allocate(p);
    } catch (const InputError& e) {
      fail(e.what());
    }
  }

  void read_skips(const json& v, CirculantSchedule& s) const {
    array(v, fmt::format("\"skips\" (p = {})", s.p), s.q + 1, "q + 1");
    for (int k = 0; k <= s.q; ++k) {
      s.skips[static_cast<std::size_t>(k)] =
          integer(v[static_cast<std::size_t>(k)], fmt::format("\"skips\"[{}]", k));
    }
  }

  void read_baseblock(const json& v, CirculantSchedule& s) const {
    array(v, fmt::format("\"baseblock\" (p = {})", s.p), s.p, "p");
    for (std::int64_t r = 0; r < s.p; ++r) {
      const std::string where = fmt::format("\"baseblock\"[{}]", r);
      const std::int64_t b = integer(v[static_cast<std::size_t>(r)], where);
      if (b < -s.q || b > s.q) {
        fail(fmt::format("{} = {} for p = {}, r = {} is outside [-q, q] = [{}, {}]", where, b, s.p,
                         r, -s.q, s.q));
      }
      s.baseblock[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(b);
    }
  }

  void read_table(const json& v, const char* name, const CirculantSchedule& s,
                  std::vector<std::int8_t>& table) const {
    array(v, fmt::format("\"{}\" (p = {})", name, s.p), s.p, "p (one row per rank)");
    const auto q = static_cast<std::size_t>(s.q);
    for (std::int64_t r = 0; r < s.p; ++r) {
      const json& row = v[static_cast<std::size_t>(r)];
      array(row, fmt::format("\"{}\"[{}] (p = {}, r = {})", name, r, s.p, r), s.q, "q");
      const auto out = std::span<std::int8_t>(table).subspan(static_cast<std::size_t>(r) * q, q);
      for (int k = 0; k < s.q; ++k) {
        const std::string where = fmt::format("\"{}\"[{}][{}]", name, r, k);
        const std::int64_t b = integer(row[static_cast<std::size_t>(k)], where);
        if (b < -s.q || b >= s.q) {
          fail(fmt::format("{} = {} for p = {}, r = {}, round k = {} is outside [-q, q) = [{}, {})",
                           where, b, s.p, r, k, -s.q, s.q));
        }
        out[static_cast<std::size_t>(k)] = static_cast<std::int8_t>(b);
      }
    }
  }

  const std::string& src_;
};

void append_row(fmt::memory_buffer& out, std::span<const std::int8_t> row) {
  out.push_back('[');
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (i > 0) {
      out.push_back(',');
    }
    fmt::format_to(std::back_inserter(out), "{}", static_cast<int>(row[i]));
  }
  out.push_back(']');
}

void append_table(fmt::memory_buffer& out, const char* name, const CirculantSchedule& s,
                  const std::vector<std::int8_t>& table) {
  fmt::format_to(std::back_inserter(out), "\"{}\":[\n", name);
  const auto q = static_cast<std::size_t>(s.q);
  for (std::int64_t r = 0; r < s.p; ++r) {
    append_row(out,
               std::span<const std::int8_t>(table).subspan(static_cast<std::size_t>(r) * q, q));
    if (r + 1 < s.p) {
      out.push_back(',');
    }
    out.push_back('\n');
  }
  out.push_back(']');
}

}  // namespace

namespace {

// Bytes the DOM reader may take per byte of text: a 16-byte json value per entry of at least two
// bytes ("0,"), arrays' spare capacity, and the text itself.
constexpr std::int64_t kDomBytesPerTextByte = 24;
// Bytes the streaming reader may take per byte of text: the tables hold one byte per entry of
// at least two bytes of text, each doubled while its vector grows, plus the final shrink's copy.
constexpr std::int64_t kStreamBytesPerTextByte = 2;

// The slow twin: the whole document as a DOM, judged by Reader with precise messages.
CirculantSchedule parse_with_dom(const std::string& text, const std::string& source_name) {
  require_json_depth(text, kMaxScheduleDepth, source_name, "schedule object", 3);
  const json doc = parse_gated_json(text, source_name, kMaxScheduleDepth);
  try {
    return Reader(source_name).read(doc);
  } catch (const json::exception& e) {
    throw InputError(fmt::format("{}: not a schedule object: {}", source_name, e.what()));
  }
}

// What the stream could not accept: a syntax error or the nesting bound are final; anything
// else is explained by the DOM reader when its memory fits (`text` yields the whole file).
template <class Text>
CirculantSchedule explain(const StreamedSchedule& streamed, std::int64_t size,
                          const std::string& source_name, Text&& text) {
  if (streamed.invalid_json) {
    throw InputError(fmt::format("{}: invalid JSON: {}", source_name, streamed.problem));
  }
  if (streamed.too_deep) throw InputError(fmt::format("{}: {}", source_name, streamed.problem));
  std::int64_t dom_bytes = 0;
  if (!__builtin_mul_overflow(size, kDomBytesPerTextByte, &dom_bytes) &&
      dom_bytes <= available_memory_bytes()) {
    return parse_with_dom(text(), source_name);
  }
  throw InputError(fmt::format("{}: not a valid schedule object ({}); the file ({} bytes) is too "
                               "large to say more precisely",
                               source_name, streamed.problem, size));
}

void require_stream_memory(std::int64_t size, const std::string& source_name) {
  std::int64_t bytes = 0;
  if (__builtin_mul_overflow(size, kStreamBytesPerTextByte, &bytes)) {
    bytes = std::numeric_limits<std::int64_t>::max();
  }
  require_memory(bytes, fmt::format("reading {} ({} bytes of JSON; the tables take at most {} "
                                    "bytes per byte of text)",
                                    source_name, size, kStreamBytesPerTextByte));
}

}  // namespace

JsonGateLimits schedule_file_limits() {
  return {kMaxScheduleDepth, std::int64_t{1} << 36, kStreamBytesPerTextByte};
}

CirculantSchedule parse_schedule_json(const std::string& text, const std::string& source_name) {
  const auto size = static_cast<std::int64_t>(text.size());
  require_stream_memory(size, source_name);
  StreamedSchedule streamed = stream_schedule_json(std::string_view(text));
  if (streamed.schedule) return std::move(*streamed.schedule);
  return explain(streamed, size, source_name, [&] { return text; });
}

CirculantSchedule parse_schedule_json_dom(const std::string& text, const std::string& source_name) {
  return parse_with_dom(text, source_name);
}

CirculantSchedule read_schedule_json(const std::filesystem::path& file) {
  JsonInputFile in = open_json_input(file, "schedule file");
  const std::string name = file.string();
  require_gated_size(in.size, file, "schedule file", schedule_file_limits());
  require_stream_memory(in.size, name);
  StreamedSchedule streamed = stream_schedule_json(in.file.get());
  if (std::ferror(in.file.get())) {
    throw InputError(fmt::format("cannot read schedule file '{}': read error", name));
  }
  if (streamed.schedule) return std::move(*streamed.schedule);
  return explain(streamed, in.size, name, [&] { return read_json_text(in, file, "schedule file"); });
}

std::string schedule_to_json(const CirculantSchedule& s) {
  const auto cells = static_cast<std::size_t>(s.p) * static_cast<std::size_t>(s.q);
  CV_ASSERT(s.skips.size() == static_cast<std::size_t>(s.q) + 1, "q + 1 skips");
  CV_ASSERT(s.recv.size() == cells && s.send.size() == cells, "p x q tables");
  CV_ASSERT(s.baseblock.empty() || s.baseblock.size() == static_cast<std::size_t>(s.p),
            "p baseblocks or none");
  fmt::memory_buffer out;
  fmt::format_to(std::back_inserter(out), "{{\"p\":{},\"q\":{},\"skips\":[{}]", s.p, s.q,
                 fmt::join(s.skips, ","));
  if (!s.baseblock.empty()) {
    out.append(std::string_view(",\"baseblock\":"));
    append_row(out, s.baseblock);
  }
  out.append(std::string_view(",\n"));
  append_table(out, "recv", s, s.recv);
  out.append(std::string_view(",\n"));
  append_table(out, "send", s, s.send);
  out.push_back('}');
  return fmt::to_string(out);
}

}  // namespace collverify
