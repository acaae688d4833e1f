// Issue 26: the newer commands under hostile input, table-driven like the older commands' tests
// (input_cli_test): empty, negative, zero, huge and overflowing numbers, nan, malformed ranges,
// absurd sizes (refused up front by a memory estimate or a stated limit, never by running out of
// memory), report directories that are files, unwritable, or symbolic links (dangling, to a file,
// and to a directory: a link as the last component is refused naming the resolved directory to
// pass instead, links in the parent directories are followed), and input files that
// are directories, FIFOs or /dev/zero. Each is exit 2 with the value typed named on stderr and
// nothing on stdout. Every command runs under `timeout` (a hang is a failure, not a stuck suite)
// and with small sizes, so the table stays in the default test run.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;

struct Case {
  std::string args;                 // after `collverify`; @ is replaced by the fixture directory
  std::vector<std::string> named;   // each must appear in stderr
};

struct Outcome {
  int code = -1;
  std::string out;
  std::string err;
};

// The fixtures every table refers to as @/...: a FIFO, a directory, a text file that is not a
// shared library, a plain file where a report directory is expected, a dangling link, a link to
// a file and a link to a directory.
class Hostile : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = test_cli::fresh_temp_dir("hostile_cli", "fixtures");
    ASSERT_EQ(::mkfifo((dir_ / "fifo.json").c_str(), 0600), 0);
    ASSERT_EQ(::mkfifo((dir_ / "fifo.so").c_str(), 0600), 0);
    fs::create_directories(dir_ / "adir.json");
    fs::create_directories(dir_ / "adir.so");
    std::ofstream(dir_ / "text.so") << "not a shared library\n";
    std::ofstream(dir_ / "afile") << "a file, not a directory\n";
    std::ofstream(dir_ / "overflow.json") << R"({"format": "collverify-routed/1", "x": 1e400})";
    fs::create_symlink(dir_ / "nowhere", dir_ / "dangling");
    fs::create_symlink(dir_ / "afile", dir_ / "link_to_file");
    fs::create_directories(dir_ / "realdir");
    fs::create_directory_symlink(dir_ / "realdir", dir_ / "link_to_dir");
    fs::create_directories(dir_ / "killed_run" / "journal");  // what --resume looks for
    fs::create_directory_symlink(dir_ / "killed_run", dir_ / "link_to_run");
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static std::string expand(const std::string& args) {
    std::string s = args;
    for (std::size_t at = s.find('@'); at != std::string::npos; at = s.find('@', at + 1)) {
      s.replace(at, 1, dir_.string());
    }
    return s;
  }

  // stdout through the pipe, stderr to a file; a command still running after 60 s is killed
  // (exit 137 from timeout -s KILL), which fails the case instead of hanging the suite.
  static Outcome run(const std::string& args) {
    const fs::path err = dir_ / ("stderr." + std::to_string(::getpid()));
    const std::string cmd = "timeout -s KILL 60 " COLLVERIFY_BIN " " + expand(args) + " 2>" +
                            err.string() + " </dev/null";
    Outcome o;
    FILE* f = popen(cmd.c_str(), "r");
    if (f == nullptr) return o;
    std::array<char, 4096> buf{};
    while (std::size_t got = std::fread(buf.data(), 1, buf.size(), f)) o.out.append(buf.data(), got);
    const int status = pclose(f);
    o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream in(err);
    o.err.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return o;
  }

  static void expect_refused(const std::vector<Case>& table) {
    for (const Case& c : table) {
      const Outcome o = run(c.args);
      EXPECT_EQ(o.code, 2) << c.args << "\nstderr:\n" << o.err << "\nstdout:\n" << o.out.substr(0, 2000);
      EXPECT_EQ(o.out, "") << c.args;
      for (const std::string& n : c.named) {
        EXPECT_NE(o.err.find(expand(n)), std::string::npos)
            << c.args << ": missing '" << expand(n) << "' in stderr:\n" << o.err;
      }
    }
  }

  static fs::path dir_;
};

fs::path Hostile::dir_;

