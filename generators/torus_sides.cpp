#include "generators/torus_sides.hpp"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>

#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify {

namespace {

constexpr std::int64_t kMaxSide = std::int64_t{1} << 31;

std::int64_t parse_side(const std::string& word, const std::string& item) {
  std::size_t used = 0;
  long long v = 0;
  bool ok = !word.empty() && (std::isdigit(static_cast<unsigned char>(word[0])) != 0 || word[0] == '-');
  if (ok) {
    try {
      v = std::stoll(word, &used);
    } catch (const std::exception&) {
      ok = false;
    }
  }
  if (!ok || used != word.size()) {
    throw InputError(fmt::format("--sides: '{}' in '{}' is not a side (an integer >= 1)", word, item));
  }
  if (v < 1 || v > kMaxSide) {
    throw InputError(fmt::format("--sides: side {} ('{}' in '{}') is not in 1..{}", v, word, item,
                                 kMaxSide));
  }
  return v;
}

TorusSides parse_shape(const std::string& word, const std::string& item) {
  TorusSides out;
  std::size_t begin = 0;
  while (true) {
    const std::size_t x = word.find_first_of("xX", begin);  // 4X6 as synth tadt always took
    out.push_back(parse_side(word.substr(begin, x == std::string::npos ? std::string::npos : x - begin), item));
    if (x == std::string::npos) break;
    begin = x + 1;
  }
  return out;
}

void parse_item(const std::string& item, std::vector<TorusSides>& out) {
  const std::size_t dots = item.find("..");
  if (dots == std::string::npos) {
    out.push_back(parse_shape(item, item));
    return;
  }
  std::string last_word = item.substr(dots + 2);
  std::int64_t step = 1;
  if (const std::size_t colon = last_word.find(':'); colon != std::string::npos) {
    const std::string step_word = last_word.substr(colon + 1);
    step = parse_side(step_word, item);
    last_word = last_word.substr(0, colon);
  }
  const TorusSides first = parse_shape(item.substr(0, dots), item);
  const TorusSides last = parse_shape(last_word, item);
  const auto equal = [](const TorusSides& s) {
    return std::all_of(s.begin(), s.end(), [&](std::int64_t v) { return v == s[0]; });
  };
  if (first.size() != last.size() || !equal(first) || !equal(last)) {
    throw InputError(fmt::format(
        "--sides: the range '{}' must go from a square (or cube) to one of the same dimensions, "
        "e.g. 3x3..41x41 or 3x3x3..13x13x13",
        item));
  }
  if (first[0] > last[0]) {
    throw InputError(fmt::format("--sides: the range '{}' is reversed ({} > {})", item, first[0], last[0]));
  }
  for (std::int64_t z = first[0]; z <= last[0]; z += step) {
    if (out.size() >= kMaxTori) {
      throw InputError(fmt::format("--sides '{}': more than {} tori", item, kMaxTori));
    }
    out.emplace_back(first.size(), z);
  }
}

}  // namespace

std::vector<TorusSides> parse_torus_sides(const std::string& text) {
  if (text.empty()) throw InputError("--sides is empty (e.g. 5x5, 3x3..41x41, 3x3x3..13x13x13)");
  std::vector<TorusSides> out;
  std::stringstream list(text);
  for (std::string item; std::getline(list, item, ',');) {
    if (item.empty()) throw InputError(fmt::format("--sides '{}' has an empty item", text));
    parse_item(item, out);
  }
  if (out.size() > kMaxTori) throw InputError(fmt::format("--sides '{}': more than {} tori", text, kMaxTori));
  return out;
}

TorusSides parse_one_torus(const std::string& text, const std::string& command) {
  const std::vector<TorusSides> tori = parse_torus_sides(text);
  if (tori.size() != 1) {
    throw InputError(
        fmt::format("--sides '{}' names {} tori; {} takes one", text, tori.size(), command));
  }
  return tori[0];
}

std::string sides_text(std::span<const std::int64_t> sides) {
  std::string out;
  for (std::int64_t s : sides) {
    if (!out.empty()) out += 'x';
    out += std::to_string(s);
  }
  return out;
}

std::int64_t torus_nodes(std::span<const std::int64_t> sides) {
  std::int64_t n = 1;
  for (std::int64_t s : sides) n = checked_mul(n, s, "torus " + sides_text(sides));
  return n;
}

}  // namespace collverify
