// End-to-end tests of `verify allgather | census | allgatherv`: exit codes, witnesses, reports.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>
#include <array>
#include <cstdio>
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

CliRun run(const std::string& args) { return run_collverify(args, Stderr::merged); }

fs::path temp_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() /
                     ("collverify_collectives_cli_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void expect_contains(const CliRun& r, const std::string& text) {
  EXPECT_NE(r.out.find(text), std::string::npos) << "missing '" << text << "' in:\n" << r.out;
}

TEST(CollectivesCli, EachConstructionPassesAndWritesReports) {
  for (const std::string what : {"allgather", "census", "allgatherv"}) {
    const auto dir = temp_dir(what);
    const CliRun r = run("verify " + what + " --p 1..40 --jobs 2 --report " + dir.string() +
                         " --format json,junit,md");
    EXPECT_EQ(r.code, 0) << r.out;
    expect_contains(r, "PASS " + what + ": 40 checked, 40 passed");
    for (const char* f : {"summary.json", "junit.xml", "report.md"}) {
      EXPECT_TRUE(fs::exists(dir / f)) << what << " " << f;
    }
    std::ifstream in(dir / "summary.json");
    const auto j = nlohmann::json::parse(in);
    const auto& c = j.at("constructions").at(0);
    EXPECT_EQ(c.at("name"), what);
    ASSERT_FALSE(c.at("instances").empty());
    const auto& last = c.at("instances").back();
    EXPECT_EQ(last.at("rounds"), last.at("lower_bound")) << last.dump();
    fs::remove_all(dir);
  }
}

TEST(CollectivesCli, AllgathervSizesWithZeros) {
  for (const char* dist : {"zeros-except-root:5", "list:3,0,0,7", "uniform:0", "paper:1000"}) {
    const CliRun r =
        run(std::string("verify allgatherv --p 1..24 --blocks 1,2,q+1 --sizes ") + dist);
    EXPECT_EQ(r.code, 0) << dist << "\n" << r.out;
  }
}

TEST(CollectivesCli, LiteralReadingsOfAlgorithm9FailWithTheirWitness) {
  CliRun r = run("verify allgatherv --p 1..12 --transcription literal-dummy-rounds");
  EXPECT_EQ(r.code, 1) << r.out;
  expect_contains(r, "smallest witness: p=3 n=2");
  r = run("verify allgatherv --p 1..12 --transcription literal-root-slot");
  EXPECT_EQ(r.code, 1) << r.out;
  expect_contains(r, "smallest witness: p=2 n=2");
  expect_contains(r, "no_redundant_receive");
}

TEST(CollectivesCli, BadInputExitsTwoAndNamesIt) {
  CliRun r = run("verify allgatherv --p 1..8 --sizes gauss:3");
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r, "gauss:3");
  r = run("verify allgatherv --p 1..8 --sizes list:1,x");
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r, "'x'");
  // Issue 26: a list is cycled over the ranks of each p; one longer than the largest p has
  // entries no p uses (they were silently ignored).
  r = run("verify allgatherv --p 2 --sizes list:1,2,3");
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r, "list:1,2,3");
  expect_contains(r, "the list has 3 entries but the largest p of --p 2 is 2");
  r = run("verify allgatherv --p 1..4,2 --sizes list:1,2,3,4,5");
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r, "largest p of --p 1..4,2 is 4");
  EXPECT_EQ(run("verify allgatherv --p 1..4 --sizes list:1,2,3,4").code, 0);
  r = run("verify census --p 0..4");
  EXPECT_EQ(r.code, 2) << r.out;
  r = run("verify allgather");
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r, "--p");
  r = run("verify allgatherv --p 4 --transcription sloppy");
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r, "sloppy");
  // Holdings of p^2 n bits and rounds of p^2 items: refused up front with the estimate.
  r = run("verify allgatherv --p 3000000 --blocks 1");
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r, "p = 3000000");
}

}  // namespace
}  // namespace collverify
