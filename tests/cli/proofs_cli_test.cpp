// `prove skips`, `prove bcast` and `count-schedules` as a CI job sees them: exit codes 0 (proved),
// 1 (counterexample / violation), 2 (bad input), 3 (inconclusive under a tiny --rlimit).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>
#include <array>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "checkers/circulant_invariants.hpp"
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

CliRun run(const std::string& args, bool with_stderr = true) {
  return run_collverify(args, with_stderr ? Stderr::merged : Stderr::passed_through);
}

fs::path write_schedule(const CirculantSchedule& s, const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / ("collverify_proofs_cli_" + std::to_string(::getpid()));
  fs::create_directories(d);
  const fs::path f = d / name;
  std::ofstream(f) << schedule_to_json(s);
  return f;
}

void expect_contains(const CliRun& r, const std::string& text) {
  EXPECT_NE(r.out.find(text), std::string::npos) << "missing '" << text << "' in:\n" << r.out;
}

TEST(ProofsCli, ProveSkipsProvesEveryObligation) {
  const CliRun r = run("prove skips");
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r, "PROVED         lemma1_double");
  expect_contains(r, "all proved");
  const CliRun j = run("prove skips --format json", false);
  EXPECT_EQ(j.code, 0);
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["obligations"].size(), 10U);
  for (const auto& o : doc["obligations"]) EXPECT_EQ(o["result"], "proved") << o["name"];
}

TEST(ProveSkipsCli, FalseVariantGivesACounterexample) {
  const CliRun r = run("prove skips --variant floor");
  EXPECT_EQ(r.code, 1) << r.out;
  expect_contains(r, "COUNTEREXAMPLE lemma1_double");
  expect_contains(r, "counterexample:");
}

TEST(ProofsCli, ProveBcastExitCodes) {
  EXPECT_EQ(run("prove bcast --p 33").code, 0);
  const auto s = circulant::build_circulant_bcast(20);
  EXPECT_EQ(run("prove bcast --schedule-file " + write_schedule(s, "ok.json").string()).code, 0);
  // A mutant the fast checker rejects: exit 1 with the checker's witness.
  auto m = s;
  m.set_recv(5, 1, m.recv_at(5, 1) == -1 ? -2 : -1);
  const Verdict fast = check_circulant_schedule(m);
  ASSERT_TRUE(fast.has_value());
  const auto f = write_schedule(m, "mutant.json");
  const CliRun r = run("prove bcast --schedule-file " + f.string());
  EXPECT_EQ(r.code, 1) << r.out;
  expect_contains(r, "VIOLATION: " + fast->property + " rank " + std::to_string(fast->rank) +
                         " round " + std::to_string(fast->round));
  expect_contains(r, "agrees");
  const CliRun j = run("prove bcast --format json --schedule-file " + f.string(), false);
  EXPECT_EQ(j.code, 1);
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["witness"]["property"], fast->property);
  EXPECT_EQ(doc["witness"]["rank"], fast->rank);
  EXPECT_EQ(doc["witness"]["round"], fast->round);
  EXPECT_TRUE(doc["checker_agrees"].get<bool>());
}

TEST(ProofsCli, BadInputIsExitTwo) {
  EXPECT_EQ(run("prove bcast --p 1").code, 2);
  EXPECT_EQ(run("prove bcast --p 100000").code, 2);
  EXPECT_EQ(run("prove bcast --p 9 --format xml").code, 2);
  EXPECT_EQ(run("prove bcast --schedule-file /nonexistent/s.json").code, 2);
  EXPECT_EQ(run("prove bcast --p 9 --rlimit 0").code, 2);
  EXPECT_EQ(run("prove skips --variant nonsense").code, 2);
  EXPECT_EQ(run("count-schedules --p 1..3").code, 2);
  EXPECT_EQ(run("count-schedules --p 2..x").code, 2);
  EXPECT_EQ(run("count-schedules --p 5 --limit 0").code, 2);
  const auto f = write_schedule(circulant::build_circulant_bcast(9), "nine.json");
  const CliRun r = run("prove bcast --p 10 --schedule-file " + f.string());
  EXPECT_EQ(r.code, 2);
  expect_contains(r, "p = 9");
}

