// GitHub annotations and step summary: exact line shape, escaping, the round-robin cap.
#include <string>

#include <gtest/gtest.h>

#include "reports/writers.hpp"
#include "tests/reports/sample_summary.hpp"

namespace collverify {
namespace {

using test::count_of;

TEST(GithubAnnotations, OneErrorLinePerCause) {
  EXPECT_EQ(github_annotations(test::sample_summary()),
            "::error title=collverify bcast_plugin send_before_receive::p=4 "
            "send_before_receive: rank 3 sends block -2 in round 1 before receiving it (rank=3, "
            "round=1, block=-2)\n"
            "::error title=collverify bcast_plugin agreement::p=4 agreement: rank 2 expects "
            "another block (n=5, rank=2)\n");
}

// Issue 25: annotations on a user's file say which file (and line, where known), so GitHub shows
// them on the file in the pull request; the file name is escaped as a property.
TEST(GithubAnnotations, UsersFileGivesFileAndLine) {
  RunSummary run = test::sample_summary();
  ConstructionSummary& c = run.constructions[1];
  c.input = "schedules/p4, broken.json";
  c.locations = {InputLocation{"schedules/p4, broken.json", 7}};  // the second: no location
  c.violations_total = 2;
  const std::string out = github_annotations(run);
  EXPECT_NE(out.find("::error file=schedules/p4%2C broken.json,line=7,title=collverify "
                     "bcast_plugin send_before_receive::p=4 "),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("::error file=schedules/p4%2C broken.json,title=collverify bcast_plugin "
                     "agreement::"),
            std::string::npos)
      << out;
  // A built-in construction names no file.
  c.input.clear();
  c.locations.clear();
  EXPECT_EQ(github_annotations(run).find("file="), std::string::npos);
}

TEST(GithubAnnotations, NothingWhenEverythingPasses) {
  RunSummary run = test::sample_summary();
  run.constructions.pop_back();
  EXPECT_EQ(github_annotations(run), "");
}

TEST(GithubAnnotations, EscapesPercentAndLineBreaks) {
  RunSummary run = test::sample_summary();
  run.constructions[1].name = "a:b,c%";
  run.constructions[1].violations.resize(1);
  run.constructions[1].violations_total = 1;  // one found: no truncation warning
  run.constructions[1].violations[0].message = "100% wrong\nsecond line\r";
  EXPECT_EQ(github_annotations(run),
            "::error title=collverify a%3Ab%2Cc%25 send_before_receive::p=4 "
            "send_before_receive: 100%25 wrong%0Asecond line%0D (rank=3, round=1, block=-2)\n");
}

TEST(GithubAnnotations, CapTakesEveryConstructionsFirstCauseFirst) {
  RunSummary run;
  for (const char* name : {"x", "y", "z"}) {
    ConstructionSummary c;
    c.name = name;
    c.failed = 5;
    for (std::int64_t p = 2; p < 7; ++p) {
      c.violations.push_back(Violation{"cause" + std::to_string(p), p, kNone, 1, 0, 0, "m"});
    }
    run.constructions.push_back(c);
  }
  const std::string out = github_annotations(run, 4);
  EXPECT_EQ(count_of(out, "::error "), 4u);
  EXPECT_EQ(count_of(out, "title=collverify x "), 2u);
  EXPECT_EQ(count_of(out, "title=collverify y "), 1u);
  EXPECT_EQ(count_of(out, "title=collverify z "), 1u);
  EXPECT_LT(out.find("x cause2::p=2"), out.find("x cause3::p=3"));
  EXPECT_LT(out.find("x cause3::p=3"), out.find("y cause2::p=2"));
  EXPECT_EQ(github_annotations(run, 0), "");
  EXPECT_EQ(count_of(github_annotations(run, 100), "::error "), 15u);
}

// Issue 25 follow-up: five violations of one property were five annotations, crowding out the
// other constructions' causes in GitHub's ten; now one, at the smallest witness, with the count.
TEST(GithubAnnotations, ViolationsSharingACauseGiveOneAnnotation) {
  RunSummary run;
  ConstructionSummary c;
  c.name = "x";
  c.failed = 5;
  for (const std::int64_t p : {9, 4, 7, 5, 8}) {
    c.violations.push_back(Violation{"agreement", p, 1, 1, 0, 0, "m"});
  }
  c.violations.push_back(Violation{"one_port_send", 6, 2, 1, 0, 0, "n"});
  run.constructions.push_back(c);
  const std::string out = github_annotations(run);
  EXPECT_EQ(count_of(out, "::error "), 2u) << out;
  EXPECT_NE(out.find("::error title=collverify x agreement::p=4 agreement: m (n=1, rank=1, round=0, "
                     "block=0) [5 listed violations share this cause; this is the smallest; the report "
                     "lists them]\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("::error title=collverify x one_port_send::p=6 one_port_send: n (n=2, rank=1, "
                     "round=0, block=0)\n"),
            std::string::npos)
      << out;
  EXPECT_LT(out.find("x agreement"), out.find("x one_port_send"));
}

TEST(GithubStepSummary, TableWithTheFirstWitness) {
  RunSummary run = test::sample_summary();
  const std::string md = github_step_summary(run);
  EXPECT_EQ(md.rfind("### collverify: fail\n", 0), 0u) << md;
  EXPECT_NE(md.find("| `bcast` | 4 | 4 | 0 | 0 | 0 | rounds = lower bound for 8 of 8 counted "
                    "instances; max excess 0 |  |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| `bcast_plugin` | 4 | 2 | 1 | 1 | 2 | rounds not counted (fast checker "
                    "only) | p=4 send\\_before\\_receive: rank 3 sends block -2 in round 1 "
                    "before receiving it (rank=3, round=1, block=-2) |\n"),
            std::string::npos)
      << md;
  run.complete = false;
  EXPECT_NE(github_step_summary(run).find("INCOMPLETE"), std::string::npos);
}

TEST(GithubAnnotations, CappedListGetsAWarning) {
  RunSummary run = test::sample_summary();
  EXPECT_EQ(github_annotations(run).find("::warning"), std::string::npos);
  run.constructions[1] = test::sample_capped(638, 100);
  const std::string out = github_annotations(run);
  // The 100 listed violations share one property: one annotation for them.
  EXPECT_EQ(count_of(out, "::error "), 1u);
  EXPECT_NE(out.find("[100 listed violations share this cause;"), std::string::npos) << out;
  EXPECT_NE(out.find("::warning title=collverify bcast_plugin truncated::638 violations found; "
                     "summary.json lists the first 100 (the run keeps at most 100: --max-violations); 538 are "
                     "not listed (truncated).\n"),
            std::string::npos)
      << out;
}

TEST(GithubStepSummary, CappedListSaysSo) {
  RunSummary run = test::sample_summary();
  run.constructions[1] = test::sample_capped(638, 100);
  const std::string md = github_step_summary(run);
  EXPECT_NE(md.find("| 638 (first 100 listed, truncated at --max-violations 100) |"),
            std::string::npos)
      << md;
}

}  // namespace
}  // namespace collverify
