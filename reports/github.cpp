// GitHub Actions output: workflow-command annotations for the first causes, and a short
// Markdown summary for $GITHUB_STEP_SUMMARY. Annotations are grouped by cause as the reports are
// (summary_text.hpp: violations of one property in one construction share a cause): one ::error
// per cause, at its smallest witness, saying how many violations share it. An interrupted
// construction gets a ::warning naming the p it did not check. GitHub shows only the first 10
// error annotations of a step, hence the default cap and the round-robin choice: every failing
// construction gets its first cause shown before any construction gets a second one. A
// construction whose violation list was cut (--max-violations) also gets one ::warning saying
// how many were found.
#include <cstddef>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "reports/escape.hpp"
#include "reports/program_cost.hpp"
#include "reports/summary_text.hpp"
#include "reports/writers.hpp"

namespace collverify {

namespace {

// How many cause groups of each construction the annotations show, round-robin up to
// max_errors.
std::vector<std::size_t> annotation_quota(const std::vector<std::vector<reports::ViolationGroup>>& groups,
                                          std::size_t max_errors) {
  std::vector<std::size_t> quota(groups.size(), 0);
  std::size_t left = max_errors;
  bool progress = true;
  while (left > 0 && progress) {
    progress = false;
    for (std::size_t i = 0; i < quota.size() && left > 0; ++i) {
      if (quota[i] < groups[i].size()) {
        ++quota[i];
        --left;
        progress = true;
      }
    }
  }
  return quota;
}

// "file=F,line=L," for a user's input (line when known), "" for a built-in construction:
// GitHub then shows the annotation on that file (and line) of the pull request.
std::string location_properties(const InputLocation& at) {
  if (at.file.empty()) return {};
  std::string out = "file=" + reports::github_escape_property(at.file) + ",";
  if (at.line != kNone && at.line > 0) out += fmt::format("line={},", at.line);
  return out;
}

InputLocation location_of(const ConstructionSummary& c, std::size_t violation) {
  if (violation < c.locations.size() && !c.locations[violation].file.empty()) {
    return c.locations[violation];
  }
  return {c.input, kNone};
}

std::string annotation(const ConstructionSummary& c, const reports::ViolationGroup& g) {
  const Violation& v = *g.smallest;
  const auto j = static_cast<std::size_t>(&v - c.violations.data());
  const std::string title = fmt::format("collverify {} {}", c.name, v.property);
  // Message first: for the circulant broadcast it leads with the schedule's entries.
  std::string text = reports::witness_lead(v);
  if (g.count > 1) {
    text.append(fmt::format(" [{} listed violations share this cause; this is the smallest; the "
                            "report lists them]",
                            g.count));
  }
  return fmt::format("::error {}title={}::{}\n", location_properties(location_of(c, j)),
                     reports::github_escape_property(title), reports::github_escape_data(text));
}

std::string first_witness(const ConstructionSummary& c) {
  if (c.violations.empty()) return c.failed > 0 ? "no witness recorded" : "";
  return reports::markdown_escape(reports::witness_lead(c.violations.front()));
}

// "638 (first 100 listed, truncated at --max-violations 100)", "2", "0".
std::string violations_cell(const ConstructionSummary& c) {
  const std::int64_t found = reports::violations_found(c);
  const auto listed = static_cast<std::int64_t>(c.violations.size());
  if (found == listed) return fmt::format("{}", found);
  return c.violations_cap > 0
             ? fmt::format("{} (first {} listed, truncated at --max-violations {})", found,
                           listed, c.violations_cap)
             : fmt::format("{} (first {} listed, truncated)", found, listed);
}

// The rounds against their bound: the program route's own line (program_cost.hpp), else the
// engine's.
std::string rounds_cell(const ConstructionSummary& c) {
  if (const auto cost = reports::program_cost(c)) {
    return "rounds (1-ported) " + reports::cost_rounds_text(*cost, c.coverage.instances);
  }
  return reports::rounds_text(c.coverage);
}

}  // namespace

std::string github_annotations(const RunSummary& summary, std::size_t max_errors) {
  std::vector<std::vector<reports::ViolationGroup>> groups;
  for (const ConstructionSummary& c : summary.constructions) {
    groups.push_back(reports::group_violations(c));
  }
  const std::vector<std::size_t> quota = annotation_quota(groups, max_errors);
  std::string out;
  for (std::size_t i = 0; i < quota.size(); ++i) {
    const ConstructionSummary& c = summary.constructions[i];
    for (std::size_t j = 0; j < quota[i]; ++j) out += annotation(c, groups[i][j]);
    const std::string file = location_properties({c.input, kNone});
    // An interrupted construction says so where the CI shows it: its p not checked are no pass.
    if (reports::construction_incomplete(summary, c)) {
      out += fmt::format("::warning {}title={}::{}\n", file,
                         reports::github_escape_property("collverify " + c.name + " incomplete"),
                         reports::github_escape_data(reports::not_checked_text(c)));
    }
    // A cut list must say so where the CI shows it, not only in the files.
    if (reports::violations_found(c) > static_cast<std::int64_t>(c.violations.size())) {
      out += fmt::format("::warning {}title={}::{}\n", file,
                         reports::github_escape_property("collverify " + c.name + " truncated"),
                         reports::github_escape_data(reports::violations_count_text(c)));
    }
  }
  return out;
}

std::string github_step_summary(const RunSummary& summary) {
  std::string out = fmt::format("### collverify: {}{}\n\n", run_verdict(summary),
                                summary.complete ? "" : " (INCOMPLETE: interrupted)");
  if (!summary.run_id.empty()) out += fmt::format("Run id: {}\n\n", reports::markdown_code(summary.run_id));
  for (const ConstructionSummary& c : summary.constructions) {
    if (reports::construction_incomplete(summary, c)) {
      out += fmt::format("**{} not checked** — {}.\n\n", reports::markdown_escape(c.name),
                         reports::markdown_escape(reports::not_checked_text(c)));
    }
  }
  if (summary.constructions.empty()) return out + "No construction was checked.\n";
  out += "| construction | checked | passed | failed | inconclusive | violations | rounds | "
         "first witness |\n";
  out += "|:--|--:|--:|--:|--:|--:|:--|:--|\n";
  for (const ConstructionSummary& c : summary.constructions) {
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} |\n", reports::markdown_code(c.name),
                       c.checked, c.passed, c.failed, c.inconclusive, violations_cell(c),
                       reports::markdown_escape(rounds_cell(c)),
                       first_witness(c));
  }
  return out;
}

}  // namespace collverify
