// `collverify verify program` end to end: exit codes, summary.json's violation fields, the picture.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_run.hpp"

namespace collverify::test_cli {
namespace {

TEST(ProgramCli, ACorrectPluginPasses) {
  const CliRun r = run_collverify(std::string("verify program --plugin ") + BINO_PLUGIN +
                                      " --p 1..10",
                                  Stderr::merged);
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r.out, "PASS program:");
}

TEST(ProgramCli, ABrokenPluginFailsWithItsInstanceRankAndCall) {
  const auto dir = fresh_temp_dir("program_cli", "broken");
  const CliRun r = run_collverify(std::string("verify program --plugin ") +
                                      BINO_EXTRA_SEND_PLUGIN + " --p 1..6 --report " +
                                      dir.string() + " --format json,html",
                                  Stderr::merged);
  EXPECT_EQ(r.code, 1) << r.out;
  expect_contains(r.out, "p=3 count=0 root=0 rank=2 call=1 op=MPI_Send property=deadlock");
  std::ifstream in(dir / "summary.json");
  const auto j = nlohmann::json::parse(in);
  const auto& v = j["constructions"][0]["violations"][0];
  EXPECT_EQ(v["p"], 3);
  EXPECT_EQ(v["count"], 0);
  EXPECT_EQ(v["root"], 0);
  EXPECT_EQ(v["rank"], 2);
  EXPECT_EQ(v["call"], 1);
  EXPECT_EQ(v["op"], "MPI_Send");
  EXPECT_EQ(v["property"], "deadlock");
  EXPECT_TRUE(std::filesystem::exists(dir / "program_witness.svg"));
}

TEST(ProgramCli, BadInputIsExitTwoNamingTheValue) {
  const std::string bino = BINO_PLUGIN;
  for (const auto& [args, named] : std::vector<std::pair<std::string, std::string>>{
           {"--plugin /nonexistent.so --p 2", "/nonexistent.so"},
           {"--plugin " + std::string(NO_COLLECTIVE_PLUGIN) + " --p 2", "exports none"},
           {"--plugin " + bino + " --p 2 --counts q", "'q'"},
           {"--plugin " + bino + " --p 2 --roots p+", "'p+'"},
           {"--plugin " + bino + " --p 2 --collective barrier", "'barrier'"},
           {"--plugin " + bino + " --p 0..3", "'0'"},
           {"--plugin " + bino + " --p 2..5000", "p = 4097"},
           {"--plugin " + bino + " --p 2 --collective allreduce", "cv_allreduce"}}) {
    const CliRun r = run_collverify("verify program " + args, Stderr::merged);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    expect_contains(r.out, named);
  }
}

TEST(ProgramCli, SigintStopsBetweenInstancesAndWritesWhatFinished) {
  const auto dir = fresh_temp_dir("program_cli", "sigint");
  // A sweep that takes minutes, stopped after two seconds: exit 3, the reports of the p finished.
  const std::string run = std::string(COLLVERIFY_BIN) + " verify program --plugin " +
                          BINO_PLUGIN + " --p 2..3000 --jobs 2 --report " + dir.string();
  const std::string script = "sh -c '" + run + " >/dev/null 2>&1 & pid=$!; sleep 2; kill -INT " +
                             "$pid; wait $pid; echo rc=$?'";
  FILE* f = popen(script.c_str(), "r");
  ASSERT_NE(f, nullptr);
  char line[64] = {};
  ASSERT_NE(std::fgets(line, sizeof line, f), nullptr);
  pclose(f);
  EXPECT_EQ(std::string(line), "rc=3\n");
  std::ifstream in(dir / "summary.json");
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["complete"], false);
  EXPECT_EQ(j["verdict"], "incomplete");
}

}  // namespace
}  // namespace collverify::test_cli
