// End to end, as a CI job sees them: ABI 2 plugins (a passing one, one whose generator fails
// with a message that must reach stderr, summary.json and report.md, one with a root mapping
// bug) and --schedule-file with many p (an array, JSON Lines, a directory; one bad p is the
// witness, a malformed line and a duplicate p are exit 2 naming where).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_run.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;

using test_cli::CliRun;
using test_cli::run_collverify;
using test_cli::Stderr;

CliRun run(const std::string& args) { return run_collverify(args, Stderr::merged); }

// Joined piecewise: GCC 12 -O3 warns falsely (-Wrestrict) on "literal" + std::string.
std::string cat(std::initializer_list<std::string> parts) {
  std::string out;
  for (const std::string& part : parts) out.append(part);
  return out;
}

fs::path temp_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / cat({"collverify_abi2_cli_test_", name, "_", std::to_string(::getpid())});
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

std::string slurp(const fs::path& f) {
  std::ifstream in(f);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void expect_contains(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << "missing '" << part << "' in:\n" << text;
}

std::string plugin(const char* path) { return cat({" --schedule-plugin ", path}); }

TEST(CliAbi2, WholePPluginPassesForRootZeroAndAnotherRoot) {
  CliRun r = run(cat({"verify bcast --p 1..300", plugin(REFERENCE_V2_PLUGIN)}));
  EXPECT_EQ(r.code, 0) << r.out;
  r = run(cat({"verify bcast --p 1..300 --root 7", plugin(REFERENCE_V2_PLUGIN)}));
  EXPECT_EQ(r.code, 0) << r.out;
}

TEST(CliAbi2, PluginErrorFailsThePAndReachesStderrAndTheReports) {
  const auto dir = temp_dir("failing");
  const CliRun r = run_collverify(
      cat({"verify bcast --p 2..100 --format json,junit,md --report ", dir.string(),
           plugin(V2_FAILING_PLUGIN), " 2>", (dir / "stderr.txt").string()}),
      Stderr::passed_through);
  EXPECT_EQ(r.code, 1) << r.out;
  const std::string assertion = "mycoll_bcast.c:212: assertion 'nblocks <= q' failed (p = 33)";
  expect_contains(r.out, "smallest witness: p=33");
  expect_contains(r.out, "property=plugin_error");
  const std::string err = slurp(dir / "stderr.txt");
  expect_contains(err, "the schedule plugin reported an error for 7 p");
  expect_contains(err, assertion);
  const auto j = nlohmann::json::parse(slurp(dir / "summary.json"));
  const auto& c = j["constructions"][0];
  EXPECT_EQ(c["failed"], 7);
  EXPECT_EQ(c["violations"][0]["p"], 33);
  EXPECT_EQ(c["violations"][0]["property"], "plugin_error");
  expect_contains(c["violations"][0]["message"].get<std::string>(), assertion);
  // Markdown escapes '<' and '_' in the message.
  expect_contains(slurp(dir / "report.md"),
                  "returned 3 for p = 33: mycoll\\_bcast.c:212: assertion 'nblocks \\<= q' failed");
  fs::remove_all(dir);
}

TEST(CliAbi2, RootMappingBugIsExit1WithItsWitness) {
  const CliRun r = run(cat({"verify bcast --p 2..40 --root 3", plugin(V2_ROOT_BUG_PLUGIN)}));
  EXPECT_EQ(r.code, 1) << r.out;
  expect_contains(r.out, "smallest witness: p=4");
  expect_contains(r.out, "property=root_mapping");
  EXPECT_EQ(run(cat({"verify bcast --p 2..40", plugin(V2_ROOT_BUG_PLUGIN)})).code, 0);
}

TEST(CliAbi2, RootIsBadInputWithoutAnAbi2Plugin) {
  CliRun r = run(cat({"verify bcast --p 2..10 --root 2", plugin(REFERENCE_PLUGIN)}));
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r.out, "ABI 1");
  r = run("verify bcast --p 2..10 --root 2");
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r.out, "--root 2");
  // Version 1 plugins still load and still pass.
  EXPECT_EQ(run(cat({"verify bcast --p 2..100", plugin(REFERENCE_PLUGIN)})).code, 0);
}

