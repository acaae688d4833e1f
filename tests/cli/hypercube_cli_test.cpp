// End-to-end tests of `schedule hypercube` and `verify hypercube`: the JSON a schedule prints is
// read back by `verify routed` and passes at the bound; a JSON broken by hand (two packets on
// one arc) fails with exit 1 and the arc named; bad --d / --algo exit 2 naming the value; the
// verify run writes the reports with the SVG pictures.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_run.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;
using test_cli::CliRun;
using test_cli::run_collverify;
using test_cli::Stderr;

CliRun run(const std::string& args) { return run_collverify(args, Stderr::merged); }

fs::path temp_dir(const std::string& name) { return test_cli::fresh_temp_dir("hypercube_cli", name); }

using test_cli::expect_contains;

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Issue 26: `schedule hypercube` read --d with std::stoll, which took ' 3' and '+3' where
// `verify hypercube` refuses them.
TEST(HypercubeCli, ScheduleAndVerifyReadTheDimensionAlike) {
  for (const char* d : {"' 3'", "'+3'", "'3 '", "''", "0x3", "-1"}) {
    for (const std::string cmd : {"schedule hypercube --algo oab --d ", "verify hypercube --d "}) {
      const CliRun r = run(cmd + d);
      EXPECT_EQ(r.code, 2) << cmd << d << "\n" << r.out;
    }
  }
  EXPECT_EQ(run("schedule hypercube --algo oab --d 3").code, 0);
}

TEST(HypercubeCli, ScheduleJsonIsReadBackByVerifyRoutedAndPasses) {
  const auto dir = temp_dir("json");
  for (const std::string algo : {"oab", "aab", "oas", "aas", "oab-1port"}) {
    const fs::path file = dir / (algo + ".json");
    const CliRun s = run_collverify("schedule hypercube --algo " + algo + " --d 4 --format json > " +
                                        file.string(),
                                    Stderr::passed_through);
    ASSERT_EQ(s.code, 0) << algo;
    const auto j = nlohmann::json::parse(read(file));
    EXPECT_EQ(j.at("format"), "collverify-routed/1");
    EXPECT_EQ(j.at("network").at("kind"), "hypercube");
    EXPECT_EQ(j.at("network").at("d"), 4);
    EXPECT_EQ(j.at("root"), 0);
    const CliRun v = run("verify routed --schedule-file " + file.string());
    EXPECT_EQ(v.code, 0) << algo << "\n" << v.out;
    expect_contains(v.out, "PASS routed: 1 checked, 1 passed");
  }
  fs::remove_all(dir);
}

TEST(HypercubeCli, TwoPacketsOnOneArcInTheJsonFailWithTheArcNamed) {
  const auto dir = temp_dir("broken");
  const fs::path good = dir / "aab.json";
  ASSERT_EQ(run_collverify("schedule hypercube --algo aab --d 3 --format json > " + good.string(),
                           Stderr::passed_through)
                .code,
            0);
  auto j = nlohmann::json::parse(read(good));
  // Round 0 of the d = 3 tree: every node sends its packet on dimensions 0, 1, 2. A second
  // transmission on node 0's dimension-0 arc in the same round.
  auto& round0 = j.at("rounds").at(0);
  nlohmann::json extra = round0.at(0);
  ASSERT_EQ(extra.at("from"), 0);
  extra["packets"] = nlohmann::json::array({nlohmann::json::array({0, 0})});
  extra["hops"] = nlohmann::json::array({"1"});
  round0.push_back(extra);
  const fs::path bad = dir / "aab_two_on_one_arc.json";
  std::ofstream(bad) << j.dump();
  const CliRun v = run("verify routed --schedule-file " + bad.string());
  EXPECT_EQ(v.code, 1) << v.out;
  expect_contains(v.out, "arc_exclusivity");
  expect_contains(v.out, "round=0");
  fs::remove_all(dir);
}

TEST(HypercubeCli, ScheduleTableAndSvgReadLikeTheSlides) {
  const CliRun t = run("schedule hypercube --algo oab --d 2 --format table");
  ASSERT_EQ(t.code, 0) << t.out;
  expect_contains(t.out, "round 0:\n  00 -> 01  dim 0  (00,0)");
  expect_contains(t.out, "round 1:\n  00 -> 10  dim 1  (00,0)\n  01 -> 11  dim 1  (00,0)");
  expect_contains(t.out, "2 rounds (bound 2), 3 transmissions");
  const CliRun a = run("schedule hypercube --algo aab --d 3 --format svg");
  ASSERT_EQ(a.code, 0) << a.out;
  expect_contains(a.out, "<svg");
  expect_contains(a.out, "3 rounds (bound ceil((2^d - 1)/d) = 3)");
  expect_contains(a.out, ">111</text>");
  expect_contains(a.out, ">dim 2</text>");
  const CliRun o = run("schedule hypercube --algo oas --d 3 --format svg");
  ASSERT_EQ(o.code, 0) << o.out;
  expect_contains(o.out, "root subtrees of 3, 2, 2 nodes");
}