TEST_F(Hostile, ScheduleHypercube) {
  expect_refused({
      {"schedule hypercube --algo oab --d ''", {"--d", "empty"}},
      {"schedule hypercube --algo oab --d -1", {"'-1'"}},
      {"schedule hypercube --algo oab --d 99999999999999999999", {"99999999999999999999"}},
      {"schedule hypercube --algo oab --d nan", {"'nan'"}},
      {"schedule hypercube --algo oab --d 1..3", {"'1..3'"}},
      {"schedule hypercube --algo oab --d 40", {"40"}},
      {"schedule hypercube --algo oab --d 2 --root -1", {"'-1'"}},
      {"schedule hypercube --algo oab --d 2 --root 4", {"4"}},
      {"schedule hypercube --algo oab --d 2 --root 99999999999999999999", {"99999999999999999999"}},
      {"schedule hypercube --algo nope --d 2", {"'nope'"}},
      {"schedule hypercube --algo '' --d 2", {"--algo", "empty"}},
      {"schedule hypercube --algo oab --d 2 --format xml", {"'xml'"}},
      {"schedule hypercube --algo aab --d 30", {"30"}},
  });
}

TEST_F(Hostile, VerifyHypercube) {
  expect_refused({
      {"verify hypercube --d ''", {"--d", "empty"}},
      {"verify hypercube --d -1", {"'-1'"}},
      {"verify hypercube --d 0", {"0"}},
      {"verify hypercube --d 99999999999999999999", {"99999999999999999999"}},
      {"verify hypercube --d nan", {"'nan'"}},
      {"verify hypercube --d 3..1", {"3..1"}},
      {"verify hypercube --d 1..", {"1.."}},
      {"verify hypercube --d 1..100", {"1..100"}},
      {"verify hypercube --d 2 --algo nope", {"'nope'"}},
      {"verify hypercube --d 2 --algo ''", {"--algo", "empty"}},
      {"verify hypercube --d 2 --jobs 0", {"--jobs '0'"}},
      {"verify hypercube --d 2 --report @/afile", {"@/afile"}},
      {"verify hypercube --d 2 --report @/dangling", {"@/dangling"}},
      {"verify hypercube --d 2 --report @/link_to_file", {"@/link_to_file"}},
      {"verify hypercube --d 2 --report /proc/version/x", {"/proc/version/x"}},
      {"verify hypercube --d 2 --report @/link_to_dir", {"@/link_to_dir' is a symbolic link", "pass the resolved directory '@/realdir'"}},
      {"verify hypercube --d 2 --report @/link_to_dir/", {"@/link_to_dir/' is a symbolic link"}},
      {"verify hypercube --d 2 --resume @/link_to_run", {"@/link_to_run' is a symbolic link"}},
      {"verify hypercube --d 2 --resume @/afile", {"@/afile"}},
      {"verify hypercube --d 2 --format nope --report @/r_hc", {"'nope'"}},
  });
}

TEST_F(Hostile, ScheduleTorusEveryAlgo) {
  for (const std::string algo : {"tadt", "hamilton", "tiling", "diagonal"}) {
    const std::string cmd = "schedule torus --algo " + algo;
    expect_refused({
        {cmd + " --sides ''", {"--sides", "empty"}},
        {cmd + " --sides 0x5", {"0x5"}},
        {cmd + " --sides -3x3", {"-3x3"}},
        {cmd + " --sides 5x", {"'5x'"}},
        {cmd + " --sides nanxnan", {"nanxnan"}},
        {cmd + " --sides 99999999999999999999x3", {"99999999999999999999x3"}},
        {cmd + " --sides 4294967296x4294967296", {"4294967296x4294967296"}},
        {cmd + " --sides 3x3..5x5", {"3x3..5x5"}},
        {cmd + " --sides 3125x3125", {"3125x3125"}},
        {cmd + " --sides 5x5 --format xml", {"'xml'"}},
    });
  }
  expect_refused({{"schedule torus --algo nope --sides 5x5", {"'nope'"}}});
}

TEST_F(Hostile, VerifyTorusEveryAlgo) {
  for (const std::string algo : {"tadt", "hamilton", "tiling", "diagonal"}) {
    const std::string cmd = "verify torus --algo " + algo;
    expect_refused({
        {cmd + " --sides ''", {"--sides", "empty"}},
        {cmd + " --sides 0x5", {"0x5"}},
        {cmd + " --sides 5x5..3x3", {"5x5..3x3"}},
        {cmd + " --sides 3x3..", {"3x3.."}},
        {cmd + " --sides 3x3..9x9:0", {"3x3..9x9:0"}},
        {cmd + " --sides 3x3..9x9:-1", {"3x3..9x9:-1"}},
        {cmd + " --sides 3x3..7x7x7", {"3x3..7x7x7"}},
        {cmd + " --sides 99999999999999999999x3", {"99999999999999999999x3"}},
        {cmd + " --sides 3x3..99999x99999", {"3x3..99999x99999"}},
        {cmd + " --sides 4000x4000", {"4000x4000"}},
        {cmd + " --sides 5x5 --report @/afile", {"@/afile"}},
        {cmd + " --sides 5x5 --report @/link_to_dir", {"@/link_to_dir' is a symbolic link"}},
    });
  }
  expect_refused({{"verify torus --algo '' --sides 5x5", {"--algo", "empty"}}});
}

