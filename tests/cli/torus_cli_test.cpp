// End-to-end tests of `schedule torus` and `verify torus` (issue 11, tadt): the JSON a schedule
// prints is read back by `verify routed` and passes at Lemma 8's bound; the same JSON with one
// arc of a tree moved onto a busy arc fails with exit 1; tori without a construction, algorithms
// sizes an algorithm cannot take and bad --sides exit 2 naming the value; verify writes the reports with the
// picture of the generic tree.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_run.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;
using test_cli::CliRun;
using test_cli::expect_contains;
using test_cli::run_collverify;
using test_cli::Stderr;

CliRun run(const std::string& args) { return run_collverify(args, Stderr::merged); }

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(TorusCli, ScheduleJsonIsReadBackByVerifyRoutedAndPasses) {
  const auto dir = test_cli::fresh_temp_dir("torus_cli", "json");
  for (const std::string sides : {"5x5", "3x3x3"}) {
    const fs::path file = dir / (sides + ".json");
    ASSERT_EQ(run_collverify("schedule torus --algo tadt --sides " + sides + " --format json > " + file.string(),
                             Stderr::passed_through)
                  .code,
              0);
    const auto j = nlohmann::json::parse(read(file));
    EXPECT_EQ(j.at("format"), "collverify-routed/1");
    EXPECT_EQ(j.at("network").at("kind"), "torus");
    EXPECT_EQ(j.at("collective"), "aab");
    const CliRun v = run("verify routed --schedule-file " + file.string());
    EXPECT_EQ(v.code, 0) << sides << "\n" << v.out;
    expect_contains(v.out, "PASS routed: 1 checked, 1 passed");
  }
  // 5x5: round 0 carries the four level-0 arcs of all 25 trees; node 0's first transmission
  // sent twice puts two transmissions on one arc.
  auto j = nlohmann::json::parse(read(dir / "5x5.json"));
  auto& round0 = j.at("rounds").at(0);
  round0.push_back(round0.at(0));
  const fs::path bad = dir / "5x5_two_on_one_arc.json";
  std::ofstream(bad) << j.dump();
  const CliRun v = run("verify routed --schedule-file " + bad.string());
  EXPECT_EQ(v.code, 1) << v.out;
  expect_contains(v.out, "arc_exclusivity");
  fs::remove_all(dir);
}

TEST(TorusCli, ScheduleTableAndSvg) {
  const CliRun t = run("schedule torus --algo tadt --sides 3x3");
  ASSERT_EQ(t.code, 0) << t.out;
  expect_contains(t.out, "torus 3x3 tadt (N = 9); lower bound 2 rounds");
  expect_contains(t.out, "round 0:\n  (0,0) -> (1,0)  +0  packet of (0,0)");
  expect_contains(t.out, "2 rounds (bound 2), 72 transmissions");
  const CliRun s = run("schedule torus --algo tadt --sides 7x7 --format svg");
  ASSERT_EQ(s.code, 0) << s.out;
  expect_contains(s.out, "<svg");
  expect_contains(s.out, "torus 7x7: 48 arcs, height 12");
}

