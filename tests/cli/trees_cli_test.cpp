// End-to-end tests of `collverify trees` and `collverify verify trees` (seed 001): the JSON
// contract, the Table 1 Markdown, pictures, exit code 2 naming every kind of bad input, and the
// summary.json of `verify trees` (--instances, checked counting p, the violation cap).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include "cli_run.hpp"

namespace {

namespace fs = std::filesystem;

using collverify::test_cli::CliRun;
using collverify::test_cli::run_collverify;
using collverify::test_cli::Stderr;

CliRun run(const std::string& args, bool with_stderr = true) {
  return run_collverify(args, with_stderr ? Stderr::merged : Stderr::dropped);
}

fs::path temp_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() /
                     ("collverify_trees_cli_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void expect_refused(const std::string& args, const std::string& names) {
  const CliRun r = run(args);
  EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
  EXPECT_NE(r.out.find(names), std::string::npos) << args << ": missing '" << names << "' in\n"
                                                  << r.out;
}

TEST(TreesCli, JsonContract) {
  const CliRun r =
      run("trees --p 40 --b 100 --dist decreasing --alpha 100 --beta 1 --gamma 1", false);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["p"], 40);
  EXPECT_EQ(j["dist"], "decreasing");
  EXPECT_EQ(j["alpha"], 100);
  EXPECT_EQ(j["fixed_root"], 20);
  std::int64_t m = 0;
  for (int i = 0; i < 40; ++i) m += 2 * 100 * (40 - i) / 40 + 1;
  EXPECT_EQ(j["m"], m);
  ASSERT_EQ(j["results"].size(), 10u);
  std::map<std::string, std::int64_t> best;
  for (const auto& row : j["results"]) {
    if (row["root_mode"] == "fixed") {
      EXPECT_EQ(row["root"], 20);
    }
    if (row["root_mode"] == "best") best[row["algorithm"]] = row["time"];
  }
  EXPECT_EQ(best.size(), 5u);
  EXPECT_EQ(best["linear"], 39 * 100 + m);  // gamma = beta: the copy costs as much as a send
  EXPECT_LE(best["optimal"], best["adaptive"]);
  EXPECT_LE(best["adaptive"], 6 * 100 + m);  // Proposition 1, ceil(log2 40) = 6
}

TEST(TreesCli, AllDistributionsAsJsonArrayAndTable1Markdown) {
  const CliRun js = run("trees --p 16 --b 10 --dist all", false);
  ASSERT_EQ(js.code, 0) << js.out;
  const auto j = nlohmann::json::parse(js.out);
  ASSERT_TRUE(j.is_array());
  EXPECT_EQ(j.size(), 11u);
  const CliRun md = run("trees --p 16 --b 10 --dist all --gamma 0 --format md");
  ASSERT_EQ(md.code, 0) << md.out;
  EXPECT_NE(
      md.out.find(
          "| Distribution | Root | Linear | Binary | Oblivious | Adaptive | Optimal | Two |"),
      std::string::npos);
  EXPECT_NE(md.out.find("| two_blocks | fixed r = 8 |"), std::string::npos) << md.out;
  EXPECT_NE(md.out.find("| | best |"), std::string::npos);
}

TEST(TreesCli, ExplicitSizesCostsFileAndPicture) {
  const auto dir = temp_dir("files");
  {
    std::ofstream f(dir / "costs.json");
    f << R"({"alpha": [[0, 5, 9], [5, 0, 2], [9, 2, 0]], "beta": [[0, 1, 1], [1, 0, 1], [1, 1, 0]],
             "gamma": [1, 1, 1]})";
  }
  const CliRun r = run("trees --sizes 3,0,7 --costs-file " + (dir / "costs.json").string() +
                           " --root 2 --picture " + (dir / "t.dot").string(),
                       false);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["p"], 3);
  // Every construction, binary included (Theorem 3's per-pair DP). Root 2: 0 sends its 3 units
  // straight (9 + 3 = 12), 1 has nothing to send, then the copy of 7: 19; through 1 instead,
  // 0 -> 1 (5 + 3) and 1 -> 2 (2 + 3) give 13 + 7 = 20.
  ASSERT_EQ(j["results"].size(), 10u);
  EXPECT_EQ(j["results"][2]["algorithm"], "binary");
  EXPECT_EQ(j["results"][2]["root"], 2);
  EXPECT_EQ(j["results"][2]["time"], 19);
  std::ifstream dot(dir / "t.dot");
  const std::string text((std::istreambuf_iterator<char>(dot)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("digraph gather_tree"), std::string::npos);
  EXPECT_NE(text.find("peripheries=2"), std::string::npos);
  {
    std::ofstream f(dir / "bad.json");
    f << R"({"alpha": [[0, 5], [5, 0]], "beta": [[0, 1], [1, 0]], "gamma": [1, 1]})";
  }
  expect_refused("trees --sizes 3,0,7 --costs-file " + (dir / "bad.json").string(),
                 "'alpha' must be a 3 x 3 matrix");
  fs::remove_all(dir);
}