TEST_F(Hostile, SynthTadt) {
  expect_refused({
      {"synth tadt --sides ''", {"--sides", "empty"}},
      {"synth tadt --sides 0x3", {"0x3"}},
      {"synth tadt --sides 3x3..5x5", {"3x3..5x5"}},
      {"synth tadt --sides 99999999999999999999x3", {"99999999999999999999x3"}},
      {"synth tadt --sides 3x3 --rlimit 0", {"--rlimit '0'"}},
      {"synth tadt --sides 3x3 --rlimit -1", {"--rlimit '-1'"}},
      {"synth tadt --sides 3x3 --rlimit nan", {"--rlimit 'nan'"}},
      {"synth tadt --sides 3x3 --rlimit 99999999999999999999", {"99999999999999999999"}},
      {"synth tadt --sides 3x3 --format xml", {"'xml'"}},
      {"synth tadt --sides 1000x1000", {"1000x1000"}},
  });
}

TEST_F(Hostile, ScheduleFractional) {
  expect_refused({
      {"schedule fractional --layout chain --P '' --s 2", {"--P", "empty"}},
      {"schedule fractional --layout chain --P 0 --s 2", {"--P '0'"}},
      {"schedule fractional --layout chain --P -1 --s 2", {"--P '-1'"}},
      {"schedule fractional --layout chain --P nan --s 2", {"--P 'nan'"}},
      {"schedule fractional --layout chain --P 99999999999999999999 --s 2", {"99999999999999999999"}},
      {"schedule fractional --layout chain --P 4 --s 0", {"--s '0'"}},
      {"schedule fractional --layout fractional --P 4 --s 2 --r 0", {"--r '0'"}},
      {"schedule fractional --layout nope --P 4 --s 2", {"'nope'"}},
      {"schedule fractional --layout chain --P 4 --s 2 --format xml", {"'xml'"}},
      {"schedule fractional --layout chain --P 4000000000000000000 --s 2", {"4000000000000000000"}},
      {"schedule fractional --layout chain --P 4 --s 4000000000000000000", {"4000000000000000000"}},
      {"schedule fractional --layout fractional --P 20 --s 7 --r 100000000", {"100000000"}},
      {"schedule fractional --P 16 --embed mesh:0x4 --r 1 --s 2", {"mesh:0x4"}},
      {"schedule fractional --P 16 --embed mesh:4x --r 1 --s 2", {"mesh:4x"}},
      {"schedule fractional --P 16 --embed torus:4x4 --r 1 --s 2", {"torus:4x4"}},
      {"schedule fractional --P 16 --embed mesh:99999999999999999999x4 --r 1 --s 2", {"99999999999999999999"}},
      {"schedule fractional --P 16 --embed mesh:100000x100000 --r 1 --s 2", {"100000x100000"}},
      {"schedule fractional --P 16 --embed mesh:4x4 --r 1 --s 2 --switching nope", {"'nope'"}},
  });
}

TEST_F(Hostile, VerifyFractionalAndFractionalEmbed) {
  expect_refused({
      {"verify fractional --P ''", {"--P", "empty"}},
      {"verify fractional --P 0", {"0"}},
      {"verify fractional --P -5", {"-5"}},
      {"verify fractional --P nan", {"nan"}},
      {"verify fractional --P 5..1", {"5..1"}},
      {"verify fractional --P 1..99999999999999999999", {"99999999999999999999"}},
      {"verify fractional --P 1..100000000", {"1..100000000"}},
      {"verify fractional --P 4 --report @/afile", {"@/afile"}},
      {"verify fractional --P 4 --report @/link_to_dir", {"@/link_to_dir' is a symbolic link", "pass the resolved directory '@/realdir'"}},
      {"verify fractional --P 4 --report @/link_to_dir/", {"@/link_to_dir/' is a symbolic link"}},
      {"verify fractional-embed --embed '' --r 1 --s 2", {"--embed", "empty"}},
      {"verify fractional-embed --embed mesh:4x4 --r 0 --s 2", {"--r '0'"}},
      {"verify fractional-embed --embed mesh:4x4 --r 1 --s -2", {"--s '-2'"}},
      {"verify fractional-embed --embed mesh:4x4 --r 1 --s 2 --P 7", {"7"}},
      {"verify fractional-embed --embed mesh:nanx4 --r 1 --s 2", {"mesh:nanx4"}},
      {"verify fractional-embed --embed mesh:100000x100000 --r 1 --s 2", {"100000x100000"}},
      {"verify fractional-embed --embed mesh:4x4 --r 1 --s 2 --switching ''", {"--switching", "empty"}},
  });
}

