// An interrupted run must never read as a pass (issue 14, "False green"): every writer states the
// verdict "incomplete" (or "fail" when a violation was found), JUnit carries a
// <failure type="incomplete"> test case naming the p not checked, and a witness of an interrupted run is "the smallest found so far".
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "reports/writers.hpp"
#include "tests/reports/sample_summary.hpp"

namespace collverify {
namespace {

using test::count_of;

// Ctrl-C before the first p finished: nothing checked, 29999 p not checked.
RunSummary interrupted_before_anything() {
  RunSummary run;
  run.version = "0.1.0";
  run.command = "collverify verify bcast --p 2..30000";
  run.run_id = "0123456789abcdef0123456789abcdef";
  run.complete = false;
  ConstructionSummary c;
  c.name = "bcast";
  c.violations_cap = 100;
  c.coverage.p_range = "2..30000";
  c.complete = false;
  c.not_checked = 29999;
  c.not_checked_p = "2..30000";
  run.constructions = {c};
  return run;
}

// The faulty plugin interrupted after the expensive p: p = 19964 fails, p = 14 not checked.
RunSummary interrupted_with_a_witness() {
  RunSummary run = interrupted_before_anything();
  ConstructionSummary& c = run.constructions[0];
  c.checked = 3;
  c.passed = 2;
  c.failed = 1;
  c.not_checked = 29996;
  c.not_checked_p = "2..19962, 19965..30000";
  c.cases = {CaseResult{19963, Status::pass, 0.5, {}},
             CaseResult{19964, Status::fail, 0.5,
                        Violation{"agreement", 19964, 4, 5, 4, 0, "rank 3 sends"}},
             CaseResult{30000, Status::pass, 0.5, {}}};
  c.violations = {*c.cases[1].violation};
  c.violations_total = 1;
  return run;
}

TEST(Incomplete, VerdictIsIncompleteNotPass) {
  const RunSummary run = interrupted_before_anything();
  EXPECT_STREQ(run_verdict(run), "incomplete");
  EXPECT_STREQ(construction_verdict(run, run.constructions[0]), "incomplete");
  // A complete run with the same counts would be a pass: the verdict comes from completeness.
  RunSummary complete = run;
  complete.complete = true;
  complete.constructions[0].complete = true;
  EXPECT_STREQ(run_verdict(complete), "pass");
}

TEST(Incomplete, AViolationStillMakesItAFail) {
  const RunSummary run = interrupted_with_a_witness();
  EXPECT_STREQ(run_verdict(run), "fail");
  EXPECT_STREQ(construction_verdict(run, run.constructions[0]), "fail");
}

TEST(Incomplete, SummaryJsonSaysIncomplete) {
  const auto j = nlohmann::json::parse(summary_json(interrupted_before_anything()));
  EXPECT_EQ(j["schema"], 4);
  EXPECT_EQ(j["verdict"], "incomplete");
  EXPECT_EQ(j["complete"], false);
  EXPECT_EQ(j["run_id"], "0123456789abcdef0123456789abcdef");
  const auto& c = j["constructions"][0];
  EXPECT_EQ(c["verdict"], "incomplete");
  EXPECT_EQ(c["complete"], false);
  EXPECT_EQ(c["not_checked"], 29999);
  EXPECT_EQ(c["not_checked_p"], "2..30000");
}

// A CI job that checks only failures="0" (the common gate) must not pass an interrupted run: the
// case of the p not checked is a <failure type="incomplete">, counted in failures (issue 26; it
// was an <error>, errors="1" failures="0").
TEST(Incomplete, JunitHasAFailureCaseAndNoPassingAll) {
  const std::string xml = junit_xml(interrupted_before_anything(), 1);
  EXPECT_EQ(xml.find("name=\"all\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<testsuites name=\"collverify\" tests=\"1\" failures=\"1\" errors=\"0\""),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testcase name=\"not checked (interrupted)\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<failure message=\"interrupted: 29999 of 29999 p not checked (p = 2..30000); "
                     "nothing was checked\" type=\"incomplete\"/>"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<property name=\"verdict\" value=\"incomplete\"/>"), std::string::npos);
  EXPECT_NE(xml.find("<property name=\"run_id\" value=\"0123456789abcdef0123456789abcdef\"/>"),
            std::string::npos);
}

TEST(Incomplete, JunitKeepsTheFinishedCasesBesideTheNotCheckedFailure) {
  const std::string xml = junit_xml(interrupted_with_a_witness(), 1);
  EXPECT_NE(xml.find("tests=\"4\" failures=\"2\" errors=\"0\""), std::string::npos) << xml;
  EXPECT_EQ(count_of(xml, "<error "), 0u);
  EXPECT_EQ(count_of(xml, "type=\"incomplete\""), 1u);
  EXPECT_NE(xml.find("29996 of 29999 p not checked (p = 2..19962, 19965..30000)"),
            std::string::npos);
}

TEST(Incomplete, MarkdownHtmlAndStepSummarySayIncomplete) {
  const RunSummary run = interrupted_before_anything();
  const std::string md = markdown_report(run);
  EXPECT_NE(md.find("- verdict: **incomplete**"), std::string::npos) << md;
  EXPECT_EQ(md.find("verdict: **pass**"), std::string::npos);
  EXPECT_NE(md.find("| `bcast` | incomplete |"), std::string::npos) << md;
  EXPECT_NE(md.find("**Not checked** — interrupted: 29999 of 29999 p not checked"),
            std::string::npos);
  EXPECT_NE(md.find("- run id: `0123456789abcdef0123456789abcdef`"), std::string::npos);
  const std::string html = html_report(run);
  EXPECT_NE(html.find("verdict: <strong class=\"incomplete\">incomplete</strong>"),
            std::string::npos);
  EXPECT_EQ(html.find(">pass<"), std::string::npos);
  EXPECT_NE(html.find("0123456789abcdef0123456789abcdef"), std::string::npos);
  // The bar draws the p not checked (grey), not a green bar of what finished.
  EXPECT_NE(html.find("0 inconclusive, 29999 not checked</title><rect x=\"0.0\" width=\"160.0\" "
                      "height=\"14\" fill=\"#bdbdbd\"/>"),
            std::string::npos)
      << html;
  const std::string step = github_step_summary(run);
  EXPECT_NE(step.find("### collverify: incomplete"), std::string::npos) << step;
  EXPECT_EQ(step.find(": pass"), std::string::npos);
  const std::string annotations = github_annotations(run);
  EXPECT_NE(annotations.find("::warning title=collverify bcast incomplete::interrupted: 29999"),
            std::string::npos)
      << annotations;
}

TEST(Incomplete, WitnessIsTheSmallestFoundSoFar) {
  const RunSummary run = interrupted_with_a_witness();
  const std::string md = markdown_report(run);
  EXPECT_NE(md.find("Smallest witness found so far (the run was interrupted; a smaller p among "
                    "those not checked may fail): p=19964"),
            std::string::npos)
      << md;
  EXPECT_NE(html_report(run).find("Smallest witness found so far"), std::string::npos);
  // A complete run's witness is simply the smallest.
  const std::string complete = markdown_report(test::sample_summary());
  EXPECT_NE(complete.find("Smallest witness: "), std::string::npos);
  EXPECT_EQ(complete.find("found so far"), std::string::npos);
}

// A summary not filled by the engine (run.complete false, constructions not marked) still
// gets the incomplete verdict in every construction.
TEST(Incomplete, RunLevelFlagAloneIsEnough) {
  RunSummary run = test::sample_summary();
  run.constructions = {test::sample_passing()};
  run.complete = false;
  EXPECT_STREQ(run_verdict(run), "incomplete");
  EXPECT_NE(junit_xml(run, 1).find("failures=\"1\""), std::string::npos);
}

}  // namespace
}  // namespace collverify