// Files of many p: p = 2..40, p = 23 and 31 broken (rank 5's receives of rounds 1 and 3
// swapped), written by `schedule bcast --format json` and edited like a user's dump.
class ManyP : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = temp_dir("many");
    for (int p = 2; p <= 40; ++p) {
      const fs::path f = dir_ / cat({"p", std::to_string(p), ".json"});
      ASSERT_EQ(run(cat({"schedule bcast --p ", std::to_string(p), " --format json > ", f.string()}))
                    .code,
                0);
      auto j = nlohmann::json::parse(slurp(f));
      if (p == 23 || p == 31) std::swap(j["recv"][5][1], j["recv"][5][3]);
      lines_.push_back(j.dump());
      fs::remove(f);
    }
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
  std::vector<std::string> lines_;  // lines_[i] is p = i + 2
};

TEST_F(ManyP, ArrayJsonLinesAndDirectoryEachFailAtTheSmallestBadP) {
  std::string array = "[";
  std::string jsonl;
  for (std::size_t i = 0; i < lines_.size(); ++i) {
    array.append(i > 0 ? ",\n" : "").append(lines_[i]);
    jsonl.append(lines_[i]).append("\n");
  }
  array.append("]");
  std::ofstream(dir_ / "all.json") << array;
  std::ofstream(dir_ / "all.jsonl") << jsonl;
  // The directory: p = 2..21 as JSON Lines, p = 22 as a one-element array, p = 23..40 as
  // .ndjson, and a file that is not a schedule file.
  fs::create_directories(dir_ / "split");
  std::string low;
  std::string rest;
  for (std::size_t i = 0; i < lines_.size(); ++i) {
    if (i != 20) (i < 20 ? low : rest).append(lines_[i]).append("\n");
  }
  std::ofstream(dir_ / "split" / "low.jsonl") << low;
  std::ofstream(dir_ / "split" / "high.json") << "[" << lines_[20] << "]";
  std::ofstream(dir_ / "split" / "rest.ndjson") << rest;
  std::ofstream(dir_ / "split" / "README.txt") << "dumped by mycoll\n";
  for (const fs::path& input : {dir_ / "all.json", dir_ / "all.jsonl", dir_ / "split"}) {
    const auto report = dir_ / "report";
    const CliRun r =
        run(cat({"verify bcast --schedule-file ", input.string(), " --report ", report.string()}));
    EXPECT_EQ(r.code, 1) << input << "\n" << r.out;
    expect_contains(r.out, "FAIL bcast: 39 checked, 37 passed, 2 failed");
    expect_contains(r.out, "smallest witness: p=23");
    const auto j = nlohmann::json::parse(slurp(report / "summary.json"));
    EXPECT_EQ(j["constructions"][0]["coverage"]["p_range"], "2..40");
    fs::remove_all(report);
  }
  // --p selects among the p held: 2..22 holds no bad p; 41 is not held.
  EXPECT_EQ(run(cat({"verify bcast --p 2..22 --schedule-file ", (dir_ / "all.jsonl").string()})).code, 0);
  const CliRun missing = run(cat({"verify bcast --p 30..41 --schedule-file ", (dir_ / "all.jsonl").string()}));
  EXPECT_EQ(missing.code, 2);
  expect_contains(missing.out, "p = 41");
  expect_contains(missing.out, "holds p = 2..40");
}

TEST_F(ManyP, MalformedLineAndDuplicatePAreExit2NamingWhere) {
  std::string jsonl;
  for (std::size_t i = 0; i < 5; ++i) jsonl.append(lines_[i]).append("\n");
  jsonl.append(lines_[5].substr(0, 40)).append("\n");  // line 6 cut short
  std::ofstream(dir_ / "cut.jsonl") << jsonl;
  CliRun r = run(cat({"verify bcast --schedule-file ", (dir_ / "cut.jsonl").string()}));
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r.out, (dir_ / "cut.jsonl").string() + ":6: invalid JSON");

  fs::create_directories(dir_ / "dup");
  std::ofstream(dir_ / "dup" / "a.jsonl") << lines_[0] << "\n" << lines_[1] << "\n";
  std::ofstream(dir_ / "dup" / "b.jsonl") << lines_[2] << "\n" << lines_[1] << "\n";
  r = run(cat({"verify bcast --schedule-file ", (dir_ / "dup").string()}));
  EXPECT_EQ(r.code, 2) << r.out;
  expect_contains(r.out, cat({"p = 3 is held twice: by ", (dir_ / "dup" / "a.jsonl").string(), ":2 and by ",
                              (dir_ / "dup" / "b.jsonl").string(), ":2"}));
}

}  // namespace
}  // namespace collverify
