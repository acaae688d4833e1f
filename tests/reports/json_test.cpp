// summary.json: parsed back, it must equal the schema-1 document of DESIGN.md exactly.
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "reports/writers.hpp"
#include "tests/reports/sample_summary.hpp"

namespace collverify {
namespace {

using nlohmann::json;

TEST(SummaryJson, EqualsTheSchemaOneDocument) {
  const json expected = json::parse(R"({
    "schema": 1, "version": "0.1.0", "command": "collverify verify bcast --p 2..5",
    "complete": true,
    "constructions": [
      {"name": "bcast", "checked": 4, "passed": 4, "failed": 0, "inconclusive": 0,
       "seconds": 0.5, "violations": [],
       "instances": [
         {"instance": {"p": 2, "n": 3}, "status": "pass", "rounds": 3, "lower_bound": 3},
         {"instance": {"p": 3, "n": null}, "status": "pass", "rounds": 2, "lower_bound": 2}]},
      {"name": "bcast_plugin", "checked": 4, "passed": 2, "failed": 1, "inconclusive": 1,
       "seconds": 0.25,
       "violations": [
         {"p": 4, "n": null, "rank": 3, "round": 1, "block": -2,
          "property": "send_before_receive",
          "message": "rank 3 sends block -2 in round 1 before receiving it"},
         {"p": 4, "n": 5, "rank": 2, "round": null, "block": null, "property": "agreement",
          "message": "rank 2 expects another block"}]}]})");
  EXPECT_EQ(json::parse(summary_json(test::sample_summary())), expected);
}

TEST(SummaryJson, KeysFollowTheDesignOrderAndEndWithNewline) {
  const std::string text = summary_json(test::sample_summary());
  EXPECT_EQ(text.rfind("{\n  \"schema\": 1,\n  \"version\"", 0), 0u) << text;
  EXPECT_LT(text.find("\"command\""), text.find("\"complete\""));
  EXPECT_LT(text.find("\"complete\""), text.find("\"constructions\""));
  EXPECT_LT(text.find("\"violations\""), text.find("\"instances\""));
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
  EXPECT_EQ(j, json::parse(R"({"schema": 1, "version": "", "command": "", "complete": true,
                               "constructions": []})"));
}

}  // namespace
}  // namespace collverify
