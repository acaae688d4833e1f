// End-to-end tests of the collverify program: exit codes, witnesses and messages as a CI job
// sees them.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>

#include "generators/external/schedule_json.hpp"
#include "generators/mutants.hpp"
#include "reference/circulant/bcast.hpp"

#include "cli_run.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;

using test_cli::CliRun;
using test_cli::run_collverify;
using test_cli::Stderr;

CliRun run(const std::string& args) { return run_collverify(args, Stderr::merged); }

fs::path temp_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / ("collverify_cli_test_" + name + "_" +
                                                  std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void expect_contains(const CliRun& r, const std::string& text) {
  EXPECT_NE(r.out.find(text), std::string::npos) << "missing '" << text << "' in:\n" << r.out;
}

TEST(Cli, VerifiesTheReferenceAndWritesReports) {
  const auto dir = temp_dir("pass");
  const CliRun r = run("verify bcast --p 1..100 --jobs 2 --report " + dir.string() +
                    " --format json,junit,md,html");
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r, "PASS bcast: 100 checked, 100 passed");
  for (const char* f : {"summary.json", "junit.xml", "report.md", "report.html"}) {
    EXPECT_TRUE(fs::exists(dir / f)) << f;
  }
  std::ifstream in(dir / "summary.json");
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["schema"], 4);  // schema 4 since the program route reports its cost (issue 22)
  EXPECT_EQ(j["verdict"], "pass");
  EXPECT_EQ(j["complete"], true);
  EXPECT_EQ(j["constructions"][0]["checked"], 100);
  EXPECT_EQ(j["constructions"][0]["failed"], 0);
  fs::remove_all(dir);
}

TEST(Cli, QuickCampaignPassesAndWritesAllFourReports) {
  const auto dir = temp_dir("campaign");
  const CliRun r = run("campaign --quick --report " + dir.string());
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r, "PASS bcast: 256 checked, 256 passed");
  for (const char* f : {"summary.json", "junit.xml", "report.md", "report.html"}) {
    EXPECT_TRUE(fs::exists(dir / f)) << f;
  }
  fs::remove_all(dir);
}

TEST(Cli, BadRangeIsExit2NamingTheToken) {
  const CliRun r = run("verify bcast --p 2..x");
  EXPECT_EQ(r.code, 2);
  expect_contains(r, "'x'");
}

TEST(Cli, BadFlagsAreExit2) {
  EXPECT_EQ(run("verify bcast --p 2..10 --jobs 0").code, 2);
  EXPECT_EQ(run("verify bcast --p 2..10 --format json,pdf").code, 2);
  EXPECT_EQ(run("verify bcast --p 2..10 --blocks 0").code, 2);
  EXPECT_EQ(run("verify bcast --p 2..10 --no-such-flag").code, 2);
  const CliRun r = run("verify allreduce --p 2..10");
  EXPECT_EQ(r.code, 2);
  expect_contains(r, "'allreduce'");
}

// Sizes that would exhaust memory or threads are refused up front, naming the value.
TEST(Cli, HugeRunsAreRefusedUpFront) {
  CliRun r = run("verify bcast --p 4 --blocks 1099511627776");
  EXPECT_EQ(r.code, 2);
  expect_contains(r, "n = 1099511627776");
  expect_contains(r, "GiB");
  r = run("verify bcast --p 1..2^39,5");
  EXPECT_EQ(r.code, 2);
  expect_contains(r, "549755813889 values");
  // p = 2^30 is streamed without tables (stream_cli_test.cpp); simulating it is refused.
  r = run("verify bcast --p 2^30 --generic-max-p 1073741824");
  EXPECT_EQ(r.code, 2);
  expect_contains(r, "p = 1073741824");
  expect_contains(r, "GiB");
  r = run("verify bcast --p 2..20 --jobs 100000");
  EXPECT_EQ(r.code, 2);
  expect_contains(r, "--jobs '100000'");
  r = run("verify bcast --p 2..20 --blocks q-100");
  EXPECT_EQ(r.code, 2);
  expect_contains(r, "q-100");
}

TEST(Cli, AnUnwritableReportDirectoryIsRefusedBeforeTheRun) {
  const CliRun r = run("verify bcast --p 2..20 --report /etc/passwd");
  EXPECT_EQ(r.code, 2);
  expect_contains(r, "/etc/passwd");
  EXPECT_EQ(r.out.find("PASS"), std::string::npos) << "the run went ahead";
}