TEST(ProofsCli, TinyRlimitIsInconclusiveExitThree) {
  EXPECT_EQ(run("prove bcast --p 64 --rlimit 1").code, 3);
  EXPECT_EQ(run("prove skips --rlimit 1").code, 3);
  const CliRun r = run("count-schedules --p 9 --rlimit 1");
  EXPECT_EQ(r.code, 3) << r.out;
  expect_contains(r, "lower bound");
}

TEST(ProofsCli, CountSchedulesAgreesAndReportsJson) {
  const CliRun r = run("count-schedules --p 2..10");
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r, "recv tables of the non-roots");
  const CliRun j = run("count-schedules --p 8..10 --format json", false);
  EXPECT_EQ(j.code, 0) << j.out;
  const auto doc = nlohmann::json::parse(j.out);
  ASSERT_EQ(doc["rows"].size(), 3U);
  for (const auto& row : doc["rows"]) {
    EXPECT_TRUE(row["agree"].get<bool>());
    EXPECT_EQ(row["z3_count"], row["backtracking_count"]);
    EXPECT_EQ(row["recheck"], "pass");
  }
  EXPECT_GT(doc["rows"][1]["z3_count"].get<int>(), 1);  // p = 9 (Table 5 of the seed)
}

// A CI log sees count-schedules alive: the plain progress line of a non-terminal stderr (the
// interval shortened through COLLVERIFY_PROGRESS_INTERVAL), and the table still on stdout.
TEST(ProofsCli, CountSchedulesShowsProgressWhenStderrIsNotATerminal) {
  ::setenv("COLLVERIFY_PROGRESS_INTERVAL", "0.001", 1);
  const CliRun r = run("count-schedules --p 2..18 --method structured");
  ::unsetenv("COLLVERIFY_PROGRESS_INTERVAL");
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r, "progress: count-schedules");
  expect_contains(r, "p counted");
}

TEST(ProofsCli, CountSchedulesStructuredIsExactBeyondTheLimit) {
  // p = 17: the listing finishes (288) and must equal the count; p = 33: it is cut at --limit
  // and the count (far larger) stays exact, exit 0.
  const CliRun j =
      run("count-schedules --p 17,33 --method structured --limit 300 --format json", false);
  EXPECT_EQ(j.code, 0) << j.out;
  const auto doc = nlohmann::json::parse(j.out);
  ASSERT_EQ(doc["rows"].size(), 2U);
  EXPECT_EQ(doc["rows"][0]["structured_count"], doc["rows"][0]["backtracking_count"]);
  EXPECT_TRUE(doc["rows"][0]["backtracking_complete"].get<bool>());
  EXPECT_FALSE(doc["rows"][1]["backtracking_complete"].get<bool>());
  EXPECT_GT(doc["rows"][1]["structured_count"].get<std::uint64_t>(), 300U);
  for (const auto& row : doc["rows"]) EXPECT_TRUE(row["structured_agrees"].get<bool>());
  const CliRun all = run("count-schedules --p 9..10 --method all");
  EXPECT_EQ(all.code, 0) << all.out;
}

TEST(ProofsCli, CountSchedulesOneMethodAndItsLimit) {
  const CliRun b = run("count-schedules --p 9..12 --method backtracking");
  EXPECT_EQ(b.code, 0) << b.out;
  const CliRun z = run("count-schedules --p 9 --method z3 --format json", false);
  EXPECT_EQ(z.code, 0) << z.out;
  const auto doc = nlohmann::json::parse(z.out);
  // A method that did not run is null (it was -1), and nothing was compared: agree is null (it
  // was false, which read as a disagreement).
  EXPECT_TRUE(doc["rows"][0]["backtracking_count"].is_null());
  EXPECT_TRUE(doc["rows"][0]["backtracking_complete"].is_null());
  EXPECT_TRUE(doc["rows"][0]["structured_count"].is_null());
  EXPECT_TRUE(doc["rows"][0]["agree"].is_null());
  EXPECT_GT(doc["rows"][0]["z3_count"].get<int>(), 1);
  EXPECT_EQ(doc["collverify"]["command"], "count-schedules");
  const CliRun cut = run("count-schedules --p 9 --limit 2");
  EXPECT_EQ(cut.code, 3) << cut.out;  // the count is only a lower bound
  expect_contains(cut, ">=2");
  EXPECT_EQ(run("count-schedules --p 9 --method magic").code, 2);
  EXPECT_EQ(run("count-schedules --p 65 --method structured").code, 2);
}

}  // namespace
}  // namespace collverify