TEST(TorusCli, BadInputExitsTwoNamingTheValue) {
  struct Case {
    std::string args;
    std::string named;
  };
  for (const Case& c : {Case{"schedule torus --algo tadt --sides 1x4", "torus 1x4: side 1 is below 2"},
                        Case{"schedule torus --algo tadt --sides 5x5x5 --format png", "png"},
                        Case{"schedule torus --algo tadt --sides 0x5", "side 0"},
                        Case{"schedule torus --algo tadt --sides 5x5,7x7", "takes one"},
                        Case{"schedule torus --algo snake --sides 5x5", "'snake'"},
                        Case{"schedule torus --algo hamilton --sides 2x5", "side 2 is below 3"},
                        Case{"schedule torus --algo tadt --sides 5x5 --format png", "png"},
                        Case{"verify torus --algo tadt --sides 3x3,1x3x3", "torus 1x3x3: side 1 is below 2"},
                        Case{"verify torus --algo tiling --sides 6x6", "5^k x 5^k"},
                        Case{"verify torus --algo hamilton --sides 3x3,3x2", "side 2 is below 3"},
                        Case{"verify torus --algo tadt --sides 3x-3", "side -3"},
                        Case{"verify torus --algo tadt --sides 5x5 --p 3", "--p '3'"}}) {
    const CliRun r = run(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.out;
    expect_contains(r.out, c.named);
  }
}

// Issue 26 #7-9: large tori went over 4 GB (verify hamilton built the network for its estimate;
// schedule torus had no estimate) and `schedule torus --format json` of 1000x1000 would stream
// 10^12 transmissions for hours. Each is now refused at once, under a 1.5 GB address-space limit,
// with its estimate or the stated limit.
TEST(TorusCli, LargeToriAreRefusedUpFrontWithTheEstimateOrAStatedLimit) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "the commands run under ulimit -v, where AddressSanitizer cannot reserve its "
                  "shadow memory; this test runs in the Release build (make test)";
#endif
  struct Case {
    std::string args;
    std::string named;
  };
  for (const Case& c :
       {Case{"verify torus --algo hamilton --sides 4000x4000 --jobs 1", "needs about"},
        Case{"verify torus --algo hamilton --sides 3125x3125 --jobs 1", "needs about"},
        Case{"verify torus --algo tadt --sides 3125x3125 --jobs 1", "needs about"},
        Case{"verify torus --algo diagonal --sides 3125x3125 --jobs 1", "needs about"},
        Case{"verify torus --algo tiling --sides 3125x3125 --jobs 1", "needs about"},
        Case{"schedule torus --algo tadt --sides 3125x3125", "at most 1000000000 are printed"},
        Case{"schedule torus --algo hamilton --sides 3125x3125", "at most 1000000000 are printed"},
        Case{"schedule torus --algo diagonal --sides 3125x3125", "needs about"},
        Case{"schedule torus --algo tiling --sides 3125x3125", "needs about"},
        Case{"schedule torus --algo tadt --format json --sides 1000x1000",
             "would print 999999000000 transmissions"},
        Case{"schedule torus --algo hamilton --format svg --sides 3125x3125",
             "at most 1000000 nodes"}}) {
    const std::string cmd =
        std::string("ulimit -v 1500000; timeout 20 ") + COLLVERIFY_BIN + " " + c.args + " 2>&1";
    const auto start = std::chrono::steady_clock::now();
    FILE* f = popen(cmd.c_str(), "r");
    ASSERT_NE(f, nullptr);
    std::string out;
    std::array<char, 4096> buf{};
    while (std::size_t got = std::fread(buf.data(), 1, buf.size(), f)) out.append(buf.data(), got);
    const int status = pclose(f);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 2) << c.args << "\n" << out;
    expect_contains(out, c.named);
    EXPECT_LT(seconds, 5.0) << c.args;
  }
  // Within the limits the commands still run.
  EXPECT_EQ(run("schedule torus --algo tadt --format json --sides 5x5").code, 0);
}

TEST(TorusCli, VerifyWritesReportsWithHeightsAndThePicture) {
  const auto dir = test_cli::fresh_temp_dir("torus_cli", "verify");
  const CliRun r = run("verify torus --algo tadt --sides 3x3..11x11:2,3x3x3..5x5x5:2 --jobs 2 --report " +
                       dir.string() + " --format json,md,html");
  ASSERT_EQ(r.code, 0) << r.out;
  expect_contains(r.out, "PASS torus-tadt: 7 checked, 7 passed");
  const auto j = nlohmann::json::parse(read(dir / "summary.json"));
  const auto& c = j.at("constructions").at(0);
  EXPECT_EQ(c.at("instances").size(), 7u);
  for (const auto& i : c.at("instances")) EXPECT_EQ(i.at("rounds"), i.at("lower_bound")) << i.dump();
  const std::string html = read(dir / "report.html");
  expect_contains(html, "<svg");
  expect_contains(html, "TADT generic tree of torus 11x11");
  expect_contains(html, "<tr><td>11x11</td><td class=\"num\">30</td><td class=\"num\">30</td>");
  expect_contains(html, "<tr><td>5x5x5</td><td class=\"num\">21</td><td class=\"num\">21</td>");
  EXPECT_TRUE(fs::exists(dir / "tadt_tree.svg"));
  fs::remove_all(dir);
}


