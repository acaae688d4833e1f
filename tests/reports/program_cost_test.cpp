// The program route's cost table summed up (reports/program_cost.hpp) and what the reports say
// with it: the contract's example, one definition for every figure (held against its bound only
// where the bound is positive: count = 0 and p = 1 instances are not counted), the first worst
// instance, one rounds line that names what it did not count (not a fast checker), and no cost
// for a construction without the table.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "reports/program_cost.hpp"
#include "reports/summary_text.hpp"

namespace collverify::reports {
namespace {

ConstructionSummary with_table(const std::string& rows) {
  ConstructionSummary c;
  // Appended, not a chain of operator+: GCC 12 at -O2 reports a false -Wstringop-overflow there.
  std::string text(kCostCsvHeader);
  text.append("\n").append(rows);
  c.data_files.push_back({"program_cost_bino.csv", text});
  return c;
}

TEST(ProgramCost, TheContractsExample) {
  const auto s = program_cost(with_table("4,1,0,bcast int eager,3,8,4,2,2,2008,2000\n"
                                         "4,3,1,bcast int eager,3,12,12,2,2,2024,2000\n"));
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->table, "program_cost_bino.csv");
  EXPECT_EQ(s->counted, 2);
  EXPECT_EQ(s->messages_max, 3);
  EXPECT_EQ(s->bytes.counted, 2);
  EXPECT_EQ(s->bytes.at_bound, 1);
  EXPECT_DOUBLE_EQ(s->bytes.max_ratio, 2.0);
  EXPECT_EQ(s->bytes.worst, "p=4 count=1 root=0 bcast int eager");
  EXPECT_EQ(s->rounds.at_bound, 2);
  EXPECT_EQ(s->time.at_bound, 0);
  EXPECT_EQ(s->time.worst_value, 2024);
  EXPECT_EQ(s->time.worst, "p=4 count=3 root=1 bcast int eager");
}

// Count = 0 (and p = 1) instances have bounds of 0 by convention, yet many correct programs still
// send empty messages there (the second row: 2 rounds against 0). Before, such rows counted
// towards "at the bound" when they sent nothing and the engine's rounds line took their excess
// (2 here) as its "max excess" while the 1-ported line left them out: two rounds lines, two
// definitions. Now neither counts them, and the one rounds line says so.
TEST(ProgramCost, ZeroBoundsAreNotCountedAndNoRootIsWrittenAsNone) {
  const auto s = program_cost(with_table("3,0,,allgather int eager,0,0,0,0,0,0,0\n"
                                         "3,0,,allgather int rendezvous,6,0,0,2,0,2000,0\n"
                                         "3,1,,allgather int eager,6,16,8,3,2,3004,2000\n"));
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->counted, 3);
  EXPECT_EQ(s->rounds.counted, 1);
  EXPECT_EQ(s->rounds.at_bound, 0);
  EXPECT_DOUBLE_EQ(s->rounds.max_ratio, 1.5);
  EXPECT_EQ(s->rounds.worst, "p=3 count=1 allgather int eager");
  EXPECT_EQ(s->bytes.counted, 1);
  EXPECT_EQ(s->bytes.at_bound, 0);
  const auto lines = cost_lines(*s, 3);
  ASSERT_GE(lines.size(), 5u);
  EXPECT_EQ(lines[2].first, "busiest-rank bytes");
  EXPECT_EQ(lines[2].second,
            "= lower bound for 0 of 1 passing instance with a positive bound; at most 2.00 x the "
            "bound: 16 bytes against 8 bytes (p=3 count=1 allgather int eager)");
  EXPECT_EQ(lines[3].first, "rounds (1-ported)");
  EXPECT_EQ(lines[3].second,
            "= lower bound for 0 of 1 passing instance with a positive bound; at most 1.50 x the "
            "bound: 3 against 2 (p=3 count=1 allgather int eager); not counted: 2 passing "
            "instances whose bound is 0 (count = 0 or p = 1)");
}

TEST(ProgramCost, NoTableNoCost) {
  ConstructionSummary c;
  c.data_files.push_back({"fractional_speedup.csv", "a,b\n1,2\n"});
  EXPECT_FALSE(program_cost(c).has_value());
}

// The program route's report has one rounds line, the 1-ported one (the engine's generic
// "rounds" line, with its fast-checker wording, is left out), and it names the instances without
// a cost.
TEST(ProgramCost, OneRoundsLineThatSaysWhyInstancesHaveNoCount) {
  ConstructionSummary c = with_table("4,1,0,bcast int eager,3,8,4,2,2,2008,2000\n");
  c.coverage.instances = 3;
  c.coverage.rounds_counted = 1;
  c.coverage.rounds_at_bound = 1;
  c.coverage.rounds_max_excess = 0;
  std::vector<std::string> rounds;
  for (const auto& [label, text] : coverage_lines(c)) {
    if (label.find("rounds") != std::string::npos) rounds.push_back(label + ": " + text);
  }
  ASSERT_EQ(rounds.size(), 1U);
  EXPECT_EQ(rounds[0],
            "rounds (1-ported): = lower bound for 1 of 1 passing instance with a positive bound; "
            "at most 1.00 x the bound: 2 against 2 (p=4 count=1 root=0 bcast int eager); not "
            "counted: 2 instances that failed or were inconclusive (no cost)");
  EXPECT_EQ(rounds[0].find("fast checker"), std::string::npos);
  // Another family keeps the engine's line.
  ConstructionSummary other;
  other.coverage = c.coverage;
  int generic = 0;
  for (const auto& [label, text] : coverage_lines(other)) generic += label == "rounds" ? 1 : 0;
  EXPECT_EQ(generic, 1);
}

}  // namespace
}  // namespace collverify::reports
