// End-to-end tests of `verify routed --schedule-file`: exit 0 on the passing example, 1 with the
// witness on the broken ones (printed and in summary.json), 2 with the value named on bad input.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_run.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;
using test_cli::CliRun;
using test_cli::run_collverify;
using test_cli::Stderr;

const std::string kExamples = EXAMPLES_DIR;

CliRun run(const std::string& args) { return run_collverify(args, Stderr::merged); }

fs::path temp_dir(const std::string& name) { return test_cli::fresh_temp_dir("routed_cli", name); }

void expect_contains(const CliRun& r, const std::string& text) { test_cli::expect_contains(r.out, text); }

TEST(RoutedCli, BinomialBroadcastPassesAtTheBound) {
  const auto dir = temp_dir("pass");
  const CliRun r = run("verify routed --schedule-file " + kExamples + "/hypercube3_oab.json --report " +
                       dir.string());
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r, "PASS routed: 1 checked, 1 passed");
  expect_contains(r, "lower bound 3 rounds");
  std::ifstream in(dir / "summary.json");
  const auto j = nlohmann::json::parse(in);
  const auto& c = j.at("constructions").at(0);
  EXPECT_EQ(c.at("name"), "routed");
  EXPECT_EQ(c.at("instances").at(0).at("rounds"), 3);
  EXPECT_EQ(c.at("instances").at(0).at("lower_bound"), 3);
  fs::remove_all(dir);
}

TEST(RoutedCli, ForwardBeforeArrivalFailsWithTheWitness) {
  const auto dir = temp_dir("fail");
  const CliRun r = run("verify routed --schedule-file " + kExamples +
                       "/hypercube3_oab_early_forward.json --report " + dir.string() +
                       " --format json,junit,md");
  EXPECT_EQ(r.code, 1) << r.out;
  expect_contains(r, "rank=3 round=1");
  expect_contains(r, "property=causality");
  expect_contains(r, "node 3 sends packet (0, 0)");
  std::ifstream in(dir / "summary.json");
  const auto j = nlohmann::json::parse(in);
  const auto& v = j.at("constructions").at(0).at("violations").at(0);
  EXPECT_EQ(v.at("property"), "causality");
  EXPECT_EQ(v.at("round"), 1);
  EXPECT_EQ(v.at("rank"), 3);
  EXPECT_TRUE(fs::exists(dir / "junit.xml"));
  EXPECT_TRUE(fs::exists(dir / "report.md"));
  fs::remove_all(dir);
}

TEST(RoutedCli, WormholeRoutesOverABusyLinkFail) {
  const CliRun r = run("verify routed --schedule-file " + kExamples + "/torus4_wormhole_busy_link.json");
  EXPECT_EQ(r.code, 1) << r.out;
  expect_contains(r, "property=arc_exclusivity");
  expect_contains(r, "arc 1 -> 2 (direction \"+0\")");
  expect_contains(r, "packets (0, 0) and (1, 0)");
}

TEST(RoutedCli, BadInputExitsTwoNamingTheValue) {
  CliRun r = run("verify routed --schedule-file " + kExamples + "/mesh_route_leaves_network.json");
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r, "rounds[0][0].hops[2] = \"+0\"");
  r = run("verify routed --schedule-file /nonexistent/x.json");
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r, "/nonexistent/x.json");
  r = run("verify routed");
  EXPECT_EQ(r.code, 2) << r.out;
  r = run("verify routed --schedule-file " + kExamples + "/hypercube3_oab.json --p 9");
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r, "p = 9");
  const auto dir = temp_dir("words");
  std::ofstream(dir / "bad.json")
      << R"({"format": "collverify-routed/1", "network": {"kind": "hypercube", "d": 2},
            "model": {"ports": "all", "duplex": "fullish", "switching": "sf", "combining": false},
            "collective": "aab", "rounds": []})";
  r = run("verify routed --schedule-file " + (dir / "bad.json").string());
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r, "\"fullish\"");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace collverify
