// End-to-end tests of `schedule fractional --embed` and `verify fractional-embed`: Figure 4's
// table states the congestion the checker found (3) and the split that reaches every node; the
// JSON is collverify-routed/1 that `verify routed` reads back (rejecting the congested mesh at
// arc_exclusivity, accepting the crossbar); the SVG is one picture; verify exits 1 on Figure 4
// (congestion_one) and 0 on a crossbar; bad input (r1 r2 != r, sides, b < r, zero sides, P != A B,
// --layout chain, svg of a crossbar) exits 2 naming the value.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
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

TEST(FractionalEmbedCli, Figure4Table) {
  const CliRun r = run("schedule fractional --P 128 --r 2 --s 8 --embed mesh:8x16");
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r.out, "cells r1 x r2 = 1 x 2");
  expect_contains(r.out, "edge congestion (arc, per direction): 3 (round 9: 3 transmissions cross the arc 10 -> 11");
  expect_contains(r.out, "routed checker: pass (every node holds every packet)");
}

TEST(FractionalEmbedCli, JsonReadBackByVerifyRouted) {
  const fs::path dir = test_cli::fresh_temp_dir("fractional_embed_cli", "json");
  const fs::path mesh = dir / "mesh.json";
  const fs::path xbar = dir / "xbar.json";
  ASSERT_EQ(run_collverify("schedule fractional --P 128 --r 2 --s 8 --embed mesh:8x16 --format json > " +
                               mesh.string(), Stderr::passed_through).code, 0);
  ASSERT_EQ(run_collverify("schedule fractional --P 64 --r 2 --s 6 --embed crossbar:8x8 --format json > " +
                               xbar.string(), Stderr::passed_through).code, 0);
  const CliRun m = run("verify routed --schedule-file " + mesh.string());
  EXPECT_EQ(m.code, 1) << m.out;
  expect_contains(m.out, "arc_exclusivity");
  const CliRun x = run("verify routed --schedule-file " + xbar.string());
  EXPECT_EQ(x.code, 0) << x.out;
}

TEST(FractionalEmbedCli, SvgAndVerify) {
  const CliRun s = run("schedule fractional --P 128 --r 2 --s 8 --embed mesh:8x16 --format svg");
  EXPECT_EQ(s.code, 0);
  expect_contains(s.out, "<svg");
  expect_contains(s.out, "edge congestion 3 (arc)");
  const CliRun f = run("verify fractional-embed --embed mesh:8x16 --r 2 --s 8");
  EXPECT_EQ(f.code, 1) << f.out;
  expect_contains(f.out, "violation congestion_one");
  const CliRun ok = run("verify fractional-embed --embed crossbar:16x16 --r 4 --s 9");
  EXPECT_EQ(ok.code, 0) << ok.out;
  expect_contains(ok.out, "channel load 1");
  const CliRun small = run("verify fractional-embed --embed mesh:4x4 --r 4 --s 8 --switching store-and-forward");
  EXPECT_EQ(small.code, 0) << small.out;
}

TEST(FractionalEmbedCli, BadInputExitsTwoNamingTheValue) {
  const std::pair<std::string, std::string> cases[] = {
      {"schedule fractional --P 128 --r 3 --s 8 --embed mesh:8x16", "r = 3"},
      {"schedule fractional --P 96 --r 2 --s 8 --embed mesh:8x12", "8 x 12"},
      {"schedule fractional --P 16 --r 4 --s 8 --embed crossbar:8x2", "b = 2"},
      {"schedule fractional --P 16 --r 1 --s 8 --embed mesh:0x16", "side 0"},
      {"schedule fractional --P 100 --r 2 --s 8 --embed mesh:8x16", "--P 100"},
      {"schedule fractional --layout chain --P 128 --r 2 --s 8 --embed mesh:8x16", "'chain'"},
      {"schedule fractional --P 64 --r 2 --s 8 --embed crossbar:8x8 --format svg", "crossbar"},
      {"schedule fractional --P 128 --r 2 --s 8 --embed ring:8x16", "ring:8x16"},
      {"schedule fractional --P 128 --r 2 --s 8 --embed mesh:8x16 --switching circuit", "circuit"},
      {"schedule fractional --P 128 --s 8", "--layout"},
  };
  for (const auto& [args, want] : cases) {
    const CliRun r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    expect_contains(r.out, want);
  }
}

}  // namespace
}  // namespace collverify