// Instances judged by the fast checker alone carry no round count (none was counted).
TEST(Cli, InstancesNotSimulatedHaveNullRounds) {
  const auto dir = temp_dir("instances");
  EXPECT_EQ(run("verify bcast --p 20 --generic-max-p 0 --report " + dir.string()).code, 0);
  std::ifstream in(dir / "summary.json");
  const auto j = nlohmann::json::parse(in);
  const auto& inst = j["constructions"][0]["instances"];
  ASSERT_EQ(inst.size(), 6U);
  EXPECT_TRUE(inst[0]["rounds"].is_null());
  EXPECT_EQ(inst[0]["lower_bound"], 5);
  EXPECT_EQ(run("verify bcast --p 20 --report " + dir.string()).code, 0);
  std::ifstream again(dir / "summary.json");
  EXPECT_EQ(nlohmann::json::parse(again)["constructions"][0]["instances"][0]["rounds"], 5);
  fs::remove_all(dir);
}

TEST(Cli, BadJsonFileIsExit2NamingTheFile) {
  const auto dir = temp_dir("badjson");
  const fs::path f = dir / "broken.json";
  std::ofstream(f) << "{\"p\": 4, \"q\": 2, \"skips\": [1, 2, 4], \"recv\": [[0, -1]";
  const CliRun r = run("verify bcast --schedule-file " + f.string());
  EXPECT_EQ(r.code, 2);
  expect_contains(r, f.string());
  const CliRun missing = run("verify bcast --schedule-file " + (dir / "nope.json").string());
  EXPECT_EQ(missing.code, 2);
  expect_contains(missing, "nope.json");
  fs::remove_all(dir);
}

TEST(Cli, BrokenPluginsAreExit2NamingTheCause) {
  CliRun r = run(std::string("verify bcast --p 2..10 --schedule-plugin ") + BADABI_PLUGIN);
  EXPECT_EQ(r.code, 2);
  expect_contains(r, "99");
  r = run(std::string("verify bcast --p 2..10 --schedule-plugin ") + NOSYM_PLUGIN);
  EXPECT_EQ(r.code, 2);
  expect_contains(r, "collverify_circulant_schedule");
  // The plugin fails for p = 5 only; the run works on large p first but names the smallest.
  r = run(std::string("verify bcast --p 2..10 --schedule-plugin ") + ERROR_PLUGIN);
  EXPECT_EQ(r.code, 2);
  expect_contains(r, "p = 5, r = 2");
}

TEST(Cli, ReferencePluginPasses) {
  const CliRun r = run(std::string("verify bcast --p 1..200 --schedule-plugin ") + REFERENCE_PLUGIN);
  EXPECT_EQ(r.code, 0) << r.out;
}

