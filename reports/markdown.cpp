// markdown_report: report.md, for people reading a CI artifact. Sections: title and run status,
// one table row per construction, then per construction what it covered (p range, parameters,
// properties, lower bound, instances, rounds against the bound) and, if it failed, how many
// violations were found and listed (a capped list says so), the smallest witness message first,
// the violations (in the summary's order, at most kListedViolations) and the schedule excerpt
// around the first one, its marked entries shown as **[v]**, a gap column between rank groups,
// and a one-line legend.
#include <algorithm>
#include <cstddef>
#include <string>

#include <fmt/format.h>

#include "reports/escape.hpp"
#include "reports/excerpt_grid.hpp"
#include "reports/summary_text.hpp"
#include "reports/writers.hpp"

namespace collverify {

namespace {

using reports::markdown_code;
using reports::markdown_escape;

std::string run_header(const RunSummary& run) {
  std::string out = "# collverify report\n\n";
  out += run.complete ? "Run: complete.\n\n"
                      : "Run: **INCOMPLETE** (interrupted; the figures cover the finished checks "
                        "only, and the p not checked were not judged).\n\n";
  out += fmt::format("- verdict: **{}**\n", run_verdict(run));
  out += fmt::format("- command: {}\n", markdown_code(run.command));
  if (!run.run_id.empty()) out += fmt::format("- run id: {}\n", markdown_code(run.run_id));
  out += fmt::format("- version: {}\n\n", markdown_code(run.version));
  return out;
}

std::string constructions_table(const RunSummary& run) {
  std::string out = "## Constructions\n\n";
  if (run.constructions.empty()) return out + "No construction was checked.\n\n";
  out += "| construction | verdict | checked | passed | failed | inconclusive | seconds |\n";
  out += "|:--|:--|--:|--:|--:|--:|--:|\n";
  for (const ConstructionSummary& c : run.constructions) {
    out += fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", markdown_code(c.name),
                       construction_verdict(run, c), c.checked, c.passed, c.failed,
                       c.inconclusive, reports::seconds_text(c.seconds));
  }
  return out + "\n";
}

std::string coverage_list(const ConstructionSummary& c) {
  std::string out;
  for (const auto& [label, text] : reports::coverage_lines(c)) {
    out += fmt::format("- {}: {}\n", label, markdown_escape(text));
  }
  return out + "\n";
}

std::string violations_table(const RunSummary& run, const ConstructionSummary& c) {
  if (c.violations.empty()) {
    return c.failed > 0 ? fmt::format("{} checks failed; no witness was recorded.\n\n", c.failed)
                        : std::string();
  }
  std::string out = "### Violations\n\n" +
                    markdown_escape(reports::violations_count_text(c)) + "\n\n";
  out += reports::witness_heading(run, c) + ": " +
         markdown_escape(reports::witness_lead(c.violations.front())) + "\n\n";
  const bool program = reports::program_violations(c);
  const std::vector<std::string> headers = reports::violation_headers(program);
  const std::vector<reports::ViolationGroup> groups = reports::group_violations(c);
  out += markdown_escape(reports::groups_text(c, groups.size())) + "\n\n";
  out += "| # | property | count |";
  std::string rule = "|--:|:--|--:|";
  for (std::size_t k = 0; k < headers.size(); ++k) {
    out += " " + headers[k] + " |";
    rule += k + 1 == headers.size() ? ":--|" : "--:|";
  }
  out += '\n';
  out += rule;
  out += '\n';
  const std::size_t shown = std::min(groups.size(), reports::kListedViolations);
  for (std::size_t i = 0; i < shown; ++i) {
    const reports::ViolationGroup& g = groups[i];
    out += fmt::format("| {} | {} | {} |", i + 1, markdown_code(g.property), g.count);
    for (const std::string& cell : reports::violation_cells(*g.smallest, program)) {
      out += ' ';
      out += markdown_escape(cell);
      out += " |";
    }
    out += '\n';
  }
  // Appended piecewise: GCC 12 -O3 -Wrestrict misfires on "literal" + std::string.
  out += '\n';
  out += markdown_escape(program ? reports::kProgramColumnsNote : reports::kColumnsNote);
  out += "\n\n";
  if (shown < groups.size()) {
    out += fmt::format("This table shows the first {} of the {} causes; summary.json lists every "
                       "violation.\n\n",
                       shown, groups.size());
  }
  return out;
}

std::string excerpt_table(const ConstructionSummary& c, const ScheduleExcerpt& e) {
  const reports::ExcerptGrid grid = reports::layout_excerpt(e);
  std::string out = fmt::format("### Schedule excerpt: {}\n\n",
                                markdown_escape(reports::excerpt_caption(c.name, e)));
  out += "| r |";
  for (const std::string& rank : grid.ranks) out += fmt::format(" {} |", rank);
  out += "\n|:--|";
  for (std::size_t i = 0; i < grid.ranks.size(); ++i) out += grid.gap[i] ? ":-:|" : "--:|";
  out += "\n";
  for (const reports::ExcerptRow& row : grid.rows) {
    out += fmt::format("| {} |", row.label);
    for (const reports::ExcerptCell& cell : row.cells) {
      out += cell.marked ? fmt::format(" **[{}]** |", cell.text) : fmt::format(" {} |", cell.text);
    }
    out += "\n";
  }
  const Violation* first = c.violations.empty() ? nullptr : &c.violations.front();
  return out + "\n" + markdown_escape(reports::excerpt_legend(e, grid, first)) + "\n\n";
}

// A family's per-size table (rounds against the bound per d, per torus) as a Markdown table.
std::string size_table(const SizeTable& t) {
  // Appended piecewise: GCC 12 -O3 -Wrestrict misfires on "literal" + std::string.
  std::string out = "### ";
  out += markdown_escape(t.title);
  out += "\n\n|";
  std::string rule = "|";
  for (std::size_t k = 0; k < t.headers.size(); ++k) {
    out += ' ';
    out += markdown_escape(t.headers[k]);
    out += " |";
    rule += k == 0 ? ":--|" : "--:|";
  }
  out += '\n';
  out += rule;
  out += '\n';
  for (const std::vector<std::string>& row : t.rows) {
    out += '|';
    for (std::size_t k = 0; k < t.headers.size(); ++k) {
      out += ' ';
      out += markdown_escape(k < row.size() ? row[k] : std::string());
      out += " |";
    }
    out += '\n';
  }
  out += '\n';
  if (!t.note.empty()) {
    out += markdown_escape(t.note);
    out += "\n\n";
  }
  return out;
}

std::string construction_section(const RunSummary& run, const ConstructionSummary& c) {
  const std::int64_t found = reports::violations_found(c);
  std::string out = fmt::format("## {}: {}", markdown_code(c.name), construction_verdict(run, c));
  if (found > 0) out += fmt::format(", {} violation{}", found, found == 1 ? "" : "s");
  out += "\n\n";
  if (reports::construction_incomplete(run, c)) {
    out += "**Not checked** — " + markdown_escape(reports::not_checked_text(c)) + ".\n\n";
  }
  out += coverage_list(c);
  for (const SizeTable& t : c.tables) out += size_table(t);
  out += violations_table(run, c);
  if (c.excerpt) out += excerpt_table(c, *c.excerpt);
  if (!c.picture_dot.empty()) {
    out += "### Picture of the witness (Graphviz DOT, render with `dot -Tsvg`)\n\n```dot\n" +
           c.picture_dot + (c.picture_dot.back() == '\n' ? "" : "\n") + "```\n\n";
  }
  for (const SvgPicture& pic : c.pictures_svg) {
    out += "### " + markdown_escape(pic.title) + "\n\n![" + markdown_escape(pic.title) + "](" +
           pic.file + ")\n\n";
  }
  return out;
}

}  // namespace

std::string markdown_report(const RunSummary& summary) {
  std::string out = run_header(summary) + constructions_table(summary);
  for (const ConstructionSummary& c : summary.constructions) out += construction_section(summary, c);
  return out;
}

}  // namespace collverify
