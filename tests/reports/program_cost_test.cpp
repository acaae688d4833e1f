// The program route's cost table summed up (reports/program_cost.hpp) and what the reports say
// with it: the contract's example, ratios only over positive bounds, the first worst instance,
// the rounds line that names failing and inconclusive instances (not a fast checker), and no
// cost for a construction without the table.
#include <string>

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
  EXPECT_EQ(s->bytes.at_bound, 1);
  EXPECT_DOUBLE_EQ(s->bytes.max_ratio, 2.0);
  EXPECT_EQ(s->bytes.worst, "p=4 count=1 root=0 bcast int eager");
  EXPECT_EQ(s->rounds.at_bound, 2);
  EXPECT_EQ(s->time.at_bound, 0);
  EXPECT_EQ(s->time.worst_value, 2024);
  EXPECT_EQ(s->time.worst, "p=4 count=3 root=1 bcast int eager");
}

TEST(ProgramCost, ZeroBoundsCountOnlyWhenMetAndNoRootIsWrittenAsNone) {
  const auto s = program_cost(with_table("3,0,,allgather int eager,0,0,0,0,0,0,0\n"
                                         "3,0,,allgather int rendezvous,6,0,0,2,0,2000,0\n"));
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->counted, 2);
  EXPECT_EQ(s->rounds.at_bound, 1);
  EXPECT_DOUBLE_EQ(s->rounds.max_ratio, 0.0);  // no positive bound: no ratio
  EXPECT_EQ(s->rounds.worst, "");
  const auto lines = cost_lines(*s);
  ASSERT_GE(lines.size(), 5u);
  EXPECT_EQ(lines[2].first, "busiest-rank bytes");  // both met their bound of 0
  EXPECT_EQ(lines[2].second, "= lower bound for 2 of 2 passing instances");
}

TEST(ProgramCost, NoTableNoCost) {
  ConstructionSummary c;
  c.data_files.push_back({"fractional_speedup.csv", "a,b\n1,2\n"});
  EXPECT_FALSE(program_cost(c).has_value());
}

TEST(ProgramCost, TheRoundsLineSaysWhyInstancesHaveNoCount) {
  ConstructionSummary c = with_table("4,1,0,bcast int eager,3,8,4,2,2,2008,2000\n");
  c.coverage.instances = 3;
  c.coverage.rounds_counted = 1;
  c.coverage.rounds_at_bound = 1;
  c.coverage.rounds_max_excess = 0;
  std::string rounds;
  for (const auto& [label, text] : coverage_lines(c)) {
    if (label == "rounds") rounds = text;
  }
  EXPECT_EQ(rounds,
            "rounds = lower bound for 1 of 1 passing instance; max excess 0; 2 instances failed "
            "or were inconclusive: no cost is reported for them");
  EXPECT_EQ(rounds.find("fast checker"), std::string::npos);
}

}  // namespace
}  // namespace collverify::reports
