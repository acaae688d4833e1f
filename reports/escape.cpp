// Escaping helpers; see escape.hpp. Each is one pass over the input, O(length).
#include "reports/escape.hpp"

#include <algorithm>
#include <cstddef>

#include <fmt/format.h>

namespace collverify::reports {

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\t': out += "&#9;"; break;
      case '\n': out += "&#10;"; break;
      case '\r': out += "&#13;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          out += "\xEF\xBF\xBD";  // U+FFFD: XML 1.0 has no way to carry these characters
        } else {
          out += c;
        }
    }
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
