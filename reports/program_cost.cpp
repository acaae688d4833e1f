// The program route's cost table summed up (program_cost.hpp).
#include "reports/program_cost.hpp"

#include <sstream>

#include <fmt/format.h>

namespace collverify::reports {
namespace {

struct Row {
  std::string where;  // "p=4 count=1 root=0 bcast int eager"
  std::int64_t messages = 0, bytes = 0, bytes_bound = 0, rounds = 0, rounds_bound = 0;
  std::int64_t time = 0, time_bound = 0;
};

std::optional<Row> parse_row(const std::string& line) {
  std::vector<std::string> f;
  std::stringstream in(line);
  for (std::string cell; std::getline(in, cell, ',');) f.push_back(cell);
  if (f.size() != 11) return std::nullopt;
  try {
    Row r;
    r.where = fmt::format("p={} count={}{} {}", f[0], f[1], f[2].empty() ? "" : " root=" + f[2],
                          f[3]);
    r.messages = std::stoll(f[4]);
    r.bytes = std::stoll(f[5]);
    r.bytes_bound = std::stoll(f[6]);
    r.rounds = std::stoll(f[7]);
    r.rounds_bound = std::stoll(f[8]);
    r.time = std::stoll(f[9]);
    r.time_bound = std::stoll(f[10]);
    return r;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

void add(FigureSummary& s, std::int64_t value, std::int64_t bound, const std::string& where) {
  if (bound <= 0) return;  // count = 0 or p = 1: not held against a bound
  ++s.counted;
  if (value == bound) ++s.at_bound;
  const double ratio = static_cast<double>(value) / static_cast<double>(bound);
  if (ratio <= s.max_ratio) return;
  s.max_ratio = ratio;
  s.worst = where;
  s.worst_value = value;
  s.worst_bound = bound;
}

std::string figure_text(const FigureSummary& f, const char* unit) {
  std::string out = fmt::format("= lower bound for {} of {} passing instance{} with a positive bound",
                                f.at_bound, f.counted, f.counted == 1 ? "" : "s");
  if (f.max_ratio > 0) {
    out += fmt::format("; at most {:.2f} x the bound: {}{} against {}{} ({})", f.max_ratio,
                       f.worst_value, unit, f.worst_bound, unit, f.worst);
  }
  return out;
}

}  // namespace

std::optional<CostSummary> program_cost(const ConstructionSummary& c) {
  for (const DataFile& d : c.data_files) {
    if (d.file.rfind(kCostCsvPrefix, 0) != 0 || d.file.size() < 4 ||
        d.file.compare(d.file.size() - 4, 4, ".csv") != 0) {
      continue;
    }
    CostSummary s;
    s.table = d.file;
    std::stringstream in(d.text);
    std::string line;
    std::getline(in, line);  // the header
    while (std::getline(in, line)) {
      const std::optional<Row> r = parse_row(line);
      if (!r) continue;
      ++s.counted;
      if (r->messages > s.messages_max) s.messages_max = r->messages;
      add(s.bytes, r->bytes, r->bytes_bound, r->where);
      add(s.rounds, r->rounds, r->rounds_bound, r->where);
      add(s.time, r->time, r->time_bound, r->where);
    }
    return s;
  }
  return std::nullopt;
}

std::string cost_rounds_text(const CostSummary& s, std::int64_t instances) {
  std::string out = figure_text(s.rounds, "");
  const std::int64_t unbounded = s.counted - s.rounds.counted;
  const std::int64_t no_cost = instances - s.counted;
  if (unbounded > 0 || no_cost > 0) out += "; not counted:";
  if (unbounded > 0) {
    out += fmt::format(" {} passing instance{} whose bound is 0 (count = 0 or p = 1)", unbounded,
                       unbounded == 1 ? "" : "s");
  }
  if (no_cost > 0) {
    out += fmt::format("{} {} instance{} that failed or {} inconclusive (no cost)",
                       unbounded > 0 ? "," : "", no_cost, no_cost == 1 ? "" : "s",
                       no_cost == 1 ? "was" : "were");
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> cost_lines(const CostSummary& s,
                                                            std::int64_t instances) {
  std::vector<std::pair<std::string, std::string>> out;
  out.emplace_back("cost model", std::string(kCostModel));
  if (s.counted == 0) {
    out.emplace_back("cost", "no passing instance: no cost reported");
    return out;
  }
  out.emplace_back("messages", fmt::format("at most {} in one instance", s.messages_max));
  out.emplace_back("busiest-rank bytes", figure_text(s.bytes, " bytes"));
  out.emplace_back("rounds (1-ported)", cost_rounds_text(s, instances));
  out.emplace_back("alpha-beta time", figure_text(s.time, " ns"));
  out.emplace_back("cost table", fmt::format("{} (one line per passing instance)", s.table));
  return out;
}

}  // namespace collverify::reports
