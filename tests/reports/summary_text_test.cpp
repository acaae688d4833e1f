// The shared wording of the text writers: violation counts (capped or not), rounds against the
// lower bound, the witness lead, and the excerpt's caption and legend with two marks or a gap.
#include <string>

#include <gtest/gtest.h>

#include "reports/excerpt_grid.hpp"
#include "reports/summary_text.hpp"
#include "tests/reports/sample_summary.hpp"

namespace collverify::reports {
namespace {

TEST(SummaryText, ViolationCounts) {
  ConstructionSummary c;
  EXPECT_EQ(violations_count_text(c), "0 violations found.");
  c.violations = {test::sample_first_violation()};
  c.violations_total = 1;
  EXPECT_EQ(violations_count_text(c), "1 violation found; summary.json lists it.");
  c = test::sample_capped(638, 100);
  EXPECT_EQ(violations_found(c), 638);
  EXPECT_EQ(violations_count_text(c),
            "638 violations found; summary.json lists the first 100 (the run keeps at most 100: "
            "--max-violations); 538 are not listed (truncated).");
  c = test::sample_capped(2, 1);
  EXPECT_EQ(violations_count_text(c),
            "2 violations found; summary.json lists only the first (the run keeps at most 1: "
            "--max-violations); 1 is not listed (truncated).");
  c = test::sample_capped(100, 100);  // exactly the cap: nothing cut
  EXPECT_EQ(violations_count_text(c), "100 violations found; summary.json lists all 100.");
}

TEST(SummaryText, RoundsAgainstTheLowerBound) {
  Coverage cov;
  cov.lower_bound = "n - 1 + ceil(log2 p) rounds";
  cov.instances = 10;
  EXPECT_EQ(rounds_text(cov), "rounds not counted (fast checker only)");
  cov.lower_bound.clear();
  EXPECT_EQ(rounds_text(cov), "rounds not counted (no round lower bound applies)");
  cov.lower_bound = "x";
  cov.rounds_counted = 1234;
  cov.rounds_at_bound = 1230;
  cov.rounds_max_excess = 2;
  cov.instances = 1234;
  EXPECT_EQ(rounds_text(cov), "rounds = lower bound for 1230 of 1234 counted instances; max "
                              "excess 2");
  cov.instances = 1300;
  EXPECT_EQ(rounds_text(cov), "rounds = lower bound for 1230 of 1234 counted instances; max "
                              "excess 2; 66 instances judged by the fast checker alone (rounds "
                              "not counted)");
}

TEST(SummaryText, CoverageLinesLeaveOutEmptyFields) {
  ConstructionSummary c;
  c.checked = 3;
  c.coverage.instances = 3;
  const auto lines = coverage_lines(c);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].first, "instances");
  EXPECT_EQ(lines[0].second, "3 checked over 3 p");
  EXPECT_EQ(lines[1].first, "rounds");
}

TEST(SummaryText, WitnessLeadPutsTheMessageFirst) {
  const Violation v{"agreement", 33, 5, 1, 7, 4,
                    "phase round 2: send[31][2] = 0, recv[1][2] = -1; cause: ..."};
  EXPECT_EQ(witness_lead(v),
            "p=33 agreement: phase round 2: send[31][2] = 0, recv[1][2] = -1; cause: ... (n=5, "
            "rank=1, round=7, block=4)");
  EXPECT_EQ(witness_lead(Violation{"shape", 9, kNone, kNone, kNone, kNone, "m"}), "p=9 shape: m");
}

TEST(ExcerptGrid, GapBetweenGroupsAndBothMarks) {
  ScheduleExcerpt e;
  e.p = 33;
  e.q = 1;
  e.ranks = {0, 1, 31, 32};
  e.recv = {{}, {0}, {-1}, {0}};
  e.send = {{0}, {1}, {5}, {1}};
  e.marks = {ExcerptMark{31, 0, "send"}, ExcerptMark{1, 0, "recv"}};
  const ExcerptGrid g = layout_excerpt(e);
  EXPECT_EQ(g.ranks, (std::vector<std::string>{"0", "1", kGapText, "31", "32"}));
  EXPECT_EQ(g.gap, (std::vector<bool>{false, false, true, false, false}));
  ASSERT_EQ(g.rows.size(), 2u);
  EXPECT_TRUE(g.rows[0].cells[1].marked);   // recv 0 of rank 1
  EXPECT_TRUE(g.rows[1].cells[3].marked);   // send 0 of rank 31
  EXPECT_TRUE(g.rows[0].cells[2].gap);
  int marked = 0;
  for (const auto& row : g.rows) {
    for (const auto& cell : row.cells) marked += cell.marked ? 1 : 0;
  }
  EXPECT_EQ(marked, 2);
  EXPECT_EQ(excerpt_caption("bcast", e), "bcast, p=33, q=1, ranks 0 to 1 and 31 to 32");
  EXPECT_EQ(excerpt_legend(e, g, nullptr),
            "Marked: send of rank 31 in round 0, entry 5 and recv of rank 1 in round 0, entry 0.");
}

TEST(ExcerptGrid, OneMarkOutsideIsSaid) {
  ScheduleExcerpt e;
  e.p = 33;
  e.q = 1;
  e.ranks = {0, 1, 2};
  e.recv = {{}, {0}, {1}};
  e.send = {{0}, {1}, {5}};
  e.marks = {ExcerptMark{31, 0, "send"}, ExcerptMark{1, 0, "recv"}};
  const ExcerptGrid g = layout_excerpt(e);
  EXPECT_EQ(excerpt_legend(e, g, nullptr),
            "Marked: recv of rank 1 in round 0, entry 0; the broken entry (send of rank 31 in "
            "round 0) lies outside the excerpt.");
  EXPECT_EQ(excerpt_caption("bcast", e), "bcast, p=33, q=1, ranks 0 to 2");
}

}  // namespace
}  // namespace collverify::reports