TEST_F(Hostile, FractionalCost) {
  expect_refused({
      {"fractional --P ''", {"--P", "empty"}},
      {"fractional --P 0", {"--P '0'"}},
      {"fractional --P 99999999999999999999", {"99999999999999999999"}},
      {"fractional --P 64 --k-over-t nan", {"'nan'"}},
      {"fractional --P 64 --k-over-t -1", {"'-1'"}},
      {"fractional --P 64 --k-over-t 1e400", {"'1e400'"}},
      {"fractional --P 64 --format xml", {"'xml'"}},
      {"fractional --P 64 --figure3 ''", {"--figure3", "empty"}},
      {"fractional --figure3 @/afile", {"--figure3 '@/afile'"}},
  });
}

TEST_F(Hostile, VerifyRouted) {
  expect_refused({
      {"verify routed --schedule-file ''", {"--schedule-file", "empty"}},
      {"verify routed --schedule-file @/fifo.json", {"@/fifo.json", "FIFO"}},
      {"verify routed --schedule-file @/adir.json", {"@/adir.json", "directory"}},
      {"verify routed --schedule-file /dev/zero", {"/dev/zero", "character device"}},
      {"verify routed --schedule-file @/missing.json", {"@/missing.json"}},
      {"verify routed --schedule-file @/afile", {"@/afile"}},
      {"verify routed --schedule-file @/afile --report @/afile", {"@/afile"}},
      // Issue 26 #12: "malformed JSON input" without the file.
      {"verify routed --schedule-file @/overflow.json", {"@/overflow.json", "1e400"}},
  });
}

TEST_F(Hostile, VerifyProgram) {
  const std::string bino = BINO_PLUGIN;
  const std::string ok = "verify program --plugin " + bino + " --p 2 ";
  expect_refused({
      {"verify program --plugin @/missing.so --p 2", {"@/missing.so"}},
      {"verify program --plugin '' --p 2", {"--plugin", "empty"}},
      {"verify program --plugin @/adir.so --p 2", {"@/adir.so"}},
      {"verify program --plugin @/fifo.so --p 2", {"@/fifo.so"}},
      {"verify program --plugin /dev/zero --p 2", {"/dev/zero"}},
      {"verify program --plugin @/text.so --p 2", {"@/text.so"}},
      {ok + "--counts ''", {"--counts", "empty"}},
      {ok + "--counts -1", {"'-1'"}},
      {ok + "--counts nan", {"'nan'"}},
      {ok + "--counts 99999999999999999999", {"99999999999999999999"}},
      {ok + "--counts 5..1", {"5..1"}},
      {ok + "--counts 1..", {"1.."}},
      {ok + "--roots ''", {"--roots", "empty"}},
      {ok + "--roots x", {"'x'"}},
      {ok + "--roots -1", {"'-1'"}},
      {"verify program --plugin " + bino + " --p ''", {"--p", "empty"}},
      {"verify program --plugin " + bino + " --p -2", {"-2"}},
      {"verify program --plugin " + bino + " --p 2..", {"2.."}},
      {ok + "--datatype ''", {"--datatype", "empty"}},
      {ok + "--datatype float", {"'float'"}},
      {ok + "--buffering ''", {"--buffering", "empty"}},
      {ok + "--buffering lazy", {"'lazy'"}},
      {ok + "--max-interleavings 0", {"--max-interleavings", "0"}},
      {ok + "--max-interleavings -1", {"--max-interleavings", "-1"}},
      {ok + "--max-interleavings nan", {"--max-interleavings", "nan"}},
      {ok + "--max-interleavings 99999999999999999999", {"--max-interleavings", "99999999999999999999"}},
      {ok + "--max-interleavings ''", {"--max-interleavings", "empty"}},
      {ok + "--step-budget 0", {"--step-budget", "0"}},
      {ok + "--step-budget 99999999999999999999", {"--step-budget", "99999999999999999999"}},
      {ok + "--step-budget ''", {"--step-budget", "empty"}},
      {ok + "--instance-timeout 0", {"--instance-timeout", "0"}},
      {ok + "--instance-timeout nan", {"--instance-timeout", "nan"}},
      {ok + "--instance-timeout -1", {"--instance-timeout", "-1"}},
      {ok + "--instance-timeout inf", {"--instance-timeout", "inf"}},
      {ok + "--instance-timeout ''", {"--instance-timeout", "empty"}},
      {ok + "--report @/afile", {"@/afile"}},
      {ok + "--report @/link_to_dir", {"@/link_to_dir' is a symbolic link"}},
  });
}

