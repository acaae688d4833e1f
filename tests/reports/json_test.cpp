// summary.json: parsed back, it must equal the schema-2 document of docs/DESIGN.md exactly. (This
// was the schema-1 document; schema 2 keeps every schema-1 key and adds violations_total,
// violations_cap, truncated and coverage per construction.)
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "reports/writers.hpp"
#include "tests/reports/sample_summary.hpp"

namespace collverify {
namespace {

using nlohmann::json;

TEST(SummaryJson, EqualsTheSchemaThreeDocument) {
  const json expected = json::parse(R"({
    "schema": 4, "version": "0.1.0", "command": "collverify verify bcast --p 2..5",
    "run_id": "", "complete": true, "verdict": "fail",
    "constructions": [
      {"name": "bcast", "verdict": "pass", "complete": true, "not_checked": 0,
       "not_checked_p": "", "checked": 4, "passed": 4, "failed": 0, "inconclusive": 0,
       "seconds": 0.5, "violations": [],
       "violations_total": 0, "violations_cap": 100, "truncated": false,
       "coverage": {"p_range": "2..5", "parameters": "block counts n in {1,2}",
                    "properties": ["agreement", "completeness"],
                    "lower_bound": "n - 1 + ceil(log2 p) rounds", "instances": 8,
                    "rounds_counted": 8, "rounds_at_bound": 8, "rounds_max_excess": 0},
       "instances": [
         {"instance": {"p": 2, "n": 3}, "status": "pass", "rounds": 3, "lower_bound": 3},
         {"instance": {"p": 3, "n": null}, "status": "pass", "rounds": 2, "lower_bound": 2}]},
      {"name": "bcast_plugin", "verdict": "fail", "complete": true, "not_checked": 0,
       "not_checked_p": "", "checked": 4, "passed": 2, "failed": 1, "inconclusive": 1,
       "seconds": 0.25,
       "violations": [
         {"p": 4, "n": null, "rank": 3, "round": 1, "block": -2,
          "property": "send_before_receive",
          "message": "rank 3 sends block -2 in round 1 before receiving it"},
         {"p": 4, "n": 5, "rank": 2, "round": null, "block": null, "property": "agreement",
          "message": "rank 2 expects another block"}],
       "violations_total": 2, "violations_cap": 100, "truncated": false,
       "coverage": {"p_range": "2..5", "parameters": "plugin <libfaulty.so>",
                    "properties": ["agreement", "send_before_receive"],
                    "lower_bound": "n - 1 + ceil(log2 p) rounds", "instances": 4,
                    "rounds_counted": 0, "rounds_at_bound": 0, "rounds_max_excess": null}}]})");
  EXPECT_EQ(json::parse(summary_json(test::sample_summary())), expected);
}

TEST(SummaryJson, KeysFollowTheDesignOrderAndEndWithNewline) {
  const std::string text = summary_json(test::sample_summary());
  EXPECT_EQ(text.rfind("{\n  \"schema\": 4,\n  \"version\"", 0), 0u) << text;
  EXPECT_LT(text.find("\"command\""), text.find("\"run_id\""));
  EXPECT_LT(text.find("\"run_id\""), text.find("\"complete\""));
  EXPECT_LT(text.find("\"complete\""), text.find("\"verdict\""));
  EXPECT_LT(text.find("\"verdict\""), text.find("\"constructions\""));
  EXPECT_LT(text.find("\"violations\""), text.find("\"violations_total\""));
  EXPECT_LT(text.find("\"truncated\""), text.find("\"coverage\""));
  EXPECT_LT(text.find("\"coverage\""), text.find("\"instances\": ["));
  EXPECT_EQ(text.back(), '\n');
}

TEST(SummaryJson, InstancesOnlyWhenRecorded) {
  const json j = json::parse(summary_json(test::sample_summary()));
  EXPECT_TRUE(j["constructions"][0].contains("instances"));
  EXPECT_FALSE(j["constructions"][1].contains("instances"));
}

TEST(SummaryJson, InstanceWithoutFiguresHasNulls) {
  RunSummary run = test::sample_summary();
  run.constructions[0].instances = {InstanceResult{7, kNone, Status::fail, kNone, kNone}};
  const json i = json::parse(summary_json(run))["constructions"][0]["instances"][0];
  EXPECT_EQ(i, json::parse(R"({"instance": {"p": 7, "n": null}, "status": "fail",
                               "rounds": null, "lower_bound": null})"));
}

TEST(SummaryJson, IncompleteRunAndAwkwardTextRoundTrip) {
  RunSummary run = test::sample_summary();
  run.complete = false;
  const std::string message = "quote \" backslash \\ newline \n tab \t <&>";
  run.constructions[1].violations[0].message = message;
  const json j = json::parse(summary_json(run));
  EXPECT_EQ(j["complete"], false);
  EXPECT_EQ(j["constructions"][1]["violations"][0]["message"], message);
}

TEST(SummaryJson, EmptyRunHasEmptyConstructionList) {
  RunSummary run;
  const json j = json::parse(summary_json(run));
  EXPECT_EQ(j, json::parse(R"({"schema": 4, "version": "", "command": "", "run_id": "",
                               "complete": true, "verdict": "pass", "constructions": []})"));
}

// A capped list says so: 638 found, 100 listed, truncated (the run that once listed 100 with no
// field saying the list was cut).
TEST(SummaryJson, CappedListSaysSo) {
  RunSummary run = test::sample_summary();
  run.constructions[1] = test::sample_capped(638, 100);
  const json c = json::parse(summary_json(run))["constructions"][1];
  EXPECT_EQ(c["violations"].size(), 100u);
  EXPECT_EQ(c["violations_total"], 638);
  EXPECT_EQ(c["violations_cap"], 100);
  EXPECT_EQ(c["truncated"], true);
}

// A summary filled by hand (total left at 0) never claims fewer violations than it lists.
TEST(SummaryJson, TotalIsNeverBelowTheList) {
  RunSummary run = test::sample_summary();
  run.constructions[1].violations_total = 0;
  const json c = json::parse(summary_json(run))["constructions"][1];
  EXPECT_EQ(c["violations_total"], 2);
  EXPECT_EQ(c["truncated"], false);
}

}  // namespace
}  // namespace collverify
