// Stop signals as CI runners send them (issue 14): SIGTERM and SIGHUP do what SIGINT does
// (exit 3, reports of what finished), every command notices within about a second, and a
// second signal ends a graceful stop at once with 128 + the signal number. Each test starts
// the program, signals it after about a second and measures how long it takes to end.
#include <gtest/gtest.h>

#include <signal.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <utility>
#include <vector>

extern char** environ;

namespace collverify {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct Ended {
  int code = -1;              // exit code; -1 when killed by a signal or still running at give-up
  double after_signal = 1e9;  // seconds from the last signal sent to the end
};

// Runs collverify with `args` (stdout and stderr to `log`), sends each (delay, signal) in turn
// and waits at most `give_up` seconds after the last one.
Ended run_and_signal(const std::vector<std::string>& args,
                     const std::vector<std::pair<double, int>>& signals, double give_up,
                     const fs::path& log) {
  std::vector<std::string> argv_s{COLLVERIFY_BIN};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  Ended e;
  if (rc != 0) return e;
  auto t = Clock::now();
  for (const auto& [delay, signo] : signals) {
    std::this_thread::sleep_for(std::chrono::duration<double>(delay));
    kill(pid, signo);
    t = Clock::now();
  }
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::duration<double>(Clock::now() - t).count() > give_up) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return e;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  e.after_signal = std::chrono::duration<double>(Clock::now() - t).count();
  e.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return e;
}

