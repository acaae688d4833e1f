// `verify bcast` with streamed p (--stream, and the automatic switch above a table size): exit
// codes, the summary line of the checks that ran, the same violations as the table path, Ctrl-C.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>

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
                     ("collverify_stream_cli_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

bool has(const CliRun& r, const std::string& text) {
  return r.out.find(text) != std::string::npos;
}

nlohmann::json summary(const fs::path& dir) {
  std::ifstream in(dir / "summary.json");
  return nlohmann::json::parse(in);
}

TEST(StreamCli, StreamedPPasses) {
  const CliRun r = run("verify bcast --p 300 --stream --jobs 2");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r, "1 p streamed")) << r.out;
  EXPECT_TRUE(has(r, "agreement (fingerprint")) << r.out;
  EXPECT_TRUE(has(r, "PASS bcast: 1 checked, 1 passed")) << r.out;
}

// Only p whose tables exceed the threshold are streamed (p = 5000: 175 kB; p = 100: 2.3 kB).
TEST(StreamCli, SwitchesAutomaticallyAboveTheTableSize) {
  const CliRun r = run("verify bcast --p 100,5000 --stream-above-bytes 100000");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r, "1 p streamed")) << r.out;
  EXPECT_TRUE(has(r, "PASS bcast: 2 checked, 2 passed")) << r.out;
  const CliRun tables = run("verify bcast --p 100,5000");
  EXPECT_EQ(tables.code, 0) << tables.out;
  EXPECT_FALSE(has(tables, "streamed")) << tables.out;
}

// The literal transcription fails for many p: streamed (both agreement modes) and tabled runs
// report the same violations, witnesses and causes.
TEST(StreamCli, SameViolationsAsTheTables) {
  const auto dir = temp_dir("same");
  const std::string common =
      "verify bcast --p 2..150 --transcription literal --format json --report ";
  const CliRun a = run(common + (dir / "tables").string());
  const CliRun b = run(common + (dir / "stream").string() + " --stream --jobs 2");
  const CliRun c =
      run(common + (dir / "exact").string() + " --stream --stream-exact --stream-chunk 4");
  EXPECT_EQ(a.code, 1) << a.out;
  EXPECT_EQ(b.code, 1) << b.out;
  EXPECT_EQ(c.code, 1) << c.out;
  const auto ja = summary(dir / "tables")["constructions"][0];
  for (const char* d : {"stream", "exact"}) {
    const auto jb = summary(dir / d)["constructions"][0];
    EXPECT_EQ(ja["violations"], jb["violations"]) << d;
    EXPECT_EQ(ja["failed"], jb["failed"]) << d;
  }
  fs::remove_all(dir);
}

// Ctrl-C between chunks: no violation so far, so the run is inconclusive and says so.
TEST(StreamCli, InterruptedStreamIsIncomplete) {
  const auto dir = temp_dir("sigint");
  const CliRun r = run("--version >/dev/null; exec timeout --preserve-status -s INT 2 " +
                       std::string(COLLVERIFY_BIN) +
                       " verify bcast --p 2^24 --stream --jobs 1 --report " + dir.string());
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_TRUE(has(r, "run interrupted")) << r.out;
  EXPECT_TRUE(has(r, "interrupted: not every rank was checked")) << r.out;
  const auto j = summary(dir);
  EXPECT_EQ(j["complete"], false);
  EXPECT_EQ(j["constructions"][0]["checked"], 0);
  fs::remove_all(dir);
}

TEST(StreamCli, BadStreamFlagsAreExit2) {
  EXPECT_EQ(run("verify bcast --p 100 --stream --stream-chunk 3").code, 2);
  // Streaming p = 2^30 is fine, simulating it is not: refused up front with the estimate.
  const CliRun r = run("verify bcast --p 2^30 --generic-max-p 1073741824");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(has(r, "GiB")) << r.out;
}

}  // namespace
}  // namespace collverify
