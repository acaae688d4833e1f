// StderrProgress when stderr is not a terminal (a CI log, issue 25): a plain "progress: ..." line
// every interval even while no item finishes, no carriage returns or escapes, and the interval
// taken from COLLVERIFY_PROGRESS_INTERVAL (anything but a positive number keeps 10 s).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "engine/progress.hpp"

namespace collverify::engine {
namespace {

// Runs body with stderr sent into a pipe; returns what was written there.
template <class Body>
std::string capture_stderr(Body body) {
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  std::fflush(stderr);
  const int saved = ::dup(STDERR_FILENO);
  ::dup2(fds[1], STDERR_FILENO);
  ::close(fds[1]);
  body();
  std::fflush(stderr);
  ::dup2(saved, STDERR_FILENO);
  ::close(saved);
  std::string out;
  char buf[4096];
  for (::ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
  ::close(fds[0]);
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(StderrProgress, PlainLinesEveryIntervalWhileAnItemRuns) {
  ::setenv("COLLVERIFY_PROGRESS_INTERVAL", "0.1", 1);
  const std::string out = capture_stderr([] {
    StderrProgress progress;
    progress.start("bcast", "p", 5, 5.0);
    progress.advance(1, 1.0);
    // One long item: nothing calls advance for 0.55 s, the ticker still prints.
    std::this_thread::sleep_for(std::chrono::milliseconds(550));
    progress.advance(1, 1.0);
    progress.finish();
  });
  ::unsetenv("COLLVERIFY_PROGRESS_INTERVAL");
  const std::vector<std::string> lines = lines_of(out);
  // About 5 ticks and the final line; without the ticker only advance() and finish() print (2).
  ASSERT_GE(lines.size(), 3u) << out;
  EXPECT_LE(lines.size(), 9u) << out;
  EXPECT_EQ(out.find('\r'), std::string::npos) << out;
  EXPECT_EQ(out.find('\033'), std::string::npos) << out;
  for (const std::string& line : lines) {
    EXPECT_EQ(line.rfind("progress: bcast: ", 0), 0u) << line;
  }
  EXPECT_EQ(lines.front().rfind("progress: bcast: 1/5 p checked, 0 s, ETA ", 0), 0u) << out;
  EXPECT_EQ(lines.back().rfind("progress: bcast: 2/5 p checked, ", 0), 0u) << out;
}

TEST(StderrProgress, SilentWhenTheRunEndsWithinTheInterval) {
  ::setenv("COLLVERIFY_PROGRESS_INTERVAL", "5", 1);
  const std::string out = capture_stderr([] {
    StderrProgress progress;
    progress.start("bcast", "p", 5, 5.0);
    progress.advance(5, 5.0);
    progress.finish();
  });
  ::unsetenv("COLLVERIFY_PROGRESS_INTERVAL");
  EXPECT_EQ(out, "");
}

TEST(StderrProgress, IntervalFromTheEnvironment) {
  ::unsetenv("COLLVERIFY_PROGRESS_INTERVAL");
  EXPECT_EQ(plain_progress_interval(), std::chrono::milliseconds(10'000));
  for (const char* bad : {"", "0", "-1", "abc", "1s", "nan", "inf", "1e9"}) {
    ::setenv("COLLVERIFY_PROGRESS_INTERVAL", bad, 1);
    EXPECT_EQ(plain_progress_interval(), std::chrono::milliseconds(10'000)) << bad;
  }
  ::setenv("COLLVERIFY_PROGRESS_INTERVAL", "0.25", 1);
  EXPECT_EQ(plain_progress_interval(), std::chrono::milliseconds(250));
  ::setenv("COLLVERIFY_PROGRESS_INTERVAL", "30", 1);
  EXPECT_EQ(plain_progress_interval(), std::chrono::milliseconds(30'000));
  ::unsetenv("COLLVERIFY_PROGRESS_INTERVAL");
}

}  // namespace
}  // namespace collverify::engine
