// report.md: run status, the construction table, the violation list and its cap, and the
// paper-style excerpt with exactly one marked entry.
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "reports/writers.hpp"
#include "tests/reports/sample_summary.hpp"

namespace collverify {
namespace {

using test::count_of;

// The line that starts with prefix, or "" if none does.
std::string line_starting(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(prefix, 0) == 0) return line;
  }
  return "";
}

TEST(MarkdownReport, MarksTheBrokenEntryExactlyOnce) {
  const std::string md = markdown_report(test::sample_summary());
  EXPECT_EQ(count_of(md, "**["), 1u) << md;
  EXPECT_EQ(line_starting(md, "| send 1 |"), "| send 1 | 0 | 0 | **[-2]** |");
}

TEST(MarkdownReport, ExcerptIsLaidOutLikeThePaper) {
  const std::string md = markdown_report(test::sample_summary());
  EXPECT_EQ(line_starting(md, "| r |"), "| r | 1 | 2 | 3 |");
  EXPECT_EQ(line_starting(md, "| baseblock |"), "| baseblock | 0 | 1 | 1 |");
  EXPECT_EQ(line_starting(md, "| recv 0 |"), "| recv 0 | 0 | -2 | -1 |");
  EXPECT_EQ(line_starting(md, "| recv 1 |"), "| recv 1 | -1 | 1 | 0 |");
  EXPECT_EQ(line_starting(md, "| send 0 |"), "| send 0 | -1 | 1 | 0 |");
  EXPECT_LT(md.find("| baseblock |"), md.find("| recv 0 |"));
  EXPECT_LT(md.find("| recv 1 |"), md.find("| send 0 |"));
}

TEST(MarkdownReport, LegendSaysWhichEntryAndWhy) {
  const std::string md = markdown_report(test::sample_summary());
  const std::string legend = line_starting(md, "Marked:");
  EXPECT_NE(legend.find("send of rank 3 in round 1, entry -2"), std::string::npos) << legend;
  EXPECT_NE(legend.find("send\\_before\\_receive"), std::string::npos) << legend;
  EXPECT_NE(legend.find("rank 3 sends block -2 in round 1 before receiving it"), std::string::npos);
}

TEST(MarkdownReport, WithoutBaseblocksThereIsNoBaseblockRow) {
  RunSummary run = test::sample_summary();
  run.constructions[1].excerpt->baseblock.clear();
  const std::string md = markdown_report(run);
  EXPECT_EQ(md.find("| baseblock |"), std::string::npos);
  EXPECT_EQ(count_of(md, "**["), 1u);
}

TEST(MarkdownReport, BrokenEntryOutsideTheExcerptIsNotMarked) {
  RunSummary run = test::sample_summary();
  run.constructions[1].excerpt->marks[0].rank = 9;
  const std::string md = markdown_report(run);
  EXPECT_EQ(count_of(md, "**["), 0u);
  EXPECT_NE(md.find("The broken entry (send of rank 9 in round 1) lies outside the excerpt"),
            std::string::npos);
}

TEST(MarkdownReport, RunStatus) {
  RunSummary run = test::sample_summary();
  const std::string complete = markdown_report(run);
  EXPECT_EQ(complete.find("INCOMPLETE"), std::string::npos);
  EXPECT_NE(complete.find("Run: complete."), std::string::npos);
  EXPECT_NE(complete.find("- verdict: **fail**"), std::string::npos);
  run.complete = false;
  EXPECT_NE(markdown_report(run).find("Run: **INCOMPLETE**"), std::string::npos);
}

TEST(MarkdownReport, OneTableRowPerConstruction) {
  const std::string md = markdown_report(test::sample_summary());
  EXPECT_EQ(line_starting(md, "| `bcast` |"), "| `bcast` | pass | 4 | 4 | 0 | 0 | 0.500 |");
  EXPECT_EQ(line_starting(md, "| `bcast_plugin` |"),
            "| `bcast_plugin` | fail | 4 | 2 | 1 | 1 | 0.250 |");
  EXPECT_EQ(line_starting(md, "| 1 |"),
            "| 1 | `send_before_receive` | 1 | 4 | - | 3 | 1 | -2 | rank 3 sends block -2 in "
            "round 1 before receiving it |");
  EXPECT_EQ(line_starting(md, "| 2 |"),
            "| 2 | `agreement` | 1 | 4 | 5 | 2 | - | - | rank 2 expects another block |");
  // A passing construction gets its coverage but no violation list.
  EXPECT_NE(md.find("## `bcast`: pass\n"), std::string::npos) << md;
  EXPECT_EQ(count_of(md, "### Violations"), 1u);
  EXPECT_GT(md.find("### Violations"), md.find("## `bcast_plugin`: fail, 2 violations\n"));
}