// Beyond the seed's closed forms: the builder's trees for even, rectangular and unequal 3D sides
// through schedule (table, JSON judged again by verify routed, SVG 2D and 3D by slices) and
// verify (every square 3x3..12x12, odd and even, with the gaps reported).
TEST(TorusCli, BuilderTreesForEveryTorus) {
  const CliRun t = run("schedule torus --algo tadt --sides 4x6");
  ASSERT_EQ(t.code, 0) << t.out;
  expect_contains(t.out, "torus 4x6 tadt (N = 24); lower bound 6 rounds");
  expect_contains(t.out, "generic tree: builder");
  expect_contains(t.out, "6 rounds (bound 6), 552 transmissions");
  const auto dir = test_cli::fresh_temp_dir("torus_cli", "builder");
  const fs::path file = dir / "s.json";
  const CliRun s = run_collverify("schedule torus --algo tadt --sides 4x6 --format json > " + file.string(),
                                  Stderr::passed_through);
  ASSERT_EQ(s.code, 0) << s.out;
  const CliRun v = run("verify routed --schedule-file " + file.string());
  EXPECT_EQ(v.code, 0) << v.out;
  expect_contains(v.out, "PASS routed");
  const CliRun svg = run("schedule torus --algo tadt --sides 4x6 --format svg");
  ASSERT_EQ(svg.code, 0) << svg.out;
  expect_contains(svg.out, "torus 4x6: 23 arcs, height 6");
  const CliRun svg3 = run("schedule torus --algo tadt --sides 5x5x5 --format svg");
  ASSERT_EQ(svg3.code, 0) << svg3.out;
  expect_contains(svg3.out, "torus 5x5x5: 124 arcs, height 21");
  expect_contains(svg3.out, "slice w = -2");
  const CliRun r = run("verify torus --algo tadt --sides 3x3..12x12,2x3x3,3x4x5 --jobs 2 --report " +
                       (dir / "r").string() + " --format json,html");
  ASSERT_EQ(r.code, 0) << r.out;
  expect_contains(r.out, "PASS torus-tadt: 12 checked, 12 passed");
  const std::string html = read(dir / "r" / "report.html");
  // The per-torus rounds as a real table (issue 25), not a paragraph under "lower bound".
  expect_contains(html, "<h3>Rounds / bound by torus</h3>\n<table class=\"sizes\"><tr><th>torus</th>"
                        "<th>rounds</th><th>bound</th><th>above the bound</th></tr>");
  expect_contains(html, "<tr><td>12x12</td><td class=\"num\">36</td><td class=\"num\">36</td>"
                        "<td class=\"num\"></td></tr>");
  expect_contains(html, "<tr><td>2x3x3</td><td class=\"num\">4</td><td class=\"num\">3</td>"
                        "<td class=\"num\">1</td></tr>");
  expect_contains(html, "1 of 12 tori above the bound");
  expect_contains(html, "TADT generic tree of torus 3x4x5 by slices");
  EXPECT_TRUE(fs::exists(dir / "r" / "tadt_tree_3d.svg"));
  fs::remove_all(dir);
}

// hamilton, tiling and diagonal through `schedule torus` and `verify torus`: the JSON is judged
// again by `verify routed`, and verify writes the cycle / wormhole pictures beside the reports.
TEST(TorusCli, CyclesAndWormholeThroughTheTorusCommands) {
  const auto dir = test_cli::fresh_temp_dir("torus_cli", "cycles");
  for (const std::string algo_sides : {"hamilton --sides 4x5", "tiling --sides 25x25", "diagonal --sides 6x9"}) {
    const fs::path file = dir / "s.json";
    const CliRun s = run_collverify("schedule torus --algo " + algo_sides + " --format json > " + file.string(),
                                    Stderr::passed_through);
    ASSERT_EQ(s.code, 0) << algo_sides << "\n" << s.out;
    const CliRun v = run("verify routed --schedule-file " + file.string());
    EXPECT_EQ(v.code, 0) << algo_sides << "\n" << v.out;
    expect_contains(v.out, "PASS routed");
    const CliRun svg = run_collverify("schedule torus --algo " + algo_sides + " --format svg", Stderr::passed_through);
    EXPECT_EQ(svg.code, 0) << svg.out;
    expect_contains(svg.out, "<svg");
  }
  const CliRun h = run("verify torus --algo hamilton --sides 3x3..7x7,3x4 --report " + (dir / "h").string() +
                       " --format json,html");
  ASSERT_EQ(h.code, 0) << h.out;
  expect_contains(h.out, "PASS torus-hamilton: 6 checked, 6 passed");
  EXPECT_TRUE(fs::exists(dir / "h" / "torus_cycles.svg"));
  // The rounds table names every size with its own figures (ceil((N - 1)/2) / ceil((N - 1)/4)),
  // and the picture is of the smallest torus.
  const std::string html = read(dir / "h" / "report.html");
  for (const char* row : {"<tr><td>3x3</td><td class=\"num\">4</td><td class=\"num\">2</td></tr>",
                          "<tr><td>7x7</td><td class=\"num\">24</td><td class=\"num\">12</td></tr>",
                          "<tr><td>3x4</td><td class=\"num\">6</td><td class=\"num\">3</td></tr>"}) {
    expect_contains(html, row);
  }
  expect_contains(html, "<h3>Rounds / Lemma 8 bound by size</h3>");
  expect_contains(html, "cycles of the 3x3 torus");
  const CliRun d = run("verify torus --algo diagonal --sides 3x3..9x9,4x7 --report " + (dir / "d").string() +
                       " --format json,html");
  ASSERT_EQ(d.code, 0) << d.out;
  expect_contains(d.out, "PASS torus-diagonal: 8 checked, 8 passed");
  EXPECT_TRUE(fs::exists(dir / "d" / "torus_wormhole.svg"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace collverify
