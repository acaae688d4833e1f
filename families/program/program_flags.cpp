// The flag words of `verify program` (program_flags.hpp).
#include "families/program/program_flags.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify::families::program {
namespace {

namespace cvp = collverify::program;

constexpr std::int64_t kMaxTerm = 1'000'000'000;

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string w; std::getline(in, w, ',');) out.push_back(w);
  return out;
}

// An integer of at most 10 digits, the whole of `s`.
bool integer(std::string_view s, std::int64_t& v) {
  if (s.empty() || s.size() > 10 || s[0] < '0' || s[0] > '9') return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size() && v <= kMaxTerm;
}

bool parse_term(std::string_view w, Term& t) {
  const std::size_t at = w.find('p');
  if (at == std::string_view::npos) {
    t = {0, 1, 0};
    return integer(w, t.c) && t.c >= 0;
  }
  t = {1, 1, 0};
  if (at > 0 && (!integer(w.substr(0, at), t.a) || t.a < 1)) return false;
  std::string_view rest = w.substr(at + 1);
  if (!rest.empty() && rest[0] == '/') {
    std::size_t k = 1;
    while (k < rest.size() && rest[k] >= '0' && rest[k] <= '9') ++k;
    if (!integer(rest.substr(1, k - 1), t.b) || t.b < 1) return false;
    rest = rest.substr(k);
  }
  if (rest.empty()) return true;
  if (rest[0] != '+' && rest[0] != '-') return false;
  if (!integer(rest.substr(1), t.c)) return false;
  if (rest[0] == '-') t.c = -t.c;
  return true;
}

template <typename T, typename Parse>
std::vector<T> parse_list(const char* flag, const std::string& text, const char* choices,
                          Parse parse) {
  std::vector<T> out;
  for (const std::string& w : words(text)) {
    const auto v = parse(w);
    if (!v) throw InputError(fmt::format("{} '{}': '{}' is not one of {}", flag, text, w, choices));
    if (std::find(out.begin(), out.end(), *v) == out.end()) out.push_back(*v);
  }
  if (out.empty()) throw InputError(fmt::format("{} '{}' names nothing", flag, text));
  return out;
}

std::vector<std::int64_t> values(const TermList& list, std::int64_t p, std::int64_t below) {
  std::vector<std::int64_t> out;
  for (const Term& t : list.terms) {
    const std::int64_t v = t.at(p);
    if (v >= 0 && v < below) out.push_back(v);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

TermList parse_terms(const std::string& flag, const std::string& text, bool allow_all) {
  TermList list;
  if (allow_all && text == "all") {
    list.all = true;
    return list;
  }
  for (const std::string& w : words(text)) {
    const std::size_t dots = w.find("..");
    std::int64_t lo = 0, hi = 0;
    if (dots != std::string::npos && integer(std::string_view(w).substr(0, dots), lo) &&
        integer(std::string_view(w).substr(dots + 2), hi) && lo >= 0 && lo <= hi &&
        hi - lo < 100'000) {
      for (std::int64_t v = lo; v <= hi; ++v) list.terms.push_back({0, 1, v});
      continue;
    }
    Term t;
    if (!parse_term(w, t)) {
      throw InputError(fmt::format(
          "{} '{}': '{}' is not a count term (an integer, A..B, or ap/b+c such as p-1, 2p+1, "
          "p/2){}",
          flag, text, w, allow_all ? ", nor 'all'" : ""));
    }
    list.terms.push_back(t);
  }
  if (list.terms.empty()) throw InputError(fmt::format("{} '{}' names nothing", flag, text));
  return list;
}

std::vector<std::int64_t> counts_for(const TermList& counts, std::int64_t p) {
  return values(counts, p, std::numeric_limits<std::int32_t>::max());
}

std::vector<std::int64_t> roots_for(const TermList& roots, std::int64_t p) {
  if (roots.all) {
    std::vector<std::int64_t> out(static_cast<std::size_t>(p));
    for (std::int64_t r = 0; r < p; ++r) out[static_cast<std::size_t>(r)] = r;
    return out;
  }
  return values(roots, p, p);
}

std::vector<cvp::Collective> parse_collectives(const std::string& text) {
  return parse_list<cvp::Collective>(
      "--collective", text,
      "bcast, reduce, allreduce, gather, scatter, allgather, alltoall, reduce_scatter_block",
      [](const std::string& w) { return cvp::parse_collective(w); });
}

std::vector<cvp::Elem> parse_datatypes(const std::string& text) {
  return parse_list<cvp::Elem>("--datatype", text, "int, double, byte",
                               [](const std::string& w) { return cvp::parse_elem(w); });
}

std::vector<cvp::Buffering> parse_buffering(const std::string& text) {
  return parse_list<cvp::Buffering>(
      "--buffering", text, "eager, rendezvous", [](const std::string& w) {
        if (w == "eager") return std::optional<cvp::Buffering>(cvp::Buffering::eager);
        if (w == "rendezvous") return std::optional<cvp::Buffering>(cvp::Buffering::rendezvous);
        return std::optional<cvp::Buffering>();
      });
}

}  // namespace collverify::families::program
