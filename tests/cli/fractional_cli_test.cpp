// End-to-end tests of `schedule fractional` and `verify fractional`: the table states the last
// PU's step and the claim; the JSON is collverify-routed/1 and `verify routed` reads it back and
// passes (duplex, simplex couples and direct); --simplex-order picks the simplex variant; bad P, r, s, layout and a size that would not fit exit 2 naming
// the value; `verify fractional` passes and writes the reports.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_run.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;
using test_cli::CliRun;
using test_cli::expect_contains;
using test_cli::run_collverify;
using test_cli::Stderr;

CliRun run(const std::string& args) { return run_collverify(args, Stderr::merged); }

TEST(FractionalCli, TableNamesStepAndClaim) {
  const CliRun r = run("schedule fractional --layout fractional --P 7 --r 2 --s 5");
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r.out, "d = 3, runs of 2 packets (s padded to 6)");
  expect_contains(r.out, "step 1: 0->1:0");
  expect_contains(r.out, "last PU holds all packets after step 10");
  expect_contains(r.out, "claim - steps = 1/2");
}

TEST(FractionalCli, JsonIsReadBackByVerifyRouted) {
  const fs::path dir = test_cli::fresh_temp_dir("fractional_cli", "json");
  for (const std::string extra : {"", " --simplex", " --simplex --simplex-order direct"}) {
    std::string name = "s";
    name += std::to_string(extra.size());
    const fs::path file = dir / (name + ".json");
    const CliRun s = run_collverify("schedule fractional --layout binary --P 20 --s 6 --format json" +
                                        extra + " > " + file.string(),
                                    Stderr::passed_through);
    ASSERT_EQ(s.code, 0);
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    const auto j = nlohmann::json::parse(text.str());
    EXPECT_EQ(j.at("format"), "collverify-routed/1");
    EXPECT_EQ(j.at("network").at("kind"), "fully_connected");
    EXPECT_EQ(j.at("network").at("p"), 20);
    EXPECT_EQ(j.at("collective"), "bcast");
    EXPECT_EQ(j.at("pieces"), 6);
    EXPECT_EQ(j.at("model").at("ports"), 1);
    EXPECT_EQ(j.at("model").at("duplex"), extra.empty() ? "full" : "simplex");
    const CliRun v = run("verify routed --schedule-file " + file.string() + " --report " +
                         (dir / (name + "rep")).string());
    EXPECT_EQ(v.code, 0) << v.out;
  }
}

// The direct simplex implementation (§3) as the variant --simplex-order direct: the table names
// it and holds the schedule to the run rate against the two-run broadcast.
TEST(FractionalCli, SimplexOrderDirect) {
  const CliRun r = run(
      "schedule fractional --layout fractional --P 40 --r 3 --s 12 --simplex --simplex-order direct");
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r.out, "s = 12, simplex (direct); d = ");
  expect_contains(r.out, "run rate 2r + 1: 4 runs after ");
  expect_contains(r.out, "+ 2 runs of 7): holds");
  const CliRun c = run("schedule fractional --layout fractional --P 40 --r 3 --s 12 --simplex "
                       "--simplex-order couples");
  EXPECT_EQ(c.code, 0) << c.out;
  expect_contains(c.out, "simplex (couples)");
  CliRun bad = run("schedule fractional --layout fractional --P 40 --r 3 --s 12 --simplex-order direct");
  EXPECT_EQ(bad.code, 2) << bad.out;
  expect_contains(bad.out, "--simplex-order direct needs --simplex");
  bad = run("schedule fractional --layout fractional --P 40 --r 3 --s 12 --simplex --simplex-order fast");
  EXPECT_EQ(bad.code, 2) << bad.out;
  expect_contains(bad.out, "'fast' is not couples or direct");
}

// Issue 26: --r with a chain or a binary tree was ignored silently (2147483648 too).
TEST(FractionalCli, AGroupSizeForALayoutWithoutGroupsIsRefused) {
  for (const char* args : {"schedule fractional --layout chain --P 20 --r 2147483648 --s 7",
                           "schedule fractional --layout binary --P 20 --r 3 --s 7"}) {
    const CliRun r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find("applies to --layout fractional only"), std::string::npos) << r.out;
  }
  EXPECT_EQ(run("schedule fractional --layout chain --P 20 --s 7").code, 0);
}

TEST(FractionalCli, BadInputExitsTwoNamingTheValue) {
  CliRun r = run("schedule fractional --layout fractional --P 0 --r 2 --s 3");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "--P '0'");
  r = run("schedule fractional --layout fractional --P 5 --r 0 --s 3");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "--r '0'");
  r = run("schedule fractional --layout fractional --P 5 --r 2 --s -1");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "--s");
  r = run("schedule fractional --layout fractional --P 5 --s 3");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "--r");
  r = run("schedule fractional --layout tree --P 5 --s 3");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "'tree'");
  r = run("schedule fractional --layout chain --P 1000000000 --s 100000");
  EXPECT_EQ(r.code, 2);
  expect_contains(r.out, "P = 1000000000");
  r = run("verify fractional --P 0..3");
  EXPECT_EQ(r.code, 2);
}

TEST(FractionalCli, VerifyPassesAndWritesReports) {
  const fs::path dir = test_cli::fresh_temp_dir("fractional_cli", "verify");
  const CliRun r = run("verify fractional --P 1..24 --jobs 2 --report " + dir.string());
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r.out, "PASS fractional");
  EXPECT_TRUE(fs::exists(dir / "summary.json"));
}

}  // namespace
}  // namespace collverify
