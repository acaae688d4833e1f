// End-to-end tests of `synth tadt`: the tree printed (text and JSON) is the re-checked one and
// passes the re-check again when read back from the JSON; meshes print one tree per root;
// --prove-bound shows Z3's unsat one level below; an exhausted rlimit exits 3 and never says
// OPTIMAL; bad --sides / --rlimit / --format and sizes that would not fit exit 2 naming the value.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "model/network/network.hpp"
#include "proofs/tadt_synth.hpp"

namespace collverify {
namespace {

using test_cli::CliRun;
using test_cli::expect_contains;
using test_cli::run_collverify;
using test_cli::Stderr;

CliRun run(const std::string& args) { return run_collverify(args, Stderr::merged); }
CliRun run_stdout(const std::string& args) { return run_collverify(args, Stderr::dropped); }

std::vector<network::LevelTree> trees_of(const network::Network& net, const nlohmann::json& j) {
  std::vector<network::LevelTree> out;
  for (const auto& t : j.at("trees")) {
    network::LevelTree tree;
    tree.root = t.at("root").get<std::int64_t>();
    for (const auto& a : t.at("arcs")) {
      tree.arcs.push_back({a.at("from").get<std::int64_t>(),
                           net.parse_direction(a.at("direction").get<std::string>()),
                           a.at("level").get<std::int64_t>()});
      EXPECT_EQ(net.target(tree.arcs.back().from, tree.arcs.back().direction),
                a.at("to").get<std::int64_t>());
    }
    out.push_back(tree);
  }
  return out;
}

TEST(SynthCli, TextShowsTheTreeByLevelAndTheProof) {
  const CliRun r = run("synth tadt --sides 3x3");
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r.out, "lower bound: max(Lemma 8: ceil(8/4) = 2, eccentricity 2) = 2");
  expect_contains(r.out, "level 0:");
  expect_contains(r.out, "level 1:");
  expect_contains(r.out, "non-combining): pass");
  expect_contains(r.out, "OPTIMAL: height 2; height 2 equals the lower bound");
}

TEST(SynthCli, JsonTreeIsReadBackAndPassesTheRecheck) {
  const CliRun r = run_stdout("synth tadt --sides 4x6 --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "optimal");
  EXPECT_EQ(j["height"], 6);
  EXPECT_EQ(j["lower_bound"]["lemma8"], 6);
  EXPECT_EQ(j["recheck"], "pass");
  EXPECT_EQ(j["exit_code"], 0);
  const auto net = network::Network::torus({4, 6});
  const auto trees = trees_of(net, j);
  ASSERT_EQ(trees.size(), 1U);
  EXPECT_EQ(trees[0].arcs.size(), 23U);
  std::set<std::pair<std::int64_t, network::Direction>> slots;
  for (const auto& a : trees[0].arcs) EXPECT_TRUE(slots.insert({a.level, a.direction}).second);
  EXPECT_EQ(proofs::recheck_tadt(net, trees, 6), "");
}

TEST(SynthCli, MeshPrintsOneTreePerRoot) {
  const CliRun r = run_stdout("synth tadt --sides 2x3 --mesh --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["mode"], "per_root");
  EXPECT_EQ(j["height"], 3);
  const auto net = network::Network::mesh({2, 3});
  const auto trees = trees_of(net, j);
  EXPECT_EQ(trees.size(), 6U);
  EXPECT_EQ(proofs::recheck_tadt(net, trees, 3), "");
}

TEST(SynthCli, SymmetricFirstQueryAndItsSwitches) {
  const CliRun sym = run("synth tadt --sides 3x5");
  EXPECT_EQ(sym.code, 0) << sym.out;
  expect_contains(sym.out, "height 4 (symmetric trees only): sat");
  expect_contains(sym.out, "invariant under the point reflection");
  const CliRun plain = run("synth tadt --sides 3x5 --no-symmetric --no-implied");
  EXPECT_EQ(plain.code, 0) << plain.out;
  EXPECT_EQ(plain.out.find("symmetric trees only"), std::string::npos) << plain.out;
  expect_contains(plain.out, "OPTIMAL: height 4");
}

TEST(SynthCli, ProveBoundShowsZ3UnsatOneLevelBelow) {
  const CliRun r = run("synth tadt --sides 3x3 --mesh --prove-bound");
  EXPECT_EQ(r.code, 0) << r.out;
  expect_contains(r.out, "height 3: unsat");
  expect_contains(r.out, "Z3 at height 3: unsat");
}

TEST(SynthCli, ExhaustedRlimitIsInconclusiveExit3) {
  const CliRun r = run("synth tadt --sides 4x6 --rlimit 1");
  EXPECT_EQ(r.code, 3) << r.out;
  expect_contains(r.out, "INCONCLUSIVE");
  EXPECT_EQ(r.out.find("OPTIMAL"), std::string::npos) << r.out;
  const CliRun j = run_stdout("synth tadt --sides 4x6 --rlimit 1 --format json");
  EXPECT_EQ(j.code, 3);
  const auto d = nlohmann::json::parse(j.out);
  EXPECT_EQ(d["status"], "inconclusive");
  EXPECT_EQ(d["found"], false);
}

TEST(SynthCli, BadInputExits2NamingTheValue) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--sides 0x4", "'0'"},
      {"--sides 3x-2", "'-2'"},
      {"--sides 4", "'4' is not AxB or AxBxC"},
      {"--sides 3x3x3x3", "'3x3x3x3' is not AxB or AxBxC"},
      {"--sides 3xq", "'q'"},
      {"--sides 60x60", "torus 60x60: at least"},
      {"--sides 20x20 --mesh", "mesh 20x20: at least"},
      {"--sides 3x3 --rlimit 0", "--rlimit '0'"},
      {"--sides 3x3 --format xml", "'xml'"},
      // One --sides parser (generators/torus_sides.hpp) with synth's own restriction after it.
      {"--sides 3x3..5x5", "--sides '3x3..5x5' names 3 tori; synth tadt takes one"},
      {"--sides 3x3,4x4 --mesh", "names 2 tori; synth tadt takes one"},
      {"--sides 3x3x3x3", "(4 dimensions given"},
      {"--sides 7", "(1 dimension given"},
      {"--sides 4x", "'' in '4x' is not a side"},
      {"--sides 3x4.5", "'4.5' in '3x4.5' is not a side"},
      {"--sides 3x99999999999",
       "side 99999999999 ('99999999999' in '3x99999999999') is not in 1..2147483648"},
  };
  for (const auto& [args, named] : cases) {
    const CliRun r = run("synth tadt " + args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    expect_contains(r.out, named);
  }
  EXPECT_EQ(run("synth tadt").code, 2);
  // A range of one torus is one torus; 'X' as the old synth parser took it.
  const CliRun one = run("synth tadt --sides 3x3..3x3");
  EXPECT_EQ(one.code, 0) << one.out;
  expect_contains(one.out, "OPTIMAL: height 2");
  const CliRun upper = run("synth tadt --sides 2X3 --mesh");
  EXPECT_EQ(upper.code, 0) << upper.out;
  expect_contains(upper.out, "OPTIMAL: height 3");
  EXPECT_EQ(run("synth tree --sides 3x3").code, 2);
}

}  // namespace
}  // namespace collverify
