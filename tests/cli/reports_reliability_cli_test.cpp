// Issue 14 end to end, as a CI runner sees it: an interrupted run is never a pass on stdout or in
// any report; one report directory holds one run's files; no planted symbolic link is written
// through; no user text starts a GitHub workflow command of its own.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>

#include <unistd.h>

#include "cli_run.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;

using test_cli::CliRun;
using test_cli::run_collverify;
using test_cli::Stderr;

fs::path temp_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() /
                     ("collverify_rel_reports_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every line of out that starts a GitHub workflow command ("::").
std::string workflow_commands(const std::string& out) {
  std::istringstream in(out);
  std::string line, found;
  while (std::getline(in, line)) {
    if (line.rfind("::", 0) == 0) found += line + "\n";
  }
  return found;
}

// Ctrl-C two seconds into a run of 29999 p (the old code said "PASS bcast: 26 checked", verdict
// pass in report.md, report.html and the step summary, and a JUnit suite without failures).
TEST(ReportsReliability, InterruptedRunIsIncompleteEverywhere) {
  const auto dir = temp_dir("sigint");
  const fs::path step = dir / "step_summary.md";
  const CliRun r = run_collverify(
      "--version >/dev/null; GITHUB_STEP_SUMMARY=" + step.string() +
          " exec timeout --preserve-status -s INT 2 " + std::string(COLLVERIFY_BIN) +
          " verify bcast --p 2..30000 --jobs 1 --github --format json,junit,md,html --report " +
          (dir / "r").string(),
      Stderr::dropped);
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_EQ(r.out.find("PASS"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("INCOMPLETE bcast: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  not checked: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("::warning title=collverify bcast incomplete::interrupted: "),
            std::string::npos)
      << r.out;
  const auto j = nlohmann::json::parse(read(dir / "r" / "summary.json"));
  EXPECT_EQ(j["verdict"], "incomplete");
  EXPECT_EQ(j["constructions"][0]["verdict"], "incomplete");
  EXPECT_EQ(j["constructions"][0]["complete"], false);
  const auto checked = j["constructions"][0]["checked"].get<std::int64_t>();
  EXPECT_EQ(j["constructions"][0]["not_checked"].get<std::int64_t>(), 29999 - checked);
  const std::string id = j["run_id"];
  EXPECT_EQ(id.size(), 32u);
  const std::string xml = read(dir / "r" / "junit.xml");
  EXPECT_NE(xml.find("type=\"incomplete\""), std::string::npos) << xml;
  EXPECT_EQ(xml.find("failures=\"0\""), std::string::npos) << xml;  // a failures-only gate sees it
  EXPECT_NE(read(dir / "r" / "report.md").find("- verdict: **incomplete**"), std::string::npos);
  EXPECT_NE(read(dir / "r" / "report.html").find("verdict: <strong class=\"incomplete\">"),
            std::string::npos);
  EXPECT_NE(read(step).find("### collverify: incomplete"), std::string::npos) << read(step);
  for (const char* f : {"junit.xml", "report.md", "report.html"}) {
    EXPECT_NE(read(dir / "r" / f).find(id), std::string::npos) << f << " lacks the run id";
  }
  fs::remove_all(dir);
}

// The faulty plugin fails at p = 14, 21, 28, ... (multiples of 7); the most expensive p runs
// first, so a run interrupted after it has the witness p = 29995 = 7 * 4285 while p = 14 was
// not checked: the witness must be called the smallest found so far (the old code said
// "smallest witness: p=29995" and nothing else).
TEST(ReportsReliability, InterruptedWitnessIsTheSmallestFoundSoFar) {
  const auto dir = temp_dir("faulty");
  const CliRun r = run_collverify(
      "--version >/dev/null; exec timeout --preserve-status -s INT 2 " +
          std::string(COLLVERIFY_BIN) + " verify bcast --p 2..29995 --jobs 1 --report " +
          dir.string() + " --schedule-plugin " + FAULTY_PLUGIN,
      Stderr::dropped);
  EXPECT_EQ(r.code, 1) << r.out;  // a violation was found: exit 1 even though interrupted
  EXPECT_NE(r.out.find("FAIL bcast: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  smallest witness found so far: p="), std::string::npos) << r.out;
  EXPECT_NE(read(dir / "report.md").find("Smallest witness found so far"), std::string::npos);
  const auto j = nlohmann::json::parse(read(dir / "summary.json"));
  EXPECT_EQ(j["verdict"], "fail");
  EXPECT_EQ(j["constructions"][0]["complete"], false);
  fs::remove_all(dir);
}

TEST(ReportsReliability, RerunWithFewerFormatsLeavesOnlyItsOwnFiles) {
  const auto dir = temp_dir("rerun");
  ASSERT_EQ(run_collverify("verify bcast --p 2..20 --format json,junit,md,html --report " +
                               dir.string(),
                           Stderr::merged)
                .code,
            0);
  std::ofstream(dir / "junit.xml.tmp.4242") << "<half";  // left by a killed run
  ASSERT_EQ(run_collverify("verify bcast --p 2..30 --format json --report " + dir.string(),
                           Stderr::merged)
                .code,
            0);
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename());
  EXPECT_EQ(names, (std::set<std::string>{"summary.json"}));  // no .collverify.lock (issue 25)
  fs::remove_all(dir);
}

std::set<std::string> names_in(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename());
  return names;
}

// Issue 25: `.collverify.lock` was left in every report directory (and so in CI artifacts). A run
// interrupted by a signal writes its reports and leaves no lock file either.
TEST(ReportsReliability, NoLockFileAfterACompleteOrInterruptedRun) {
  const auto dir = temp_dir("nolock");
  ASSERT_EQ(run_collverify("verify bcast --p 2..20 --report " + (dir / "a").string(),
                           Stderr::merged)
                .code,
            0);
  EXPECT_EQ(names_in(dir / "a"), (std::set<std::string>{"summary.json", "junit.xml", "report.md"}));
  const CliRun r = run_collverify(
      "--version >/dev/null; exec timeout --preserve-status -s INT 1 " +
          std::string(COLLVERIFY_BIN) + " verify bcast --p 2..30000 --jobs 1 --report " +
          (dir / "b").string(),
      Stderr::dropped);
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_TRUE(fs::exists(dir / "b" / "summary.json"));
  EXPECT_FALSE(fs::exists(dir / "b" / ".collverify.lock"));
  fs::remove_all(dir);
}

// A run killed outright (SIGKILL) cannot remove its lock file, but the kernel released the lock:
// the next run is not blocked, and removes the file when it ends.
TEST(ReportsReliability, KilledRunsLockFileDoesNotBlockTheNextRun) {
  const auto dir = temp_dir("killed");
  const CliRun killed = run_collverify(
      "--version >/dev/null; exec timeout -s KILL 1 " + std::string(COLLVERIFY_BIN) +
          " verify bcast --p 2..30000 --jobs 1 --report " + dir.string(),
      Stderr::dropped);
  EXPECT_NE(killed.code, 0) << killed.out;  // timeout kills its own process group too
  EXPECT_TRUE(fs::exists(dir / ".collverify.lock"));
  const CliRun next = run_collverify("verify bcast --p 2..20 --report " + dir.string(),
                                     Stderr::merged);
  EXPECT_EQ(next.code, 0) << next.out;
  EXPECT_FALSE(fs::exists(dir / ".collverify.lock"));
  fs::remove_all(dir);
}

// A second run on a directory another run holds exits 2 at once and names the holder.
TEST(ReportsReliability, SecondRunOnALockedDirectoryExits2) {
  const auto dir = temp_dir("lock");
  const fs::path ready = dir / "ready";
  // flock(1) holds the lock file the way a running collverify does.
  const std::string hold = "flock " + (dir / ".collverify.lock").string() + " sh -c 'touch " +
                           ready.string() + "; sleep 2' & while [ ! -e " + ready.string() +
                           " ]; do sleep 0.05; done; ";
  const CliRun r = run_collverify(
      "--version >/dev/null; " + hold + std::string(COLLVERIFY_BIN) +
          " verify bcast --p 2..20 --report " + dir.string() + " 2>&1; echo \"exit=$?\"; wait",
      Stderr::merged);
  EXPECT_NE(r.out.find("is in use by another collverify run"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("exit=2"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir / "summary.json"));
  fs::remove_all(dir);
}

// The old writer opened "<report>.tmp.<pid>" with O_CREAT|O_TRUNC: a symbolic link planted there
// (sh's $$ is the pid collverify gets through exec) made it overwrite the link's target.
TEST(ReportsReliability, PlantedSymlinkAtTheTemporaryIsNotFollowed) {
  const auto dir = temp_dir("symlink");
  const fs::path reports = dir / "r";
  fs::create_directories(reports);
  std::ofstream(dir / "victim.txt") << "precious\n";
  const CliRun r = run_collverify(
      "--version >/dev/null; exec sh -c 'for f in junit.xml summary.json report.md; do ln -s " +
          (dir / "victim.txt").string() + " " + reports.string() + "/$f.tmp.$$; done; exec " +
          std::string(COLLVERIFY_BIN) + " verify bcast --p 2..20 --report " + reports.string() +
          "'",
      Stderr::merged);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(read(dir / "victim.txt"), "precious\n");
  EXPECT_FALSE(fs::is_symlink(reports / "junit.xml"));
  EXPECT_NE(read(reports / "junit.xml").find("<testsuites"), std::string::npos);
  fs::remove_all(dir);
}

// A file name with a newline must not become a workflow command of its own (GitHub reads
// "::error::..." on any line of stdout or stderr).
TEST(ReportsReliability, NewlineInAUsersTextStartsNoWorkflowCommand) {
  const CliRun a = run_collverify(
      "verify bcast --github --schedule-file \"$(printf '/nonexistent/x\\n::error::pwned')\"",
      Stderr::merged);
  EXPECT_EQ(a.code, 2);
  EXPECT_EQ(workflow_commands(a.out), "") << a.out;
  EXPECT_NE(a.out.find("/nonexistent/x\\n::error::pwned"), std::string::npos) << a.out;
  const CliRun b = run_collverify("verify \"$(printf 'x\\r\\n::error::pwned')\" --github",
                                  Stderr::merged);
  EXPECT_EQ(b.code, 2);
  EXPECT_EQ(workflow_commands(b.out), "") << b.out;
}

}  // namespace
}  // namespace collverify
