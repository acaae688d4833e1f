// report.html: self-contained, escaped, same content as report.md, the marked entry highlighted.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "reports/writers.hpp"
#include "tests/reports/sample_summary.hpp"

namespace collverify {
namespace {

using test::count_of;

TEST(HtmlReport, IsOneSelfContainedPage) {
  const std::string html = html_report(test::sample_summary());
  EXPECT_EQ(html.rfind("<!DOCTYPE html>\n", 0), 0u);
  EXPECT_EQ(html.substr(html.size() - 8), "</html>\n");
  for (const char* external : {"<script", "<link", "src=", "href=", "http:", "https:", "url("}) {
    EXPECT_EQ(html.find(external), std::string::npos) << external;
  }
  EXPECT_EQ(count_of(html, "<style>"), 1u);
}

TEST(HtmlReport, HighlightsTheBrokenEntryOnce) {
  const std::string html = html_report(test::sample_summary());
  EXPECT_EQ(count_of(html, "class=\"marked\""), 1u);
  EXPECT_NE(html.find("<tr><th>send 1</th><td>0</td><td>0</td><td class=\"marked\">[-2]</td></tr>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<tr><th>r</th><th>1</th><th>2</th><th>3</th></tr>"), std::string::npos);
  EXPECT_NE(html.find("Marked: send of rank 3 in round 1, entry -2; send_before_receive is broken"),
            std::string::npos);
}

TEST(HtmlReport, OneBarPerConstruction) {
  const std::string html = html_report(test::sample_summary());
  EXPECT_EQ(count_of(html, "<svg "), 2u);
  EXPECT_NE(html.find("<title>2 passed, 1 failed, 1 inconclusive, 0 not checked</title>"),
            std::string::npos);
  // 2 of 4 passed in a 160-wide bar.
  EXPECT_NE(html.find("<rect x=\"0.0\" width=\"80.0\" height=\"14\" fill=\"#2e7d32\"/>"
                      "<rect x=\"80.0\" width=\"40.0\" height=\"14\" fill=\"#c62828\"/>"),
            std::string::npos);
}

// The constructions table fits an 1100 px window (checked in headless Chromium, docs/FORMATS.md):
// a long construction name breaks after ':' and '_' (<wbr>), so no cell holds a run of more than
// 24 characters without a break, and the only fixed width in the table is the 160 px bar.
TEST(HtmlReport, ConstructionsTableHasNoLongUnbreakableCell) {
  RunSummary run = test::sample_summary();
  run.constructions[0].name = "program:cv_program_reduce_scatter_block_pairwise";
  const std::string html = html_report(run);
  EXPECT_NE(html.find("<code>program:<wbr>cv_<wbr>program_<wbr>reduce_<wbr>scatter_<wbr>block_<wbr>"
                      "pairwise</code>"),
            std::string::npos);
  const std::size_t begin = html.find("<h2>Constructions</h2>");
  const std::size_t end = html.find("</table>", begin);
  ASSERT_NE(begin, std::string::npos);
  ASSERT_NE(end, std::string::npos);
  std::size_t longest = 0;
  std::size_t run_length = 0;
  bool in_tag = false;
  for (std::size_t i = begin; i < end; ++i) {
    const char ch = html[i];
    if (ch == '<') {
      in_tag = true;
      // A tag other than an inline one (code, wbr) ends the cell's text.
      if (html.compare(i, 5, "<code") != 0 && html.compare(i, 6, "</code") != 0) run_length = 0;
      if (html.compare(i, 5, "<wbr>") == 0) run_length = 0;
      continue;
    }
    if (ch == '>') {
      in_tag = false;
      continue;
    }
    if (in_tag) continue;
    run_length = ch == ' ' || ch == '\n' ? 0 : run_length + 1;
    longest = std::max(longest, run_length);
  }
  EXPECT_LE(longest, 24u);
  std::size_t widths = 0;
  for (std::size_t at = html.find("width=\"", begin); at < end; at = html.find("width=\"", at + 1)) {
    if (html.compare(at - 5, 4, "<svg") == 0 || html.compare(at - 4, 4, "svg ") == 0) {
      EXPECT_EQ(html.compare(at, 12, "width=\"160\" "), 0) << html.substr(at, 20);
      ++widths;
    }
  }
  EXPECT_EQ(widths, run.constructions.size());
}

TEST(HtmlReport, EscapesEveryText) {
  RunSummary run = test::sample_summary();
  run.command = "verify <script>alert(1)</script>";
  run.constructions[1].violations[1].message = "<b> & \"c\"";
  const std::string html = html_report(run);
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("<td>&lt;b&gt; &amp; &quot;c&quot;</td>"), std::string::npos);
}

TEST(HtmlReport, RunStatus) {
  RunSummary run = test::sample_summary();
  EXPECT_EQ(html_report(run).find("INCOMPLETE"), std::string::npos);
  run.complete = false;
  EXPECT_NE(html_report(run).find("<strong>INCOMPLETE</strong>"), std::string::npos);
}

// One row per cause (issue 25): 23 violations of one property are one row counting 23.
TEST(HtmlReport, GroupsViolationsByCause) {
  RunSummary run = test::sample_summary();
  run.constructions[1].violations.assign(23, test::sample_first_violation());
  run.constructions[1].violations_total = 23;
  const std::string html = html_report(run);
  EXPECT_NE(html.find("<p class=\"count\">23 violations found; summary.json lists all 23.</p>"),
            std::string::npos)
      << html;
  EXPECT_EQ(count_of(html, "<td><code>send_before_receive</code></td>"), 1u);
  EXPECT_NE(html.find("<td><code>send_before_receive</code></td><td class=\"num\">23</td>"),
            std::string::npos);
  EXPECT_EQ(html.find("This table shows"), std::string::npos);
}

TEST(HtmlReport, CappedListGivesTotalCapAndTruncation) {
  RunSummary run = test::sample_summary();
  run.constructions[1] = test::sample_capped(638, 100);
  const std::string html = html_report(run);
  EXPECT_NE(html.find("<p class=\"count\">638 violations found; summary.json lists the first 100 (the "
                      "run keeps at most 100: --max-violations); 538 are not listed (truncated).</p>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<span class=\"fail\">fail</span>, 638 violations</h2>"), std::string::npos);
}

TEST(HtmlReport, CoverageForEveryConstructionEscaped) {
  const std::string html = html_report(test::sample_summary());
  EXPECT_EQ(count_of(html, "<dl class=\"coverage\">"), 2u);
  EXPECT_EQ(count_of(html, "<dt>p range</dt><dd>2..5</dd>"), 2u);
  EXPECT_NE(html.find("<dt>parameters</dt><dd>plugin &lt;libfaulty.so&gt;</dd>"), std::string::npos);
  EXPECT_NE(html.find("<dt>properties checked</dt><dd>agreement, completeness</dd>"),
            std::string::npos);
  EXPECT_NE(html.find("<dt>rounds</dt><dd>rounds = lower bound for 8 of 8 counted instances; "
                      "max excess 0</dd>"),
            std::string::npos);
  EXPECT_NE(html.find("<dt>rounds</dt><dd>rounds not counted (fast checker only)</dd>"),
            std::string::npos);
  EXPECT_NE(html.find("<p class=\"witness\">p=4 send_before_receive: rank 3 sends block -2 in "
                      "round 1 before receiving it (rank=3, round=1, block=-2)</p>"),
            std::string::npos);
}

TEST(HtmlReport, TwoMarkedEntriesAndAGap) {
  RunSummary run = test::sample_summary();
  ScheduleExcerpt& e = *run.constructions[1].excerpt;
  e.p = 33;
  e.q = 1;
  e.ranks = {1, 31};
  e.baseblock.clear();
  e.recv = {{0}, {-1}};
  e.send = {{1}, {5}};
  e.marks = {ExcerptMark{31, 0, "send"}, ExcerptMark{1, 0, "recv"}};
  const std::string html = html_report(run);
  EXPECT_EQ(count_of(html, "class=\"marked\""), 2u) << html;
  EXPECT_NE(html.find("<tr><th>r</th><th>1</th><th class=\"gap\" title=\"ranks skipped\">"
                      "\u2026</th><th>31</th></tr>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<tr><th>recv 0</th><td class=\"marked\">[0]</td><td class=\"gap\">"
                      "\u2026</td><td>-1</td></tr>"),
            std::string::npos);
  EXPECT_NE(html.find("<tr><th>send 0</th><td>1</td><td class=\"gap\">\u2026</td>"
                      "<td class=\"marked\">[5]</td></tr>"),
            std::string::npos);
}

TEST(HtmlReport, CoverageAndWitnessAreEscaped) {
  RunSummary run = test::sample_summary();
  run.constructions[1].coverage.properties = {"<img>"};
  run.constructions[1].violations[0].message = "<script>x</script>";
  const std::string html = html_report(run);
  EXPECT_EQ(html.find("<img>"), std::string::npos);
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;x&lt;/script&gt; (rank=3"), std::string::npos);
}

}  // namespace
}  // namespace collverify

namespace collverify {
namespace {

TEST(HtmlReport, SizeTablesAreTables) {
  RunSummary run = test::sample_summary();
  run.constructions[0].tables.push_back(
      SizeTable{"Rounds / bound by <d>", {"d", "oab"}, {{"1", "1/1"}}, ""});
  const std::string html = html_report(run);
  EXPECT_NE(html.find("<h3>Rounds / bound by &lt;d&gt;</h3>\n<table class=\"sizes\"><tr><th>d</th>"
                      "<th>oab</th></tr>\n<tr><td>1</td><td class=\"num\">1/1</td></tr>\n"
                      "</table>\n"),
            std::string::npos)
      << html;
}

}  // namespace
}  // namespace collverify
