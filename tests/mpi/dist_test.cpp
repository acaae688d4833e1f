// Distributed verification end to end (docs/DESIGN.md "Distributed verification"): `mpirun -np 4
// collverify verify ...` ends with the summary.json (timings and run id aside) and the exit code
// of one process, on a passing and on a failing run (the same smallest witness); a run killed
// with SIGKILL leaves no summary, and `--resume DIR` ends it with the summary of an uninterrupted
// run, both for one process and for a job of two ranks. The Open MPI run-as-root variables come
// from ctest's ENVIRONMENT (tests/mpi/CMakeLists.txt).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <sstream>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "dist_support.hpp"

namespace {

using namespace dist_test;

// Runs `args` in dir/one (one process) and dir/four (mpirun -np 4), each with --report r, so
// that the command lines are equal.
void expect_same_as_one_process(const std::string& name, const std::string& args, int code) {
  const fs::path dir = scratch(name);
  fs::create_directories(dir / "one");
  fs::create_directories(dir / "four");
  const ShellRun one = sh("cd " + (dir / "one").string() + " && " + COLLVERIFY_BIN + " " + args +
                     " --report r");
  const ShellRun four = sh("cd " + (dir / "four").string() + " && " + launcher(4) + COLLVERIFY_BIN +
                      " " + args + " --report r");
  EXPECT_EQ(one.code, code) << one.out;
  EXPECT_EQ(four.code, code) << four.out;
  ASSERT_TRUE(fs::exists(dir / "four" / "r" / "summary.json")) << four.out;
  EXPECT_EQ(comparable(dir / "four" / "r" / "summary.json"),
            comparable(dir / "one" / "r" / "summary.json"));
  fs::remove_all(dir);
}

TEST(DistributedVerify, PassingRunHasTheSummaryOfOneProcess) {
  expect_same_as_one_process("pass", "verify bcast --p 2..400 --jobs 1", 0);
}

TEST(DistributedVerify, FailingRunHasTheSmallestWitnessOfOneProcess) {
  expect_same_as_one_process("fail",
                             "verify allgatherv --p 1..40 --transcription literal --jobs 1", 1);
}

TEST(DistributedVerify, ThreadsInsideRanksChangeNothing) {
  expect_same_as_one_process("threads", "verify trees --p 1..24 --jobs 2", 0);
}

TEST(DistributedVerify, CommandsThatDoNotDistributeAreRefused) {
  const ShellRun r = sh(launcher(2) + COLLVERIFY_BIN + " compare bcast --p 2..20");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("does not run distributed"), std::string::npos) << r.out;
}

// Complete records (lines ended by a newline, after each file's key line) in report/journal.
int journal_records(const fs::path& report) {
  int n = 0;
  if (!fs::is_directory(report / "journal")) return 0;
  for (const auto& e : fs::directory_iterator(report / "journal")) {
    std::ifstream in(e.path());
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto lines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    n += lines > 0 ? lines - 1 : 0;
  }
  return n;
}

// Sends SIGKILL to every process of session `sid` (field 6 of /proc/<pid>/stat); returns how
// many were found alive.
int kill_session(pid_t sid) {
  int found = 0;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(e.path() / "stat");
    std::string stat;
    std::getline(in, stat);
    const auto close = stat.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(stat.substr(close + 2));
    std::string state;
    long ppid = 0, pgrp = 0, session = 0;
    rest >> state >> ppid >> pgrp >> session;
    if (session != sid || state == "Z") continue;
    ++found;
    ::kill(static_cast<pid_t>(std::stol(name)), SIGKILL);
  }
  return found;
}

// Starts `command` in a session of its own, waits until the journal holds at least `records`
// records, and kills the whole session with SIGKILL (a job killed by its scheduler).
void start_and_kill(const std::string& command, const fs::path& report, int records) {
  const fs::path pidfile = report.parent_path() / "pid";
  sh("setsid sh -c 'echo $$ > " + pidfile.string() + "; exec " + command +
     " >/dev/null 2>&1' & sleep 0.2");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (journal_records(report) < records && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  pid_t pid = 0;
  std::ifstream(pidfile) >> pid;
  ASSERT_GT(pid, 0);
  // Every process of the session (mpirun puts its ranks in process groups of their own), as a
  // batch scheduler kills a job; repeated until none is left.
  for (int round = 0; round < 100 && kill_session(pid) > 0; ++round) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(kill_session(pid), 0);
}

void expect_resume_equals_uninterrupted(const std::string& name, const std::string& launch) {
  const fs::path dir = scratch(name);
  const std::string args = " verify bcast --p 2..800 --jobs 1";
  const ShellRun whole = sh(std::string(COLLVERIFY_BIN) + args + " --report " + (dir / "whole").string());
  ASSERT_EQ(whole.code, 0) << whole.out;
  const fs::path r = dir / "killed";
  fs::create_directories(r);
  start_and_kill(launch + COLLVERIFY_BIN + args + " --report " + r.string(), r, 20);
  // A job that dies never leaves a report that says pass.
  EXPECT_FALSE(fs::exists(r / "summary.json"));
  ASSERT_TRUE(fs::is_directory(r / "journal"));
  const int recorded = journal_records(r);
  ASSERT_GE(recorded, 20);
  ASSERT_LT(recorded, 799) << "the job ended before it was killed";
  const ShellRun resumed = sh(launch + COLLVERIFY_BIN + args + " --resume " + r.string());
  EXPECT_EQ(resumed.code, 0) << resumed.out;
  // The journal's p were not checked again (the same summary alone would not show it).
  EXPECT_NE(resumed.out.find("resumed: " + std::to_string(recorded) + " of 799 p"),
            std::string::npos)
      << recorded << " records: " << resumed.out;
  ASSERT_TRUE(fs::exists(r / "summary.json")) << resumed.out;
  EXPECT_EQ(comparable(r / "summary.json", false), comparable(dir / "whole" / "summary.json", false));
  EXPECT_FALSE(fs::exists(r / "journal")) << "a complete run leaves no journal";
  fs::remove_all(dir);
}

TEST(DistributedVerify, KilledRunResumedEndsAsAnUninterruptedOne) {
  expect_resume_equals_uninterrupted("resume1", "");
}

TEST(DistributedVerify, KilledJobOfTwoRanksResumedEndsAsAnUninterruptedOne) {
  expect_resume_equals_uninterrupted("resume2", launcher(2));
}

}  // namespace
