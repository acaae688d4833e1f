#include "generators/block_counts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify {
namespace {

constexpr std::int64_t kMaxTerm = std::int64_t{1} << 40;

[[noreturn]] void bad(const std::string& text, const std::string& term) {
  throw InputError(fmt::format("bad block count '{}' in '{}' (accepted: whole numbers >= 1 and "
                               "terms in q such as q, q+1, 2q+1, 3q-2; at most 2^40)",
                               term, text));
}

std::int64_t parse_int(const std::string& text, const std::string& term, const std::string& s) {
  std::int64_t v = 0;
  const char* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data(), end, v);
  if (s.empty() || ec != std::errc() || ptr != end || v < 0 || v > kMaxTerm) bad(text, term);
  return v;
}

}  // namespace

BlockCounts BlockCounts::parse(const std::string& text) {
  BlockCounts out;
  out.text_ = text;
  std::size_t start = 0;
  while (true) {
    const auto comma = text.find(',', start);
    const std::string term = text.substr(start, comma == std::string::npos ? comma : comma - start);
    Term t;
    const auto qpos = term.find('q');
    if (qpos == std::string::npos) {
      t.b = parse_int(text, term, term);
      if (t.b < 1) bad(text, term);
    } else {
      t.a = qpos == 0 ? 1 : parse_int(text, term, term.substr(0, qpos));
      const std::string rest = term.substr(qpos + 1);
      if (!rest.empty()) {
        if (rest[0] != '+' && rest[0] != '-') bad(text, term);
        const std::int64_t b = parse_int(text, term, rest.substr(1));
        t.b = rest[0] == '+' ? b : -b;
      }
    }
    out.terms_.push_back(t);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

std::vector<std::int64_t> BlockCounts::for_p(std::int64_t p) const {
  const std::int64_t q = ceil_log2(p);
  std::vector<std::int64_t> out;
  for (const Term& t : terms_) {
    const std::int64_t n = t.a * q + t.b;
    if (n >= 1) out.push_back(n);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace collverify