// TWO_Gatherv (Section 5.2) is listed when the blocks take exactly two sizes, after optimal.
TEST(TreesCli, TwoGathervRowsForTwoSizes) {
  const CliRun r = run("trees --sizes 1,1,1,50 --alpha 10 --beta 1 --gamma 1 --root 3", false);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["results"].size(), 12u);
  EXPECT_EQ(j["results"][10]["algorithm"], "two");
  EXPECT_EQ(j["results"][10]["root"], 3);
  // The header example of reference/trees/two_size.hpp: {0, 1, 2} gather in 23 < 50, then
  // 3 receives their 3 units after its copy: max(50, 23) + 10 + 3.
  EXPECT_EQ(j["results"][10]["time"], 63);
  const CliRun three = run("trees --sizes 1,2,3 --alpha 10 --beta 1 --gamma 1", false);
  ASSERT_EQ(three.code, 0) << three.out;
  EXPECT_EQ(nlohmann::json::parse(three.out)["results"].size(), 10u);  // no two-size rows
}

TEST(TreesCli, BadInputExitsTwoNamingTheValue) {
  expect_refused("trees --p 0", "--p 0");
  expect_refused("trees --p 12.5", "'12.5'");
  expect_refused("trees --sizes 4,-1,2", "'-1'");
  expect_refused("trees --sizes 4,x", "'x'");
  expect_refused("trees --sizes 4,,2", "''");
  expect_refused("trees --p 10 --root 10", "--root 10 is outside [0, 10)");
  expect_refused("trees --p 10 --alpha -3", "--alpha '-3'");
  expect_refused("trees --p 10 --dist zipf", "'zipf'");
  expect_refused("trees --sizes 9223372036854775807,1", "m = 9223372036854775808 are too large");
  expect_refused("trees --p 8 --b 4611686018427387904", "overflows");
  expect_refused("trees --p 100000000", "GiB");
  expect_refused("trees --p 8 --format xml", "'xml'");
  expect_refused("verify trees --p 1..5 --brute-max-p 12", "--brute-max-p '12'");
  expect_refused("verify trees --p 5000", "p up to 5000");
}

TEST(TreesCli, VerifyTreesPassesAndWritesReports) {
  const auto dir = temp_dir("verify");
  const CliRun r =
      run("verify trees --p 1..8 --dist all --brute-max-p 5 --jobs 2 --report " + dir.string());
  EXPECT_EQ(r.code, 0) << r.out;
  std::ifstream in(dir / "summary.json");
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["constructions"][0]["name"], "trees");
  // checked counts p, as for every family (it counted the 8 * 11 * 2 instances before the engine
  // while failed counted p); the instances are in the list.
  EXPECT_EQ(j["constructions"][0]["checked"], 8);
  EXPECT_EQ(j["constructions"][0]["instances"].size(), 8U * 11 * 2);
  EXPECT_EQ(j["constructions"][0]["failed"], 0);
  fs::remove_all(dir);
}

// Defects of the old `verify trees` (before the run engine, 31d39e1), each seen failing there.

// (a) --instances was registered and never read: instances were listed only for <= 64 p.
TEST(TreesCli, VerifyTreesInstancesFlagListsEveryInstanceAbove64P) {
  const auto dir = temp_dir("instances");
  const CliRun r = run("verify trees --p 1..65 --dist same --jobs 2 --instances --report " +
                       dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  std::ifstream in(dir / "summary.json");
  const auto j = nlohmann::json::parse(in);
  const auto& c = j["constructions"][0];
  ASSERT_TRUE(c.contains("instances")) << "--instances ignored for 65 p";
  // One instance per p and copy cost (gamma in {1, 0}).
  ASSERT_EQ(c["instances"].size(), 65u * 2u);
  std::map<std::int64_t, int> per_p;
  for (const auto& i : c["instances"]) ++per_p[i["instance"]["p"].get<std::int64_t>()];
  ASSERT_EQ(per_p.size(), 65u);
  EXPECT_EQ(per_p.begin()->first, 1);
  EXPECT_EQ(per_p.rbegin()->first, 65);
  for (const auto& [p, n] : per_p) EXPECT_EQ(n, 2) << "p = " << p;
  fs::remove_all(dir);
}

// (b) checked counted instances while failed counted p: both count p now.
TEST(TreesCli, VerifyTreesCheckedCountsPAndAddsUp) {
  const auto dir = temp_dir("checked");
  const CliRun r = run("verify trees --p 3..12 --dist all --gamma 1 --jobs 2 --report " +
                       dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  std::ifstream in(dir / "summary.json");
  const auto j = nlohmann::json::parse(in);
  const auto& c = j["constructions"][0];
  EXPECT_EQ(c["checked"], 10) << "checked must count the 10 p, not the 10 * 11 instances";
  EXPECT_EQ(c["passed"].get<std::int64_t>() + c["failed"].get<std::int64_t>() +
                c["inconclusive"].get<std::int64_t>(),
            c["checked"].get<std::int64_t>());
  fs::remove_all(dir);
}

// (c) no violation cap: summary.json says the cap (schema 2, written by the reports writer).
TEST(TreesCli, VerifyTreesSummaryCarriesTheViolationCap) {
  const auto dir = temp_dir("cap");
  const CliRun r = run("verify trees --p 1..6 --dist same --jobs 2 --report " + dir.string());
  ASSERT_EQ(r.code, 0) << r.out;
  std::ifstream in(dir / "summary.json");
  const auto j = nlohmann::json::parse(in);
  const auto& c = j["constructions"][0];
  ASSERT_TRUE(c.contains("violations_cap")) << c.dump();
  EXPECT_GE(c["violations_cap"].get<std::int64_t>(), 1);
  fs::remove_all(dir);
}

}  // namespace