fs::path temp_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() /
                     ("collverify_signal_test_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// How long a stop may take after the signal: the p in progress finishes first, and verify bcast
// hands out the largest p first. The sanitizer build (Debug, AddressSanitizer) checks each p
// about 20 times slower: a p near 200000 took up to 8 s there on a loaded CI machine (8.02 s
// once, over the bound), so it runs a range whose largest p is a quarter as large and keeps a
// bound about twice the time of the p in progress.
#if defined(__SANITIZE_ADDRESS__)
constexpr double kStopSeconds = 8.0;
constexpr const char* kBcastRange = "2..50000";
#else
constexpr double kStopSeconds = 2.0;
constexpr const char* kBcastRange = "2..200000";
#endif

// Was exit 143 with an empty report directory for SIGTERM, and 129 for SIGHUP.
TEST(SignalCli, TermAndHupStopAVerifyRunLikeInt) {
  for (const int signo : {SIGINT, SIGTERM, SIGHUP}) {
    const fs::path d = temp_dir("verify" + std::to_string(signo));
    const Ended e = run_and_signal({"verify", "bcast", "--p", kBcastRange, "--jobs", "2",
                                    "--report", (d / "r").string()},
                                   {{1.0, signo}}, 10.0, d / "log");
    EXPECT_EQ(e.code, 3) << "signal " << signo;
    EXPECT_LT(e.after_signal, kStopSeconds) << "signal " << signo;
    EXPECT_TRUE(fs::exists(d / "r" / "summary.json")) << "signal " << signo;
    fs::remove_all(d);
  }
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Was ended at once with no reports (verify hypercube did not stop gracefully), and the AAB
// simulation of one d (d = 16: about 80 s, run alone on every job) did not look at the stop flag.
// d = 15 takes several seconds on one or two jobs; the stop is asked before each of its 2185
// rounds, split (--jobs 2) or not (--jobs 1).
TEST(SignalCli, HypercubeAabStopsBetweenRoundsAndWritesItsReports) {
  for (const int jobs : {1, 2}) {
    const fs::path d = temp_dir("hypercube" + std::to_string(jobs));
    const Ended e = run_and_signal({"verify", "hypercube", "--d", "15", "--algo", "aab", "--jobs",
                                    std::to_string(jobs), "--report", (d / "r").string()},
                                   {{1.0, SIGINT}}, 10.0, d / "log");
    EXPECT_EQ(e.code, 3) << "jobs " << jobs << ": " << read_file(d / "log");
    EXPECT_LT(e.after_signal, kStopSeconds) << "jobs " << jobs;
    const std::string summary = read_file(d / "r" / "summary.json");
    EXPECT_NE(summary.find("\"complete\": false"), std::string::npos) << "jobs " << jobs << summary;
    EXPECT_NE(summary.find("\"not_checked_p\": \"15\""), std::string::npos) << summary;
    EXPECT_EQ(summary.find("\"verdict\": \"pass\""), std::string::npos) << summary;
    fs::remove_all(d);
  }
}

// Was ended at once with exit 3 and no reports (verify torus did not stop gracefully). The 59
// tori of 3x3..61x61 take about 3 s on two jobs (Release), each under half a second; the largest
// go first. The sanitizer build runs one about 50x slower (61x61: about 20 s, 41x41: 6 s), so
// there it takes the tori up to 41x41 (still running after a second) and a wider bound.
#if defined(__SANITIZE_ADDRESS__)
constexpr double kTorusStopSeconds = 30.0;
constexpr const char* kTorusSides = "3x3..41x41";
#else
constexpr double kTorusStopSeconds = kStopSeconds;
constexpr const char* kTorusSides = "3x3..61x61";
#endif

TEST(SignalCli, TorusStopsAfterTheSizesInProgressAndWritesItsReports) {
  const fs::path d = temp_dir("torus");
  const Ended e = run_and_signal({"verify", "torus", "--algo", "tadt", "--sides", kTorusSides,
                                  "--jobs", "2", "--report", (d / "r").string()},
                                 {{1.0, SIGINT}}, 60.0, d / "log");
  EXPECT_EQ(e.code, 3) << read_file(d / "log");
  EXPECT_LT(e.after_signal, kTorusStopSeconds);
  const std::string summary = read_file(d / "r" / "summary.json");
  EXPECT_NE(summary.find("\"complete\": false"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("\"verdict\": \"pass\""), std::string::npos) << summary;
  fs::remove_all(d);
}

// Issue 26: every long command of the newer families stops gracefully on SIGINT: exit 3, the
// reports of what finished, summary.json "complete": false, a JUnit file a failures-only gate
// does not pass (failures > 0), and the result line names the family's unit (dimensions, tori,
// PU counts) rather than "p". Each run is sized to take far longer than the second it gets.
struct LongRun {
  std::string name;
  std::vector<std::string> args;  // before --report
  std::string not_checked;        // on stdout
};

std::vector<LongRun> long_runs() {
  return {
      {"hypercube", {"verify", "hypercube", "--d", "15", "--algo", "aab", "--jobs", "2"},
       "not checked: 1 dimension (d = 15)"},
      {"torus", {"verify", "torus", "--algo", "tadt", "--sides", kTorusSides, "--jobs", "2"},
       " tori (torus index = "},
      // P up to 2048, not 4096: a stop waits for the P in progress (the largest first), and a P
      // near 4096 took 1.2 s of CPU, so with a second test on the other core the stop took
      // 2.0-4.3 s in Release (seen four times in stop 31); near 2048 a P takes 0.4 s, and the
      // whole range still about 200 s.
      {"fractional", {"verify", "fractional", "--P", "1..2048", "--jobs", "2"},
       " PU counts (P = "},
      {"campaign", {"campaign", "--quick", "--jobs", "2"}, "not checked: "},
      {"program", {"verify", "program", "--plugin", BINO_PLUGIN, "--p", "2..3000", "--jobs", "2"},
       " p (p = "},
  };
}

TEST(SignalCli, EveryLongCommandStopsWithItsReportsAndAFailingJunit) {
  for (const LongRun& run : long_runs()) {
    const fs::path d = temp_dir("long_" + run.name);
    std::vector<std::string> args = run.args;
    args.insert(args.end(), {"--report", (d / "r").string()});
    const Ended e = run_and_signal(args, {{1.0, SIGINT}}, 60.0, d / "log");
    const std::string log = read_file(d / "log");
    EXPECT_EQ(e.code, 3) << run.name << ":\n" << log;
    EXPECT_LT(e.after_signal, kTorusStopSeconds) << run.name;
    EXPECT_NE(log.find(run.not_checked), std::string::npos) << run.name << ":\n" << log;
    const std::string summary = read_file(d / "r" / "summary.json");
    EXPECT_NE(summary.find("\"complete\": false"), std::string::npos) << run.name << summary;
    EXPECT_NE(summary.find("\"verdict\": \"incomplete\""), std::string::npos) << run.name;
    // The parts a campaign never started are named (a stop between two parts left no "not
    // checked" line at all: seen in stop 31 under load); its quick form takes longer than 1 s,
    // and one of its last parts is running then at the latest.
    if (run.name == "campaign") {
      EXPECT_NE(log.find(" not started (interrupted): "), std::string::npos) << log;
    }
    // A campaign's parts finished before the signal keep their own verdict, pass included.
    if (run.name != "campaign") {
      EXPECT_EQ(summary.find("\"verdict\": \"pass\""), std::string::npos) << run.name << summary;
    }
    const std::string junit = read_file(d / "r" / "junit.xml");
    EXPECT_NE(junit.find("type=\"incomplete\""), std::string::npos) << run.name << junit;
    const std::size_t totals = junit.find("<testsuites ");
    ASSERT_NE(totals, std::string::npos) << run.name << junit;
    const std::string line = junit.substr(totals, junit.find('\n', totals) - totals);
    EXPECT_EQ(line.find("failures=\"0\""), std::string::npos)
        << run.name << ": a failures-only gate reads the run as green: " << line;
    fs::remove_all(d);
  }
}

// A second signal ends each of them at once (128 + the signal), whatever the first stop waits
// for; a run the first signal already ended cleanly (exit 3) within the gap is fine too.
TEST(SignalCli, ASecondSignalEndsEveryLongCommandAtOnce) {
  for (const LongRun& run : long_runs()) {
    const fs::path d = temp_dir("second_" + run.name);
    std::vector<std::string> args = run.args;
    args.insert(args.end(), {"--report", (d / "r").string()});
    const Ended e = run_and_signal(args, {{1.0, SIGTERM}, {1.3, SIGTERM}}, 10.0, d / "log");
    EXPECT_TRUE(e.code == 128 + SIGTERM || e.code == 3) << run.name << ": " << e.code;
    EXPECT_LT(e.after_signal, 0.5) << run.name;
    fs::remove_all(d);
  }
}

// Was 35-57 s deaf to SIGINT (a Z3 enumeration and a backtracking search per p).
TEST(SignalCli, CountSchedulesStopsWithinASecond) {
  const fs::path d = temp_dir("count");
  const Ended e = run_and_signal({"count-schedules", "--p", "2..60"}, {{1.0, SIGINT}}, 10.0,
                                 d / "log");
  EXPECT_EQ(e.code, 3);
  EXPECT_LT(e.after_signal, 1.0);
  fs::remove_all(d);
}

// Was deaf to SIGINT for the whole subset DP.
TEST(SignalCli, SubsetDpStopsWithinASecond) {
  const fs::path d = temp_dir("solve");
  const Ended e = run_and_signal({"solve", "nonordered", "--solver", "subset-dp", "--blocks",
                                  "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"},
                                 {{1.0, SIGTERM}}, 10.0, d / "log");
  EXPECT_EQ(e.code, 3);
  EXPECT_LT(e.after_signal, 1.0);
  fs::remove_all(d);
}

// The first signal waits for the p in progress (a 3000-processor O(p^3) DP, seconds); a second
// one more than a second later ends the run at once with 128 + SIGTERM.
TEST(SignalCli, ASecondSignalEndsTheRunAtOnce) {
  const fs::path d = temp_dir("second");
  const Ended e = run_and_signal({"verify", "trees", "--p", "3000..3001", "--jobs", "1",
                                  "--dist", "same", "--brute-max-p", "0"},
                                 {{1.0, SIGTERM}, {1.5, SIGTERM}}, 10.0, d / "log");
  EXPECT_EQ(e.code, 128 + SIGTERM);
  EXPECT_LT(e.after_signal, 0.5);
  fs::remove_all(d);
}

}  // namespace
}  // namespace collverify
