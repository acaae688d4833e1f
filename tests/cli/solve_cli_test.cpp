// End-to-end: `collverify solve nonordered` and `collverify reduce partition` (seed 001,
// Section 4): JSON answers, exit codes, and the messages for bad input.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

#include "cli_run.hpp"

namespace collverify {
namespace {

using test_cli::CliRun;
using test_cli::run_collverify;
using test_cli::Stderr;

CliRun run(const std::string& args, bool merge_stderr = false) {
  return run_collverify(args, merge_stderr ? Stderr::merged : Stderr::dropped);
}

TEST(SolveCli, NonOrderedBothSolversAgree) {
  const CliRun r = run("solve nonordered --blocks 1,1,1 --root 1 --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["optimum"], 5);
  EXPECT_EQ(j["verdict"], "holds");
  EXPECT_EQ(j["tree"]["root"], 1);
  EXPECT_EQ(j["solvers"]["subset_dp"]["optimum"], 5);
  EXPECT_EQ(j["solvers"]["z3"]["optimum"], 5);
  EXPECT_EQ(j["solvers"]["z3"]["outcome"], "unsat");
  EXPECT_EQ(j["solvers"]["z3"]["proof"], "no tree with completion time <= 4: unsat");
  EXPECT_TRUE(j["solvers"]["subset_dp"].contains("seconds"));
}

// The branch and bound alone: proved optimal, its bounds and first incumbent printed.
TEST(SolveCli, BnbAloneAndInBoth) {
  const CliRun r =
      run("solve nonordered --blocks 9,1,8,1,7 --alpha 2 --root 0 --solver bnb --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["optimum"], j["solvers"]["bnb"]["optimum"]);
  EXPECT_EQ(j["solvers"]["bnb"]["outcome"], "optimal");
  EXPECT_EQ(j["solvers"]["bnb"]["gap"], 0);
  EXPECT_LT(j["solvers"]["bnb"]["best_found"].get<long>(),
            j["solvers"]["bnb"]["first_incumbent"].get<long>());
  EXPECT_EQ(j["tree"]["root"], 0);
  const CliRun all =
      run("solve nonordered --blocks 9,1,8,1,7 --alpha 2 --root 0 --solver all --format json");
  ASSERT_EQ(all.code, 0) << all.out;
  const auto a = nlohmann::json::parse(all.out);
  EXPECT_EQ(a["solvers"]["bnb"]["optimum"], a["solvers"]["subset_dp"]["optimum"]);
  EXPECT_EQ(a["solvers"]["z3"]["optimum"], a["solvers"]["subset_dp"]["optimum"]);
}

// A node limit that is hit: exit 3, the best tree with its gap, never "optimal".
TEST(SolveCli, BnbLimitIsInconclusive) {
  const CliRun r =
      // alpha = 20: with alpha = 4 the local-search incumbent meets the root bound (no node).
      run("solve nonordered --blocks 9,1,8,1,7,3,12,5,6,2,11 --alpha 20 --solver bnb "
          "--node-limit 2 --format json");
  ASSERT_EQ(r.code, 3) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["verdict"], "inconclusive");
  EXPECT_TRUE(j["optimum"].is_null());
  EXPECT_EQ(j["solvers"]["bnb"]["outcome"], "limit");
  EXPECT_EQ(j["solvers"]["bnb"]["stopped_by"], "nodes");
  EXPECT_GT(j["solvers"]["bnb"]["gap"].get<long>(), 0);
  EXPECT_TRUE(j["solvers"]["bnb"]["tree"].contains("sequence"));
  // Every root bound is printed (Lemmas B1-B5; chain and seeds were computed but not printed),
  // and the proved lower bound is at least the largest of them.
  const auto& b = j["solvers"]["bnb"]["bounds"];
  long top = 0;
  for (const char* k : {"volume", "latency", "partition", "chain", "seeds"}) {
    ASSERT_TRUE(b.contains(k)) << k << ": " << b.dump();
    top = std::max(top, b[k].get<long>());
  }
  EXPECT_GT(b["chain"].get<long>(), 0) << b.dump();
  EXPECT_GE(b["seeds"].get<long>(), b["chain"].get<long>()) << b.dump();
  EXPECT_GE(j["solvers"]["bnb"]["lower_bound"].get<long>(), top) << j["solvers"]["bnb"].dump();
  EXPECT_EQ(run("solve nonordered --blocks 1,2 --solver bnb --time-limit -1").code, 2);
}

TEST(SolveCli, Z3AloneDescendsAndSubsetDpAlone) {
  const CliRun z = run("solve nonordered --blocks 4,0,9,2 --alpha 3 --beta 1 --gamma 1 --solver z3 --format json");
  ASSERT_EQ(z.code, 0) << z.out;
  const CliRun d = run("solve nonordered --blocks 4,0,9,2 --alpha 3 --solver subset-dp --root best --format json");
  ASSERT_EQ(d.code, 0) << d.out;
  EXPECT_EQ(nlohmann::json::parse(z.out)["optimum"], nlohmann::json::parse(d.out)["optimum"]);
  EXPECT_FALSE(nlohmann::json::parse(d.out)["solvers"].contains("z3"));
}

TEST(SolveCli, FreeLeafCopiesAgreeAndAreNeverSlower) {
  const CliRun f = run("solve nonordered --blocks 3,1,4,1 --alpha 2 --leaf-copy free --format json");
  ASSERT_EQ(f.code, 0) << f.out;
  const CliRun p = run("solve nonordered --blocks 3,1,4,1 --alpha 2 --leaf-copy paid --format json");
  ASSERT_EQ(p.code, 0) << p.out;
  const auto jf = nlohmann::json::parse(f.out);
  EXPECT_EQ(jf["solvers"]["z3"]["optimum"], jf["solvers"]["subset_dp"]["optimum"]);
  EXPECT_LE(jf["optimum"].get<std::int64_t>(), nlohmann::json::parse(p.out)["optimum"].get<std::int64_t>());
  EXPECT_EQ(run("solve nonordered --blocks 1,2 --leaf-copy maybe", true).code, 2);
}

TEST(SolveCli, KPortedGather) {
  const CliRun r = run("solve kported --blocks 3,3,2,2,2 --ports 2 --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["optimum"], 6);
  EXPECT_EQ(j["brute_force"]["optimum"], 6);
  EXPECT_EQ(j["z3"]["simulated_time"], 6);
  EXPECT_EQ(j["z3"]["proof"], "no schedule with completion time <= 5: unsat");
  EXPECT_EQ(run("solve kported --blocks 3,1 --ports 0", true).code, 2);
  EXPECT_EQ(run("solve kported --blocks 3,-1", true).code, 2);
}

// Theorem 6 by the branch and bound alone (no Z3 object) and beside Z3 (both re-simulated).
TEST(SolveCli, KPortedBnb) {
  const CliRun r = run("solve kported --blocks 3,3,2,2,2 --ports 2 --solver bnb --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["optimum"], 6);
  EXPECT_FALSE(j.contains("z3"));
  EXPECT_EQ(j["bnb"]["outcome"], "optimal");
  EXPECT_EQ(j["bnb"]["first_incumbent"], 7);
  EXPECT_EQ(j["bnb"]["resimulated_time"], 6);
  const CliRun all = run("solve kported --blocks 3,3,2,2,2 --ports 2 --format json");
  ASSERT_EQ(all.code, 0) << all.out;
  EXPECT_EQ(nlohmann::json::parse(all.out)["bnb"]["best_found"], 6);
  EXPECT_EQ(run("solve kported --blocks 3,3 --solver bogus", true).code, 2);
}

TEST(SolveCli, MinimumBroadcastTime) {
  const CliRun r = run("solve mbt --vertices 4 --edges 0-1,1-2,2-3,3-0 --root 2 --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["rounds"], 2);
  EXPECT_EQ(j["broadcast_tree_time"], 4);
  EXPECT_EQ(j["brute_force"]["rounds"], 2);
  EXPECT_EQ(j["z3"]["schedule_check"], "holds");
  EXPECT_EQ(run("solve mbt --vertices 3 --edges 0-1", true).code, 2);     // 2 unreachable
  EXPECT_EQ(run("solve mbt --vertices 3 --edges 0-1,1x2", true).code, 2);
  EXPECT_EQ(run("solve mbt --vertices 3 --edges 0-1,1-2 --root 3", true).code, 2);
}

TEST(SolveCli, ExhaustedRlimitIsInconclusive) {
  const CliRun r = run("solve nonordered --blocks 5,3,8,1,9,2 --alpha 2 --solver z3 --rlimit 1000 --format json");
  EXPECT_EQ(r.code, 3) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out)["verdict"], "inconclusive");
}

TEST(SolveCli, BadInputNamesTheValue) {
  const std::pair<const char*, const char*> cases[] = {
      {"solve nonordered --blocks 1,-2,3", "-2"},
      {"solve nonordered --blocks 1,x,3", "'x'"},
      {"solve nonordered --blocks 1,2.5", "'2.5'"},
      {"solve nonordered --blocks ''", "empty"},
      {"solve nonordered --blocks 1,2 --root 2", "--root 2"},
      {"solve nonordered --blocks 1,2 --root -1", "-1"},
      {"solve nonordered --blocks 1,2 --alpha -3", "-3"},
      {"solve nonordered --blocks 1,99999999999999999999", "99999999999999999999"},
      {"solve nonordered --blocks 4611686018427387904,1", "overflows"},
      {"solve nonordered --blocks 1,2 --solver magic", "magic"},
      {"solve nonordered --blocks 1,2 --rlimit -4", "-4"},
      {"solve kported --blocks 1,2 --rlimit 0", "--rlimit '0' is not in the accepted range 1..4000000000"},
      {"reduce partition --values 1,1 --leaf-copy some", "--leaf-copy 'some' is not one of: free, paid"},
      {"solve nonordered --blocks 1,x", "--blocks entry 1 'x' is not an integer"},
      {"solve nonordered --blocks 1,2 --format xml", "xml"},
      {"reduce partition --values 1,0,1", "0"},
      {"reduce partition --values 1,2", "odd"},
      {"reduce partition --values ''", "empty"},
      {"reduce partition --values 1,-4,3", "-4"},
  };
  for (const auto& [args, text] : cases) {
    const CliRun r = run(args, true);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(text), std::string::npos) << args << ": missing '" << text << "' in\n" << r.out;
  }
}

TEST(ReduceCli, PartitionExists) {
  const CliRun r = run("reduce partition --values 1,1,1,1 --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["target"], 2 * 4 * 4 + 2 * 4 + 2);
  EXPECT_EQ(j["nonordered_optimum"], j["target"]);
  EXPECT_EQ(j["partition_exists"], true);
  EXPECT_EQ(j["claim_holds"], true);
  EXPECT_EQ(j["partition_sum"], 2);
  EXPECT_GE(j["ordered_optimum"].get<std::int64_t>(), j["nonordered_optimum"].get<std::int64_t>());
  EXPECT_EQ(j["solvers"]["z3"]["optimum"], j["solvers"]["subset_dp"]["optimum"]);
  EXPECT_EQ(j["instance"]["processors"], 6);
  // The convention of branch trees (free leaf copies): its ordered DP and the subset DP.
  EXPECT_EQ(j["leaf_copy_free"]["nonordered_at_target"], true);
  EXPECT_GE(j["leaf_copy_free"]["ordered_optimum"].get<std::int64_t>(),
            j["leaf_copy_free"]["nonordered_optimum"].get<std::int64_t>());
}

// Seed 001, Theorem 7 on 2,3,3,3,4,4,4,6,6,13 (p = 10, m = 48, 13 + 6 + 3 + 2 = 24 = m/2):
// the integer instance's blocks are m'_i = p m_i + 1, m'_p = pm/2 = 240, m'_{p+1} = pm/2 + p =
// 250, the target 2pm + 2p + 2 = 982, and Proposition 1's ordered bound ceil(log2 12) alpha +
// sum m' = 4 + 980 = 984. The paper's convention (a leaf does not copy) is the default: the
// ordered optimum is 983, within that bound; with paid leaf copies it is 996, above it.
TEST(ReduceCli, Theorem7WorkedExampleDefaultsToThePapersLeafConvention) {
  const CliRun r = run("reduce partition --values 2,3,3,3,4,4,4,6,6,13 --solver subset-dp");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["leaf_copy"], "free");
  EXPECT_EQ(j["instance"]["blocks"],
            nlohmann::json({21, 31, 31, 31, 41, 41, 41, 61, 61, 131, 240, 250}));
  EXPECT_EQ(j["instance"]["processors"], 12);
  EXPECT_EQ(j["target"], 982);
  EXPECT_EQ(j["nonordered_optimum"], 982);
  EXPECT_EQ(j["ordered_optimum"], 983);
  EXPECT_EQ(j["proposition_1_bound"], 984);
  EXPECT_EQ(j["partition_exists"], true);
  EXPECT_EQ(j["claim_holds"], true);
  EXPECT_EQ(j["partition_sum"], 24);
  EXPECT_EQ(j["leaf_copy_free"]["ordered_optimum"], 983);
  EXPECT_EQ(j["leaf_copy_free"]["within_proposition_1_bound"], true);
  EXPECT_EQ(j["leaf_copy_paid"]["ordered_optimum"], 996);
  EXPECT_EQ(j["leaf_copy_paid"]["nonordered_optimum"], 982);
  EXPECT_EQ(j["leaf_copy_paid"]["within_proposition_1_bound"], false);

  const CliRun paid = run("reduce partition --values 2,3,3,3,4,4,4,6,6,13 --solver subset-dp --leaf-copy paid");
  ASSERT_EQ(paid.code, 0) << paid.out;
  const auto jp = nlohmann::json::parse(paid.out);
  EXPECT_EQ(jp["leaf_copy"], "paid");
  EXPECT_EQ(jp["ordered_optimum"], 996);
  EXPECT_EQ(jp["nonordered_optimum"], 982);
  EXPECT_EQ(jp["leaf_copy_free"]["ordered_optimum"], 983);  // the other convention, one key away
}

// `solve nonordered` without --leaf-copy is the paper's convention too. m = {1, 4}, alpha = 2,
// beta = gamma = 1, root 0: free, the leaf 1 sends at once while 0 copies: max(1, 0) + 2 + 4 =
// 7; paid, the leaf copies its 4 units first: max(1, 4) + 6 = 10.
TEST(SolveCli, NonOrderedDefaultsToFreeLeafCopies) {
  const std::string args = "solve nonordered --blocks 1,4 --alpha 2 --root 0";
  const CliRun d = run(args);
  const CliRun p = run(args + " --leaf-copy paid");
  ASSERT_EQ(d.code, 0) << d.out;
  ASSERT_EQ(p.code, 0) << p.out;
  const auto jd = nlohmann::json::parse(d.out), jp = nlohmann::json::parse(p.out);
  EXPECT_EQ(jd["problem"]["leaf_copy"], "free");
  EXPECT_EQ(jp["problem"]["leaf_copy"], "paid");
  EXPECT_EQ(jd["optimum"], 7);
  EXPECT_EQ(jd["solvers"]["z3"]["optimum"], 7);
  EXPECT_EQ(jp["optimum"], 10);
  EXPECT_EQ(jp["solvers"]["z3"]["optimum"], 10);
}

TEST(ReduceCli, NoPartitionMeansAboveTheTarget) {
  const CliRun r = run("reduce partition --values 2,2,2,4 --format json");  // m = 10, 5 unreachable
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["partition_exists"], false);
  EXPECT_GT(j["nonordered_optimum"].get<std::int64_t>(), j["target"].get<std::int64_t>());
  EXPECT_TRUE(j["partition"].empty());
  EXPECT_EQ(j["claim_holds"], true);
}

}  // namespace
}  // namespace collverify
