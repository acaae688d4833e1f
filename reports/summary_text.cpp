// Shared wording; see summary_text.hpp.
#include "reports/summary_text.hpp"

#include "reports/program_cost.hpp"
#include "reports/writers.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace collverify::reports {

std::string field_text(std::int64_t value) {
  return value == kNone ? std::string("-") : fmt::format("{}", value);
}

std::string witness_text(const Violation& v, std::string_view separator) {
  if (v.count != kNone || v.root != kNone || v.call != kNone) {  // the program route
    return fmt::format("p={}{}count={}{}root={}{}rank={}{}call={}{}op={}", field_text(v.p),
                       separator, field_text(v.count), separator, field_text(v.root), separator,
                       field_text(v.rank), separator, field_text(v.call), separator,
                       v.op.empty() ? "-" : v.op);
  }
  return fmt::format("p={}{}n={}{}rank={}{}round={}{}block={}", field_text(v.p), separator,
                     field_text(v.n), separator, field_text(v.rank), separator, field_text(v.round),
                     separator, field_text(v.block));
}

bool program_violations(const ConstructionSummary& c) {
  return !c.violations.empty() &&
         (c.violations.front().count != kNone || !c.violations.front().op.empty());
}

std::vector<std::string> violation_headers(bool program) {
  if (program) return {"p", "count", "root", "rank", "call", "op", "message"};
  return {"p", "n", "rank", "round", "block", "message"};
}

std::vector<std::string> violation_cells(const Violation& v, bool program) {
  if (program) {
    return {field_text(v.p),    field_text(v.count), field_text(v.root), field_text(v.rank),
            field_text(v.call), v.op.empty() ? "-" : v.op, v.message};
  }
  return {field_text(v.p),     field_text(v.n),     field_text(v.rank),
          field_text(v.round), field_text(v.block), v.message};
}

std::string witness_lead(const Violation& v) {
  std::string fields;
  for (const auto& [name, value] :
       {std::pair{"n", v.n}, std::pair{"count", v.count}, std::pair{"root", v.root},
        std::pair{"rank", v.rank}, std::pair{"call", v.call}, std::pair{"round", v.round},
        std::pair{"block", v.block}}) {
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
  if (listed == found) {
    if (found == 0) return head + ".";
    if (found == 1) return head + "; summary.json lists it.";
    return head + (found == 2 ? std::string("; summary.json lists both.")
                              : fmt::format("; summary.json lists all {}.", found));
  }
  const std::string cap =
      c.violations_cap > 0 ? fmt::format(" (the run keeps at most {}: --max-violations)",
                                         c.violations_cap)
                           : std::string();
  const std::int64_t rest = found - listed;
  return fmt::format("{}; summary.json lists {}{}; {} {} not listed (truncated).", head,
                     listed == 1 ? std::string("only the first")
                                 : fmt::format("the first {}", listed),
                     cap, rest, rest == 1 ? "is" : "are");
}

std::vector<ViolationGroup> group_violations(const ConstructionSummary& c) {
  std::vector<ViolationGroup> groups;
  for (const Violation& v : c.violations) {
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const ViolationGroup& g) { return g.property == v.property; });
    if (it == groups.end()) {
      groups.push_back({v.property, 1, &v});
      continue;
    }
    ++it->count;
    // kNone (no p) sorts last; a tie keeps the earlier one.
    const auto key = [](const Violation* x) {
      return x->p == kNone ? std::numeric_limits<std::int64_t>::max() : x->p;
    };
    if (key(&v) < key(it->smallest)) it->smallest = &v;
  }
  // By the smallest witness's p, then by its place in the list (stable on list order).
  const auto place = [&](const ViolationGroup& g) { return g.smallest - c.violations.data(); };
  std::sort(groups.begin(), groups.end(), [&](const ViolationGroup& a, const ViolationGroup& b) {
    const std::int64_t pa = a.smallest->p == kNone ? std::numeric_limits<std::int64_t>::max()
                                                   : a.smallest->p;
    const std::int64_t pb = b.smallest->p == kNone ? std::numeric_limits<std::int64_t>::max()
                                                   : b.smallest->p;
    return pa != pb ? pa < pb : place(a) < place(b);
  });
  return groups;
}

std::string groups_text(const ConstructionSummary& c, std::size_t groups) {
  std::string out = fmt::format(
      "Grouped by cause: {} distinct propert{}; each row gives how many violations share it and "
      "its smallest witness (smallest p, then the first).",
      groups, groups == 1 ? "y" : "ies");
  const auto listed = static_cast<std::int64_t>(c.violations.size());
  if (violations_found(c) > listed) {
    out += fmt::format(" Counted over the {} listed violations, not the {} found.", listed,
                       violations_found(c));
  }
  return out;
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
  // The program route has one rounds line, its cost's "rounds (1-ported)" (program_cost.hpp: the
  // passing instances with a positive bound), not the generic one.
  const std::optional<CostSummary> cost = program_cost(c);
  if (!cost) out.emplace_back("rounds", rounds_text(cov));
  if (cost) {
    for (auto& line : cost_lines(*cost, cov.instances)) out.push_back(std::move(line));
  }
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

bool construction_incomplete(const RunSummary& run, const ConstructionSummary& c) {
  if (!c.complete) return true;
  if (run.complete) return false;
  return std::all_of(run.constructions.begin(), run.constructions.end(),
                     [](const ConstructionSummary& x) { return x.complete; });
}

std::string not_checked_text(const ConstructionSummary& c) {
  std::string out = "interrupted: ";
  if (c.not_checked > 0) {
    const std::int64_t total = c.checked + c.not_checked;
    out += fmt::format("{} of {} {} not checked", c.not_checked, total,
                       total == 1 ? c.coverage.unit : c.coverage.units);
    if (!c.not_checked_p.empty()) {
      out += fmt::format(" ({} = {})", c.coverage.unit_symbol, c.not_checked_p);
    }
  } else {
    out += "not every p of the range was checked";
  }
  return out + (c.checked == 0 ? "; nothing was checked" : "");
}

std::string witness_heading(const RunSummary& run, const ConstructionSummary& c) {
  return construction_incomplete(run, c)
             ? "Smallest witness found so far (the run was interrupted; a smaller p among those "
               "not checked may fail)"
             : "Smallest witness";
}

}  // namespace collverify::reports

namespace collverify {

const char* construction_verdict(const RunSummary& run, const ConstructionSummary& c) {
  const Status s = reports::construction_status(c);
  if (s == Status::fail) return "fail";
  if (reports::construction_incomplete(run, c)) return "incomplete";
  return to_string(s);
}

const char* run_verdict(const RunSummary& run) {
  if (reports::run_status(run) == Status::fail) return "fail";
  if (!run.complete) return "incomplete";
  for (const ConstructionSummary& c : run.constructions) {
    if (reports::construction_incomplete(run, c)) return "incomplete";
  }
  return to_string(reports::run_status(run));
}

}  // namespace collverify