// Found by this table: dlopen of a FIFO blocks until a writer appears, and SIGTERM only asked the
// run to stop after the item in progress, so `--schedule-plugin FIFO` hung for good.
TEST_F(Hostile, SchedulePluginFiles) {
  expect_refused({
      {"verify bcast --p 2 --schedule-plugin @/fifo.so", {"@/fifo.so", "FIFO"}},
      {"verify bcast --p 2 --schedule-plugin @/adir.so", {"@/adir.so", "directory"}},
      {"verify bcast --p 2 --schedule-plugin /dev/zero", {"/dev/zero", "character device"}},
      {"verify bcast --p 2 --schedule-plugin @/text.so", {"@/text.so"}},
      {"verify bcast --p 2 --schedule-plugin @/missing.so", {"@/missing.so"}},
  });
}

// Issue 26 #5 and the older readers at the command line: the multi-schedule reader of
// `verify bcast --schedule-file` used an ifstream and hung on a FIFO.
TEST_F(Hostile, ScheduleAndCostsFiles) {
  expect_refused({
      {"verify bcast --p 2 --schedule-file @/fifo.json", {"@/fifo.json", "FIFO"}},
      {"verify bcast --p 2 --schedule-file /dev/zero", {"/dev/zero", "character device"}},
      {"verify bcast --p 2 --schedule-file @/overflow.json", {"@/overflow.json", "1e400"}},
      {"prove bcast --schedule-file @/fifo.json", {"@/fifo.json", "FIFO"}},
      {"trees --p 3 --costs-file @/fifo.json", {"@/fifo.json", "FIFO"}},
      {"trees --p 3 --costs-file /dev/zero", {"/dev/zero", "character device"}},
      {"trees --p 3 --costs-file @/overflow.json", {"@/overflow.json", "1e400"}},
  });
}

TEST_F(Hostile, Campaign) {
  expect_refused({
      {"campaign --quick --report ''", {"--report", "empty"}},
      {"campaign --quick --report @/afile", {"@/afile"}},
      {"campaign --quick --report @/dangling", {"@/dangling"}},
      {"campaign --quick --report /proc/version/x", {"/proc/version/x"}},
      {"campaign --quick --report @/link_to_dir", {"@/link_to_dir' is a symbolic link"}},
      {"campaign --quick --jobs 0", {"--jobs '0'"}},
      {"campaign --quick --jobs -1", {"--jobs '-1'"}},
      {"campaign --quick --jobs nan", {"--jobs 'nan'"}},
      {"campaign --quick --jobs 99999999999999999999", {"99999999999999999999"}},
      {"campaign --quick --jobs ''", {"--jobs", "empty"}},
  });
}

// The older commands share the same function (reports/report_dir.hpp, through
// prepare_run_output): verify bcast, the collectives, trees.
TEST_F(Hostile, ReportLinkOfTheOlderCommands) {
  expect_refused({
      {"verify bcast --p 2..3 --report @/link_to_dir", {"@/link_to_dir' is a symbolic link"}},
      {"verify allgatherv --p 2..3 --report @/link_to_dir", {"@/link_to_dir' is a symbolic link"}},
      {"verify trees --p 2..3 --report @/link_to_dir", {"@/link_to_dir' is a symbolic link"}},
  });
}

// A link among the parent directories is followed (only the last component is judged), and the
// resolved directory the refusal names is accepted.
TEST_F(Hostile, ALinkInTheParentDirectoriesIsFollowed) {
  Outcome o = run("verify hypercube --d 2 --report @/link_to_dir/sub");
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_TRUE(fs::exists(dir_ / "realdir" / "sub" / "summary.json"));
  o = run("verify hypercube --d 2 --report @/realdir");
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_TRUE(fs::exists(dir_ / "realdir" / "summary.json"));
}

}  // namespace
}  // namespace collverify
