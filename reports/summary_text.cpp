// Shared wording; see summary_text.hpp.
#include "reports/summary_text.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace collverify::reports {

std::string field_text(std::int64_t value) {
  return value == kNone ? std::string("-") : fmt::format("{}", value);
}

std::string witness_text(const Violation& v, std::string_view separator) {
  return fmt::format("p={}{}n={}{}rank={}{}round={}{}block={}", field_text(v.p), separator,
                     field_text(v.n), separator, field_text(v.rank), separator, field_text(v.round),
                     separator, field_text(v.block));
}

std::string witness_lead(const Violation& v) {
  std::string fields;
  for (const auto& [name, value] : {std::pair{"n", v.n}, std::pair{"rank", v.rank},
                                    std::pair{"round", v.round}, std::pair{"block", v.block}}) {
    if (value != kNone) fields += fmt::format("{}{}={}", fields.empty() ? "" : ", ", name, value);
  }
  return fmt::format("p={} {}: {}{}", field_text(v.p), v.property, v.message,
                     fields.empty() ? "" : " (" + fields + ")");
}

std::int64_t violations_found(const ConstructionSummary& c) {
  return std::max(c.violations_total, static_cast<std::int64_t>(c.violations.size()));
}

std::string violations_count_text(const ConstructionSummary& c) {
  const std::int64_t found = violations_found(c);
  const auto listed = static_cast<std::int64_t>(c.violations.size());
  const std::string head = fmt::format("{} violation{} found", found, found == 1 ? "" : "s");
  if (listed == found) return head + (found == 0 ? "." : found == 1 ? "; it is listed." : "; all are listed.");
  const std::string cap =
      c.violations_cap > 0 ? fmt::format(" (the run keeps at most {}: --max-violations)",
                                         c.violations_cap)
                           : std::string();
  const std::int64_t rest = found - listed;
  return fmt::format("{}; {}{}; {} {} not listed (truncated).", head,
                     listed == 1 ? std::string("only the first is listed")
                                 : fmt::format("the first {} are listed", listed),
                     cap, rest, rest == 1 ? "is" : "are");
}

std::string rounds_text(const Coverage& cov) {
  if (cov.rounds_counted == 0) {
    return cov.lower_bound.empty() ? "rounds not counted (no round lower bound applies)"
                                   : "rounds not counted (fast checker only)";
  }
  std::string out = fmt::format("rounds = lower bound for {} of {} counted instance{}; max excess {}",
                                cov.rounds_at_bound, cov.rounds_counted,
                                cov.rounds_counted == 1 ? "" : "s",
                                field_text(cov.rounds_max_excess));
  if (cov.instances > cov.rounds_counted) {
    out += fmt::format("; {} instance{} judged by the fast checker alone (rounds not counted)",
                       cov.instances - cov.rounds_counted,
                       cov.instances - cov.rounds_counted == 1 ? "" : "s");
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> coverage_lines(const ConstructionSummary& c) {
  const Coverage& cov = c.coverage;
  std::vector<std::pair<std::string, std::string>> out;
  if (!cov.p_range.empty()) out.emplace_back("p range", cov.p_range);
  if (!cov.parameters.empty()) out.emplace_back("parameters", cov.parameters);
  if (!cov.properties.empty()) {
    std::string list;
    for (const std::string& p : cov.properties) list += (list.empty() ? "" : ", ") + p;
    out.emplace_back("properties checked", list);
  }
  if (!cov.lower_bound.empty()) out.emplace_back("lower bound", cov.lower_bound);
  out.emplace_back("instances", fmt::format("{} checked over {} p", cov.instances, c.checked));
  out.emplace_back("rounds", rounds_text(cov));
  return out;
}

std::string seconds_text(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) seconds = 0;
  return fmt::format("{:.3f}", seconds);
}

Status construction_status(const ConstructionSummary& c) {
  if (c.failed > 0 || !c.violations.empty()) return Status::fail;
  if (c.inconclusive > 0) return Status::inconclusive;
  return Status::pass;
}

Status run_status(const RunSummary& run) {
  Status worst = Status::pass;
  for (const ConstructionSummary& c : run.constructions) {
    const Status s = construction_status(c);
    if (s == Status::fail) return Status::fail;
    if (s == Status::inconclusive) worst = Status::inconclusive;
  }
  return worst;
}

}  // namespace collverify::reports
