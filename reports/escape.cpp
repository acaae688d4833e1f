// Escaping helpers; see escape.hpp. Each is one pass over the input, O(length).
#include "reports/escape.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include <fmt/format.h>

namespace collverify::reports {

namespace {

constexpr const char* kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// The length of the well-formed UTF-8 sequence at text[i] (1..4) whose code point XML 1.0 can
// hold, or 0: a stray continuation byte, an overlong form, a surrogate, a code point above
// U+10FFFF, a truncated sequence, or U+FFFE / U+FFFF.
std::size_t xml_char_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return 1;
  std::size_t length = 0;
  std::uint32_t cp = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
    cp = b0 & 0x1Fu;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    cp = b0 & 0x0Fu;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    cp = b0 & 0x07u;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0u) != 0x80u) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  }
  const std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < smallest[length] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) ||
      cp == 0xFFFE || cp == 0xFFFF) {
    return 0;
  }
  return length;
}

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\t': out += "&#9;"; break;
      case '\n': out += "&#10;"; break;
      case '\r': out += "&#13;"; break;
      default: {
        const std::size_t length = xml_char_length(text, i);
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || length == 0) {
          out += kReplacement;  // XML 1.0 cannot carry it; one U+FFFD per byte
          ++i;
        } else {
          out.append(text.substr(i, length));
          i += length;
        }
        continue;
      }
    }
    ++i;
  }
  return out;
}

std::string markdown_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '\\':
      case '`':
      case '*':
      case '_':
      case '|':
      case '<':
      case '>':
      case '&':
        out += '\\';
        out += c;
        break;
      case '\r':
      case '\n': out += ' '; break;
      default: out += c;
    }
  }
  return out;
}

std::string markdown_code(std::string_view text) {
  std::size_t longest = 0;
  std::size_t run = 0;
  std::string body;
  body.reserve(text.size());
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
    if (c == '|') {
      body += "\\|";  // GFM tables split cells on | even inside code spans
    } else if (c == '\r' || c == '\n') {
      body += ' ';
    } else {
      body += c;
    }
  }
  const std::string fence(longest + 1, '`');
  // A span starting or ending with a backtick needs a space so the fence is not extended.
  const bool pad = !body.empty() && (body.front() == '`' || body.back() == '`');
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

std::string one_line(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (u < 0x20 || u == 0x7f) {
      out += fmt::format("\\x{:02x}", u);
    } else {
      out += c;
    }
  }
  return out;
}

std::string github_escape_data(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '%': out += "%25"; break;
      case '\r': out += "%0D"; break;
      case '\n': out += "%0A"; break;
      default: out += c;
    }
  }
  return out;
}

std::string github_escape_property(std::string_view text) {
  std::string out;
  for (char c : github_escape_data(text)) {
    switch (c) {
      case ':': out += "%3A"; break;
      case ',': out += "%2C"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace collverify::reports