// Issue 25: 27 rows that repeated one cause. One row per property, with the count and the
// smallest witness (smallest p, then the first); the wording of the counts agrees with itself.
TEST(MarkdownReport, GroupsViolationsByCause) {
  RunSummary run = test::sample_summary();
  auto& violations = run.constructions[1].violations;
  violations.clear();
  for (std::int64_t p = 10; p < 35; ++p) {
    violations.push_back(Violation{"agreement", p, kNone, 1, 0, 0, fmt::format("a{}", p)});
  }
  violations.push_back(Violation{"completeness", 12, 3, 2, 4, 0, "c12 first"});
  violations.push_back(Violation{"completeness", 9, 3, 2, 4, 0, "c9"});
  violations.push_back(Violation{"completeness", 9, 5, 2, 4, 0, "c9 later"});
  run.constructions[1].violations_total = 28;
  const std::string md = markdown_report(run);
  EXPECT_EQ(line_starting(md, "28 violations found"),
            "28 violations found; summary.json lists all 28.");
  EXPECT_EQ(line_starting(md, "Grouped by cause"),
            "Grouped by cause: 2 distinct properties; each row gives how many violations share "
            "it and its smallest witness (smallest p, then the first).");
  // Ordered by the smallest witness: completeness at p = 9 comes before agreement at p = 10.
  EXPECT_EQ(line_starting(md, "| 1 |"), "| 1 | `completeness` | 3 | 9 | 3 | 2 | 4 | 0 | c9 |");
  EXPECT_EQ(line_starting(md, "| 2 |"), "| 2 | `agreement` | 25 | 10 | - | 1 | 0 | 0 | a10 |");
  EXPECT_EQ(line_starting(md, "| 3 |"), "");
  EXPECT_EQ(md.find("a11"), std::string::npos) << "only the smallest witness of a cause is shown";
  EXPECT_EQ(md.find("all are listed"), std::string::npos);
  EXPECT_EQ(md.find("This table shows"), std::string::npos);
}

TEST(MarkdownReport, ShowsAtMostTwentyCauses) {
  RunSummary run = test::sample_summary();
  auto& violations = run.constructions[1].violations;
  violations.clear();
  for (std::int64_t p = 10; p < 35; ++p) {
    violations.push_back(Violation{fmt::format("property_{}", p), p, kNone, 1, 0, 0, "m"});
  }
  const std::string md = markdown_report(run);
  EXPECT_NE(line_starting(md, "| 20 | `property_29` | 1 | 29 |"), "");
  EXPECT_EQ(line_starting(md, "| 21 |"), "");
  EXPECT_EQ(line_starting(md, "This table"),
            "This table shows the first 20 of the 25 causes; summary.json lists every violation.");
}

// 638 failing p, 100 listed: the report gives the total, the cap and that the list was cut,
// with the right arithmetic (it once said "100 violations ... and 80 more").
TEST(MarkdownReport, CappedListGivesTotalCapAndTruncation) {
  RunSummary run = test::sample_summary();
  run.constructions[1] = test::sample_capped(638, 100);
  const std::string md = markdown_report(run);
  EXPECT_NE(md.find("## `bcast_plugin`: fail, 638 violations\n"), std::string::npos) << md;
  EXPECT_EQ(line_starting(md, "638 violations found"),
            "638 violations found; summary.json lists the first 100 (the run keeps at most 100: "
            "--max-violations); 538 are not listed (truncated).")
      << md;
  EXPECT_EQ(line_starting(md, "Grouped by cause"),
            "Grouped by cause: 1 distinct property; each row gives how many violations share it "
            "and its smallest witness (smallest p, then the first). Counted over the 100 listed "
            "violations, not the 638 found.");
  EXPECT_EQ(line_starting(md, "| 1 |"), "| 1 | `agreement` | 100 | 10 | - | 1 | 0 | 0 | m |");
  EXPECT_EQ(md.find("and 80 more"), std::string::npos);
}

TEST(MarkdownReport, EveryConstructionSaysWhatItCovered) {
  const std::string md = markdown_report(test::sample_summary());
  EXPECT_EQ(count_of(md, "- p range: 2..5\n"), 2u) << md;
  EXPECT_NE(md.find("- parameters: block counts n in {1,2}\n"), std::string::npos) << md;
  EXPECT_NE(md.find("- parameters: plugin \\<libfaulty.so\\>\n"), std::string::npos) << md;
  EXPECT_NE(md.find("- properties checked: agreement, completeness\n"), std::string::npos);
  EXPECT_NE(md.find("- instances: 8 checked over 4 p\n"), std::string::npos);
  EXPECT_NE(md.find("- rounds: rounds = lower bound for 8 of 8 counted instances; max excess 0\n"),
            std::string::npos);
  EXPECT_NE(md.find("- rounds: rounds not counted (fast checker only)\n"), std::string::npos);
  // The coverage of a construction comes before its violations.
  EXPECT_LT(md.find("- rounds: rounds not counted"), md.find("### Violations"));
}

