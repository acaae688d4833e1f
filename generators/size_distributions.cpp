#include "generators/size_distributions.hpp"

#include <fmt/format.h>

#include <charconv>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"

namespace collverify {
namespace {

constexpr const char* kAccepted =
    "uniform:K, random:MAX:SEED, list:A,B,..., zeros-except-root:K, paper:M (whole numbers >= 0; "
    "sizes at most 2^31-1)";

[[noreturn]] void bad_distribution(const std::string& text, const std::string& why) {
  throw InputError(fmt::format("--sizes '{}' {}; accepted: {}", text, why, kAccepted));
}

std::int64_t number(const std::string& text, const std::string& token, std::int64_t max) {
  std::int64_t v = 0;
  const char* end = token.data() + token.size();
  const auto [ptr, ec] = std::from_chars(token.data(), end, v);
  if (token.empty() || ec != std::errc() || ptr != end || v < 0) {
    bad_distribution(text, fmt::format("has '{}' where a whole number >= 0 belongs", token));
  }
  if (v > max) bad_distribution(text, fmt::format("has {} above the limit {}", v, max));
  return v;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = s.find(sep, start);
    out.push_back(s.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) return out;
    start = at + 1;
  }
}

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

SizeDistribution SizeDistribution::parse(const std::string& text) {
  SizeDistribution d;
  d.text_ = text;
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) bad_distribution(text, "has no ':'");
  const std::string name = text.substr(0, colon);
  const std::string rest = text.substr(colon + 1);
  if (name == "uniform" || name == "zeros-except-root") {
    d.kind_ = name == "uniform" ? Kind::uniform : Kind::zeros_except_root;
    d.values_ = {number(text, rest, kMaxSize)};
  } else if (name == "random") {
    const auto parts = split(rest, ':');
    if (parts.size() != 2) bad_distribution(text, "needs random:MAX:SEED");
    d.kind_ = Kind::random;
    d.values_ = {number(text, parts[0], kMaxSize), number(text, parts[1], INT64_MAX)};
  } else if (name == "list") {
    d.kind_ = Kind::list;
    for (const std::string& v : split(rest, ',')) d.values_.push_back(number(text, v, kMaxSize));
  } else if (name == "paper") {
    d.kind_ = Kind::paper;
    d.values_ = {number(text, rest, kMaxSize)};
  } else {
    bad_distribution(text, fmt::format("names no distribution '{}'", name));
  }
  return d;
}

std::vector<std::int64_t> SizeDistribution::for_p(std::int64_t p) const {
  if (p < 1) throw InputError(fmt::format("sizes for p = {}: p must be >= 1", p));
  require_memory(checked_mul(p, 8, "sizes"), fmt::format("the sizes of p = {} ranks", p));
  std::vector<std::int64_t> out(static_cast<std::size_t>(p), 0);
  const std::int64_t a = values_.front();
  for (std::int64_t r = 0; r < p; ++r) {
    auto& v = out[static_cast<std::size_t>(r)];
    switch (kind_) {
      case Kind::uniform:
        v = a;
        break;
      case Kind::zeros_except_root:
        v = r == 0 ? a : 0;
        break;
      case Kind::list:
        v = values_[static_cast<std::size_t>(r) % values_.size()];
        break;
      case Kind::random: {
        const auto seed = static_cast<std::uint64_t>(values_[1]);
        v = static_cast<std::int64_t>(
            splitmix64(seed * 0x100000001b3ULL + static_cast<std::uint64_t>(r)) %
            static_cast<std::uint64_t>(a + 1));
        break;
      }
      case Kind::paper:
        v = r < p - 1 ? (r % 3) * (a / p) : 0;
        break;
    }
  }
  if (kind_ == Kind::paper) {
    std::int64_t others = 0;
    for (std::int64_t r = 0; r + 1 < p; ++r) others += out[static_cast<std::size_t>(r)];
    // >= 0: sum_{r < p-1} (r mod 3) <= p - 1, so the others add up to at most (p - 1) floor(M/p).
    out.back() = a - others;
  }
  return out;
}

}  // namespace collverify
