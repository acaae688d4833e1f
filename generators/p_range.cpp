#include "generators/p_range.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify {
namespace {

constexpr const char* kForms = "accepted: 2..4096, 2..4096:7, 1000,2000,4093, 2^10..2^17";

[[noreturn]] void bad(const std::string& text, const std::string& token, const std::string& why) {
  throw InputError(fmt::format("bad p range '{}': '{}' {} ({})", text, token, why, kForms));
}

std::int64_t parse_int(const std::string& text, const std::string& token) {
  std::int64_t v = 0;
  const char* end = token.data() + token.size();
  auto [ptr, ec] = std::from_chars(token.data(), end, v);
  if (token.empty() || ec != std::errc() || ptr != end) {
    bad(text, token, ec == std::errc::result_out_of_range ? "does not fit 64 bits"
                                                          : "is not a whole number");
  }
  return v;
}

// A number: decimal, or 2^a.
std::int64_t parse_number(const std::string& text, const std::string& token) {
  const auto caret = token.find('^');
  if (caret == std::string::npos) return parse_int(text, token);
  const std::int64_t base = parse_int(text, token.substr(0, caret));
  const std::int64_t exp = parse_int(text, token.substr(caret + 1));
  if (base != 2) bad(text, token, "uses a base other than 2");
  if (exp < 0 || exp > 61) bad(text, token, "is outside 2^0..2^61");
  return std::int64_t{1} << exp;
}

std::int64_t parse_p(const std::string& text, const std::string& token) {
  const std::int64_t p = parse_number(text, token);
  if (p < 1 || p >= kMaxP) bad(text, token, "is not a processor count in 1..2^62-1");
  return p;
}

PSegment parse_item(const std::string& text, const std::string& item) {
  const auto dots = item.find("..");
  if (dots == std::string::npos) {
    const std::int64_t p = parse_p(text, item);
    return {p, p, 1};
  }
  std::string hi = item.substr(dots + 2);
  std::int64_t step = 1;
  if (const auto colon = hi.find(':'); colon != std::string::npos) {
    step = parse_int(text, hi.substr(colon + 1));
    if (step < 1) bad(text, hi.substr(colon + 1), "is not a step of at least 1");
    hi = hi.substr(0, colon);
  }
  const std::int64_t first = parse_p(text, item.substr(0, dots));
  const std::int64_t last = parse_p(text, hi);
  if (last < first) bad(text, item, "runs backwards");
  return {first, first + (last - first) / step * step, step};
}

}  // namespace

PRange PRange::parse(const std::string& text) {
  PRange r;
  r.text_ = text;
  if (text.empty()) bad(text, text, "is empty");
  std::size_t start = 0;
  while (true) {
    const auto comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? comma : comma - start);
    if (item.find_first_of(" \t") != std::string::npos) bad(text, item, "contains white space");
    r.segments_.push_back(parse_item(text, item));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return r;
}

PRange PRange::single(std::int64_t p) { return parse(std::to_string(p)); }

std::int64_t PRange::max() const {
  std::int64_t m = 0;
  for (const auto& s : segments_) m = std::max(m, s.last);
  return m;
}

std::int64_t PRange::count() const {
  if (segments_.size() == 1) {
    const auto& s = segments_.front();
    return (s.last - s.first) / s.step + 1;
  }
  // Overlapping segments are counted once, which needs the values; values() refuses before
  // allocating when the segments add up to more than it holds.
  return static_cast<std::int64_t>(values(kMaxValues).size());
}

std::vector<std::int64_t> PRange::values(std::int64_t limit) const {
  std::int64_t total = 0;
  for (const auto& s : segments_) total = checked_add(total, (s.last - s.first) / s.step + 1, "p range");
  if (total > limit) {
    throw InputError(fmt::format("p range '{}' has {} values; at most {} are accepted in one run",
                                 text_, total, limit));
  }
  std::vector<std::int64_t> out;
  out.reserve(static_cast<std::size_t>(total));
  for (const auto& s : segments_) {
    for (std::int64_t p = s.first; p <= s.last; p += s.step) {
      out.push_back(p);
      if (p > s.last - s.step) break;  // no overflow near 2^62
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace collverify