TEST(MarkdownReport, SmallestWitnessLeadsWithTheMessage) {
  const std::string md = markdown_report(test::sample_summary());
  EXPECT_NE(line_starting(md, "Columns n, rank, round, block:").find("absolute round"),
            std::string::npos);
  EXPECT_EQ(line_starting(md, "Smallest witness:"),
            "Smallest witness: p=4 send\\_before\\_receive: rank 3 sends block -2 in round 1 "
            "before receiving it (rank=3, round=1, block=-2)");
}

// An agreement witness between ranks far apart: both entries marked, a gap column between the
// two groups of ranks, the caption naming both groups.
TEST(MarkdownReport, TwoMarkedEntriesAndAGap) {
  RunSummary run = test::sample_summary();
  ScheduleExcerpt& e = *run.constructions[1].excerpt;
  e.p = 33;
  e.q = 2;
  e.ranks = {0, 1, 31, 32};
  e.baseblock.clear();
  e.recv = {{}, {0, -1}, {-2, 1}, {-1, 0}};
  e.send = {{0, 1}, {1, 0}, {5, -1}, {1, 0}};
  e.marks = {ExcerptMark{31, 0, "send"}, ExcerptMark{1, 0, "recv"}};
  const std::string md = markdown_report(run);
  EXPECT_EQ(count_of(md, "**["), 2u) << md;
  EXPECT_EQ(line_starting(md, "| r |"), "| r | 0 | 1 | \u2026 | 31 | 32 |");
  EXPECT_EQ(line_starting(md, "| recv 0 |"), "| recv 0 | - | **[0]** | \u2026 | -2 | -1 |");
  EXPECT_EQ(line_starting(md, "| send 0 |"), "| send 0 | 0 | 1 | \u2026 | **[5]** | 1 |");
  EXPECT_NE(md.find("bcast\\_plugin, p=33, q=2, ranks 0 to 1 and 31 to 32"), std::string::npos)
      << md;
  EXPECT_NE(md.find("Marked: send of rank 31 in round 0, entry 5 and recv of rank 1 in round 0, "
                    "entry 0"),
            std::string::npos);
}

TEST(MarkdownReport, MessagesCannotBreakTheTable) {
  RunSummary run = test::sample_summary();
  run.constructions[1].violations[1].message = "a | b\nc *d* <e>";
  const std::string md = markdown_report(run);
  EXPECT_EQ(line_starting(md, "| 2 |"),
            "| 2 | `agreement` | 1 | 4 | 5 | 2 | - | - | a \\| b c \\*d\\* \\<e\\> |");
}

}  // namespace
TEST(MarkdownReport, EmbedsTheWitnessPictureAsDot) {
  RunSummary s = test::sample_summary();
  s.constructions.front().picture_dot = "digraph tree {\n  1 -> 0;\n}\n";
  const std::string md = markdown_report(s);
  EXPECT_NE(md.find("```dot\ndigraph tree {\n  1 -> 0;\n}\n```"), std::string::npos) << md;
  EXPECT_EQ(markdown_report(test::sample_summary()).find("```dot"), std::string::npos);
  const std::string html = html_report(s);
  EXPECT_NE(html.find("<pre class=\"dot\">digraph tree {&#10;  1 -&gt; 0;"), std::string::npos) << html;
}

}  // namespace collverify

namespace collverify {
namespace {

// Issue 25: the hypercube's and tori's per-size rounds were one paragraph under "lower bound";
// they are a Markdown table now.
TEST(MarkdownReport, SizeTablesAreTables) {
  RunSummary run = test::sample_summary();
  run.constructions[0].tables.push_back(
      SizeTable{"Rounds / bound by d", {"d", "oab", "aab"}, {{"1", "1/1", "1/1"}, {"2", "2/2", "-"}},
                "rounds / bound"});
  const std::string md = markdown_report(run);
  EXPECT_NE(md.find("### Rounds / bound by d\n\n| d | oab | aab |\n|:--|--:|--:|\n| 1 | 1/1 | 1/1 |\n"
                    "| 2 | 2/2 | - |\n\nrounds / bound\n"),
            std::string::npos)
      << md;
}

}  // namespace
}  // namespace collverify