TEST(HypercubeCli, BadInputExitsTwoNamingTheValue) {
  struct Case {
    std::string args;
    std::string named;
  };
  for (const Case& c : {Case{"schedule hypercube --algo aab --d -1", "-1"},
                        Case{"schedule hypercube --algo aab --d 40", "40"},
                        Case{"schedule hypercube --algo abb --d 3", "abb"},
                        Case{"schedule hypercube --algo oab --d 3 --root 8", "--root 8"},
                        Case{"schedule hypercube --algo oab --d 3 --format svg", "oab"},
                        Case{"schedule hypercube --algo aab --d 3 --format png", "png"},
                        Case{"verify hypercube --d -1", "-1"},
                        Case{"verify hypercube --d 40", "--d 40"},
                        Case{"verify hypercube --d 0..3", "--d '0..3'"},
                        Case{"verify hypercube --d 3 --algo nope", "nope"},
                        Case{"verify hypercube --d 12 --algo aas", "--d 12"},
                        Case{"schedule hypercube --algo esbt --d 3 --s 0", "--s"},
                        Case{"schedule hypercube --algo oab --d 3 --s 4", "--s 4"},
                        Case{"schedule hypercube --algo esbt --d 3 --root 1", "--root 1"},
                        Case{"verify hypercube --d 3 --s 4", "--s 4"}}) {
    const CliRun r = run(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.out;
    expect_contains(r.out, c.named);
  }
}

// Issue 23: Johnsson and Ho's ESBT is an --algo value of both commands, with --s its packet
// count (default 2d); its JSON is read back by `verify routed` (1 port) and passes.
TEST(HypercubeCli, EsbtIsSelectableAndItsJsonPasses) {
  const CliRun t = run("schedule hypercube --algo esbt --d 2 --s 1");
  ASSERT_EQ(t.code, 0) << t.out;
  expect_contains(t.out, "s = 1 packets; 1-port lower bound 2 rounds");
  expect_contains(t.out, "round 2:\n  11 -> 10  dim 0  (00,0)");
  expect_contains(t.out, "3 rounds (bound 2), 3 transmissions");
  const auto dir = temp_dir("esbt");
  const fs::path file = dir / "esbt.json";
  ASSERT_EQ(run_collverify("schedule hypercube --algo esbt --d 4 --format json > " + file.string(),
                           Stderr::passed_through)
                .code,
            0);
  const auto j = nlohmann::json::parse(read(file));
  EXPECT_EQ(j.at("pieces"), 8);
  EXPECT_EQ(j.at("model").at("ports"), 1);
  const CliRun v = run("verify routed --schedule-file " + file.string());
  EXPECT_EQ(v.code, 0) << v.out;
  const CliRun f = run("verify hypercube --algo esbt --d 1..9 --s 5");
  EXPECT_EQ(f.code, 0) << f.out;
  expect_contains(f.out, "PASS hypercube: 9 checked, 9 passed");
  fs::remove_all(dir);
}

TEST(HypercubeCli, VerifyWritesReportsWithRoundsBesideBoundsAndPictures) {
  const auto dir = temp_dir("verify");
  const CliRun r = run("verify hypercube --d 1..6 --jobs 2 --report " + dir.string() +
                       " --format json,md,html");
  ASSERT_EQ(r.code, 0) << r.out;
  expect_contains(r.out, "PASS hypercube: 6 checked, 6 passed");
  const auto j = nlohmann::json::parse(read(dir / "summary.json"));
  const auto& c = j.at("constructions").at(0);
  EXPECT_EQ(c.at("name"), "hypercube");
  EXPECT_EQ(c.at("instances").size(), 36u);
  for (const auto& i : c.at("instances")) {
    if (i.at("instance").at("n") == 5) continue;  // aas-3phase: d times the bound
    EXPECT_EQ(i.at("rounds"), i.at("lower_bound")) << i.dump();
  }
  const std::string html = read(dir / "report.html");
  expect_contains(html, "<svg");
  expect_contains(html, "AAB generic tree by round, d = 5");
  expect_contains(html, "OAS tree, d = 5");
  // The rounds per d are a table, one column per algorithm (issue 25; it was a paragraph).
  expect_contains(html, "<h3>Rounds / bound by d</h3>\n<table class=\"sizes\"><tr><th>d</th><th>oab</th>");
  expect_contains(html, "<tr><td>6</td><td class=\"num\">6/6</td>");
  expect_contains(read(dir / "report.md"), "| 6 | 6/6 |");
  EXPECT_TRUE(fs::exists(dir / "aab_tree.svg"));
  EXPECT_TRUE(fs::exists(dir / "oas_tree.svg"));
  expect_contains(read(dir / "report.md"), "](aab_tree.svg)");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace collverify
