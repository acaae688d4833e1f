// html_report: report.html, the content of report.md as one self-contained page: inline CSS, an
// inline SVG bar per construction (passed, failed, inconclusive), no scripts and no external
// resources, so it opens the same from a CI artifact, a mail attachment or an air-gapped disk.
// Per construction: what it covered, then (if it failed) the violation count (a capped list
// says so), the smallest witness, the violations grouped by cause (one row per property: count
// and smallest witness) and the excerpt with every marked entry
// highlighted and a gap column between groups of ranks.
// Every piece of text from the summary goes through xml_escape.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "reports/escape.hpp"
#include "reports/excerpt_grid.hpp"
#include "reports/summary_text.hpp"
#include "reports/writers.hpp"

namespace collverify {

namespace {

using reports::xml_escape;

// Nothing here may make the page wider than an 1100 px window (docs/FORMATS.md): construction
// names break at <wbr>, coverage text (comma lists without spaces) anywhere, pictures scroll in
// their own box.
constexpr const char* kStyle =
    "body{font-family:system-ui,sans-serif;margin:2em;color:#222}"
    "table{border-collapse:collapse;margin:.5em 0 1.5em}"
    "th,td{border:1px solid #bbb;padding:2px 8px}th{background:#f0f0f0;text-align:left}"
    "td.num{text-align:right;font-variant-numeric:tabular-nums}"
    ".pass{color:#1b5e20}.fail{color:#b71c1c}.inconclusive,.incomplete{color:#8a6d00}"
    ".interrupted{background:#fff3cd;border:1px solid #d4a000;padding:.5em}"
    "table.excerpt td{text-align:right;font-family:monospace}"
    "td.marked{background:#ffcdd2;font-weight:bold;outline:2px solid #b71c1c}"
    "table.excerpt .gap{background:#eee;color:#666;text-align:center;border-top:none;"
    "border-bottom:none;padding:2px 4px}"
    "dl.coverage{display:grid;grid-template-columns:max-content auto;gap:2px 1em;margin:.5em 0}"
    "dl.coverage dt{font-weight:bold}dl.coverage dd{margin:0;overflow-wrap:anywhere}"
    ".count{font-weight:bold}.witness{background:#fafafa;border-left:4px solid #b71c1c;"
    "padding:.4em .8em;font-family:monospace;white-space:pre-wrap;overflow-wrap:anywhere}"
    "figure.picture{overflow-x:auto;margin:0 0 1.5em}";

// The p not checked by an interrupted run are drawn grey: a bar of 14 passed out of 29999 p must
// not look like a green run.
std::string bar_svg(const ConstructionSummary& c) {
  constexpr double kWidth = 160;
  const std::int64_t not_checked = std::max<std::int64_t>(c.not_checked, 0);
  const auto total = static_cast<double>(c.passed + c.failed + c.inconclusive + not_checked);
  std::string out = fmt::format(
      "<svg width=\"{}\" height=\"14\" role=\"img\"><title>{} passed, {} failed, {} "
      "inconclusive, {} not checked</title>",
      kWidth, c.passed, c.failed, c.inconclusive, not_checked);
  if (total <= 0)
    return out + fmt::format("<rect width=\"{}\" height=\"14\" fill=\"#ccc\"/></svg>", kWidth);
  double x = 0;
  for (const auto& [count, color] :
       {std::pair{c.passed, "#2e7d32"}, std::pair{c.failed, "#c62828"},
        std::pair{c.inconclusive, "#e0a800"}, std::pair{not_checked, "#bdbdbd"}}) {
    const double w = kWidth * static_cast<double>(std::max<std::int64_t>(count, 0)) / total;
    if (w <= 0) continue;
    out +=
        fmt::format("<rect x=\"{:.1f}\" width=\"{:.1f}\" height=\"14\" fill=\"{}\"/>", x, w, color);
    x += w;
  }
  return out + "</svg>";
}

std::string html_run_header(const RunSummary& run) {
  std::string out = "<h1>collverify report</h1>\n";
  out += run.complete ? "<p>Run: complete.</p>\n"
                      : "<p class=\"interrupted\">Run: <strong>INCOMPLETE</strong> (interrupted; "
                        "the figures cover the finished checks only, and the p not checked "
                        "were not judged).</p>\n";
  const char* verdict = run_verdict(run);
  out += fmt::format("<ul><li>verdict: <strong class=\"{0}\">{0}</strong></li>", verdict);
  out += fmt::format("<li>command: <code>{}</code></li>", xml_escape(run.command));
  if (!run.run_id.empty()) {
    out += fmt::format("<li>run id: <code>{}</code></li>", xml_escape(run.run_id));
  }
  return out + fmt::format("<li>version: <code>{}</code></li></ul>\n", xml_escape(run.version));
}

// A construction's name, escaped, with a break opportunity (<wbr>) after every ':' and '_':
// names such as program:cv_program_reduce_scatter_block_pairwise were the widest unbreakable
// cell of the constructions table, which then did not fit an 1100 px window. Copying the name
// from the page still gives it whole.
std::string breakable_name(const std::string& name) {
  const std::string escaped = xml_escape(name);
  std::string out;
  out.reserve(escaped.size() + escaped.size() / 4);
  for (const char ch : escaped) {
    out += ch;
    if (ch == ':' || ch == '_') out.append("<wbr>");
  }
  return out;
}

std::string html_constructions_table(const RunSummary& run) {
  std::string out = "<h2>Constructions</h2>\n";
  if (run.constructions.empty()) return out + "<p>No construction was checked.</p>\n";
  out +=
      "<table><tr><th>construction</th><th>verdict</th><th>checked</th><th>passed</th>"
      "<th>failed</th><th>inconclusive</th><th>seconds</th><th>passed vs failed</th></tr>\n";
  for (const ConstructionSummary& c : run.constructions) {
    const char* verdict = construction_verdict(run, c);
    out += fmt::format(
        "<tr><td><code>{0}</code></td><td class=\"{1}\">{1}</td><td class=\"num\">{2}</td>"
        "<td class=\"num\">{3}</td><td class=\"num\">{4}</td><td class=\"num\">{5}</td>"
        "<td class=\"num\">{6}</td><td>{7}</td></tr>\n",
        breakable_name(c.name), verdict, c.checked, c.passed, c.failed, c.inconclusive,
        reports::seconds_text(c.seconds), bar_svg(c));
  }
  return out + "</table>\n";
}

std::string html_coverage_list(const ConstructionSummary& c) {
  std::string out = "<dl class=\"coverage\">";
  for (const auto& [label, text] : reports::coverage_lines(c)) {
    out += fmt::format("<dt>{}</dt><dd>{}</dd>", xml_escape(label), xml_escape(text));
  }
  return out + "</dl>\n";
}

std::string html_violations_table(const RunSummary& run, const ConstructionSummary& c) {
  if (c.violations.empty()) {
    return c.failed > 0
               ? fmt::format("<p>{} checks failed; no witness was recorded.</p>\n", c.failed)
               : std::string();
  }
  std::string out = fmt::format("<h3>Violations</h3>\n<p class=\"count\">{}</p>\n",
                                xml_escape(reports::violations_count_text(c)));
  out += fmt::format("<p>{}:</p>\n<p class=\"witness\">{}</p>\n",
                     xml_escape(reports::witness_heading(run, c)),
                     xml_escape(reports::witness_lead(c.violations.front())));
  const bool program = reports::program_violations(c);
  const std::vector<reports::ViolationGroup> groups = reports::group_violations(c);
  out += fmt::format("<p>{}</p>\n", xml_escape(reports::groups_text(c, groups.size())));
  out += "<table class=\"causes\"><tr><th>#</th><th>property</th><th>count</th>";
  for (const std::string& h : reports::violation_headers(program)) {
    out += fmt::format("<th>{}</th>", h);
  }
  out += "</tr>\n";
  const std::size_t shown = std::min(groups.size(), reports::kListedViolations);
  for (std::size_t i = 0; i < shown; ++i) {
    const reports::ViolationGroup& g = groups[i];
    out += fmt::format("<tr><td class=\"num\">{}</td><td><code>{}</code></td>"
                       "<td class=\"num\">{}</td>",
                       i + 1, xml_escape(g.property), g.count);
    const std::vector<std::string> cells = reports::violation_cells(*g.smallest, program);
    for (std::size_t k = 0; k < cells.size(); ++k) {
      const bool last = k + 1 == cells.size();
      out += fmt::format("<td{}>{}</td>", last ? "" : " class=\"num\"", xml_escape(cells[k]));
    }
    out += "</tr>\n";
  }
  out += fmt::format("</table>\n<p class=\"legend\">{}</p>\n",
                     xml_escape(program ? reports::kProgramColumnsNote : reports::kColumnsNote));
  if (shown < groups.size()) {
    out += fmt::format("<p>This table shows the first {} of the {} causes; summary.json lists "
                       "every violation.</p>\n",
                       shown, groups.size());
  }
  return out;
}

std::string html_excerpt_table(const ConstructionSummary& c, const ScheduleExcerpt& e) {
  const reports::ExcerptGrid grid = reports::layout_excerpt(e);
  std::string out =
      fmt::format("<h3>Schedule excerpt: {}</h3>\n<table class=\"excerpt\"><tr><th>r</th>",
                  xml_escape(reports::excerpt_caption(c.name, e)));
  for (std::size_t i = 0; i < grid.ranks.size(); ++i) {
    out += grid.gap[i] ? fmt::format("<th class=\"gap\" title=\"ranks skipped\">{}</th>",
                                     grid.ranks[i])
                       : fmt::format("<th>{}</th>", grid.ranks[i]);
  }
  out += "</tr>\n";
  for (const reports::ExcerptRow& row : grid.rows) {
    out += fmt::format("<tr><th>{}</th>", row.label);
    for (const reports::ExcerptCell& cell : row.cells) {
      if (cell.gap) {
        out += fmt::format("<td class=\"gap\">{}</td>", cell.text);
      } else {
        out += cell.marked ? fmt::format("<td class=\"marked\">[{}]</td>", xml_escape(cell.text))
                           : fmt::format("<td>{}</td>", xml_escape(cell.text));
      }
    }
    out += "</tr>\n";
  }
  const Violation* first = c.violations.empty() ? nullptr : &c.violations.front();
  return out + fmt::format("</table>\n<p class=\"legend\">{}</p>\n",
                           xml_escape(reports::excerpt_legend(e, grid, first)));
}

// A family's per-size table (rounds against the bound per d, per torus) as an HTML table.
std::string html_size_table(const SizeTable& t) {
  std::string out = fmt::format("<h3>{}</h3>\n<table class=\"sizes\"><tr>", xml_escape(t.title));
  for (const std::string& h : t.headers) out += fmt::format("<th>{}</th>", xml_escape(h));
  out += "</tr>\n";
  for (const std::vector<std::string>& row : t.rows) {
    out += "<tr>";
    for (std::size_t k = 0; k < t.headers.size(); ++k) {
      out += fmt::format("<td{}>{}</td>", k == 0 ? "" : " class=\"num\"",
                         xml_escape(k < row.size() ? row[k] : std::string()));
    }
    out += "</tr>\n";
  }
  out += "</table>\n";
  if (!t.note.empty()) out += fmt::format("<p class=\"legend\">{}</p>\n", xml_escape(t.note));
  return out;
}

std::string html_construction_section(const RunSummary& run, const ConstructionSummary& c) {
  const std::int64_t found = reports::violations_found(c);
  const char* verdict = construction_verdict(run, c);
  std::string out = fmt::format("<h2><code>{}</code>: <span class=\"{}\">{}</span>",
                                xml_escape(c.name), verdict, verdict);
  if (found > 0) out += fmt::format(", {} violation{}", found, found == 1 ? "" : "s");
  out += "</h2>\n";
  if (reports::construction_incomplete(run, c)) {
    out += fmt::format("<p class=\"interrupted\"><strong>Not checked</strong> &mdash; {}.</p>\n",
                       xml_escape(reports::not_checked_text(c)));
  }
  out += html_coverage_list(c);
  for (const SizeTable& t : c.tables) out += html_size_table(t);
  out += html_violations_table(run, c);
  if (c.excerpt) out += html_excerpt_table(c, *c.excerpt);
  if (!c.picture_dot.empty()) {
    out += "<h3>Picture of the witness (Graphviz DOT, render with <code>dot -Tsvg</code>)</h3>\n"
           "<pre class=\"dot\">" + xml_escape(c.picture_dot) + "</pre>\n";
  }
  // Pictures drawn as SVG by the writers' caller (the hypercube trees), inline so the page
  // stays self-contained; the same files are written beside the report.
  for (const SvgPicture& pic : c.pictures_svg) {
    out += "<h3>" + xml_escape(pic.title) + " (<code>" + xml_escape(pic.file) +
           "</code>)</h3>\n<figure class=\"picture\">" + pic.svg + "</figure>\n";
  }
  return out;
}

}  // namespace

std::string html_report(const RunSummary& summary) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out +=
      fmt::format("<title>collverify report</title>\n<style>{}</style>\n</head>\n<body>\n", kStyle);
  out += html_run_header(summary) + html_constructions_table(summary);
  for (const ConstructionSummary& c : summary.constructions) out += html_construction_section(summary, c);
  return out + "</body>\n</html>\n";
}

}  // namespace collverify