TEST(Cli, FaultyPluginFailsWithTheSmallestWitness) {
  const auto dir = temp_dir("faulty");
  const CliRun r = run(std::string("verify bcast --p 2..100 --report ") + dir.string() +
                    " --github --schedule-plugin " + FAULTY_PLUGIN);
  EXPECT_EQ(r.code, 1) << r.out;
  // Issue 25 saw this run print property=agreement (the simulation's symptom at rank 5) beside
  // "cause: send_before_receive": the witness is now the cause in every field.
  expect_contains(r, "smallest witness: p=14 n=4 rank=3 round=1 block=-2 property=send_before_receive");
  expect_contains(r, "simulated with n = 4, absolute round 4: agreement at rank 5: ");
  expect_contains(r, "rank 3 sends");
  expect_contains(r, std::string("::error file=") + FAULTY_PLUGIN + ",title=collverify bcast send_before_receive::");
  std::ifstream in(dir / "summary.json");
  const auto j = nlohmann::json::parse(in);
  const auto& v = j["constructions"][0]["violations"][0];
  EXPECT_EQ(v["p"], 14);
  EXPECT_EQ(v["rank"], 3);
  EXPECT_EQ(v["property"], "send_before_receive");
  EXPECT_EQ(j["constructions"][0]["failed"], 13);  // 14, 21, ..., 98
  std::ifstream md(dir / "report.md");
  const std::string text((std::istreambuf_iterator<char>(md)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("**["), std::string::npos) << "the broken entry is not marked";
  fs::remove_all(dir);
}

// A user's schedule file with one entry broken: the CLI names p, rank and round.
TEST(Cli, MutatedScheduleFileFailsWithTheRightWitness) {
  const auto dir = temp_dir("mutant");
  auto s = circulant::build_circulant_bcast(20);
  CirculantMutant m;
  m.kind = CirculantMutation::swap_recv;
  m.rank = 13;
  m.k1 = 1;
  m.k2 = 3;
  s = apply(s, m);
  const fs::path f = dir / "p20.json";
  std::ofstream(f) << schedule_to_json(s);
  const CliRun r = run("verify bcast --schedule-file " + f.string());
  EXPECT_EQ(r.code, 1) << r.out;
  // n = 1..4 happen not to use the swapped entries; the first n that does is 5, whose round 5
  // is round 1 of the second phase. The witness is the cause (rank 13's receive in round 1 of
  // every phase), with the first n that shows it; the simulation's own round is in the message.
  expect_contains(r, "p=20 n=5 rank=13 round=1 block=-2 property=agreement");
  expect_contains(r, "cause: agreement at rank 13, round 1 of every phase");
  expect_contains(r, "simulated with n = 5, absolute round 5: agreement at rank 13: ");
  // Issue 25: the annotation points at the file and rank 13's recv row (line 3 + 13), and the
  // JUnit suite carries the file's name.
  const CliRun g = run("verify bcast --github --report " + (dir / "r").string() +
                       " --schedule-file " + f.string());
  EXPECT_EQ(g.code, 1) << g.out;
  expect_contains(g, "::error file=" + f.string() + ",line=16,title=collverify bcast agreement::");
  std::ifstream junit(dir / "r" / "junit.xml");
  const std::string xml((std::istreambuf_iterator<char>(junit)), std::istreambuf_iterator<char>());
  EXPECT_NE(xml.find("<testsuite name=\"bcast (p20.json)\" "), std::string::npos) << xml;
  fs::remove_all(dir);
}

TEST(Cli, LiteralTranscriptionFailsFirstAtP5) {
  const auto dir = temp_dir("literal");
  const CliRun r = run("verify bcast --p 2..40 --transcription literal --report " + dir.string());
  EXPECT_EQ(r.code, 1);
  expect_contains(r, "smallest witness: p=5 n=3 rank=1");
  expect_contains(r, "cause: no_redundant_receive at rank 1, round 1 of every phase");
  // report.md marks the entry that causes it: rank 1's receive in round 1.
  std::ifstream md(dir / "report.md");
  const std::string text((std::istreambuf_iterator<char>(md)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("| recv 1 | - | **[-3]** | 1 |"), std::string::npos) << text;
  fs::remove_all(dir);
}

TEST(Cli, ScheduleJsonRoundTripsThroughVerify) {
  const auto dir = temp_dir("json");
  const fs::path f = dir / "s.json";
  const CliRun printed = run("schedule bcast --p 33 --format json > " + f.string());
  EXPECT_EQ(printed.code, 0);
  EXPECT_EQ(read_schedule_json(f).recv, circulant::build_circulant_bcast(33).recv);
  EXPECT_EQ(run("verify bcast --schedule-file " + f.string()).code, 0);
  EXPECT_EQ(run("verify bcast --p 34 --schedule-file " + f.string()).code, 2);
  fs::remove_all(dir);
}

// Ctrl-C: the run stops, writes the reports of what it finished marked incomplete, exits 3.
TEST(Cli, InterruptedRunKeepsWhatItFinished) {
  const auto dir = temp_dir("sigint");
  const CliRun r = run("--version >/dev/null; exec timeout --preserve-status -s INT 3 " +
                       std::string(COLLVERIFY_BIN) + " verify bcast --p 2..30000 --jobs 1 --report " +
                       dir.string());
  EXPECT_EQ(r.code, 3) << r.out;
  expect_contains(r, "run interrupted");
  std::ifstream in(dir / "summary.json");
  ASSERT_TRUE(in.good());
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["complete"], false);
  EXPECT_GT(j["constructions"][0]["checked"].get<int>(), 0);
  EXPECT_LT(j["constructions"][0]["checked"].get<int>(), 29999);
  fs::remove_all(dir);
}

TEST(Cli, ScheduleTableLooksLikeThePapers) {
  const CliRun r = run("schedule bcast --p 20");
  EXPECT_EQ(r.code, 0);
  expect_contains(r, "skips = 1 2 3 5 10 20");
  expect_contains(r, "baseblock   -  0  1  2  0  3");
  expect_contains(r, "send[0]     0 -5 -4 -3");
}

}  // namespace
}  // namespace collverify
