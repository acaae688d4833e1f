// End-to-end tests of `collverify compare bcast`: both constructions valid (exit 0) with the
// count of differing p, an invalid one (the literal reading of Algorithms 4-5) named with its
// witness (exit 1), JSON output, bad input (exit 2).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <string>

#include "reference/circulant/bcast.hpp"
#include "reference/circulant/logp_schedule.hpp"

#include "cli_run.hpp"

namespace collverify {
namespace {

using test_cli::CliRun;
using test_cli::run_collverify;
using test_cli::Stderr;

CliRun run(const std::string& args) { return run_collverify(args, Stderr::passed_through); }

// How many p in [lo, hi] have different tables, counted here from the library.
int differing(std::int64_t lo, std::int64_t hi) {
  int n = 0;
  for (std::int64_t p = lo; p <= hi; ++p) {
    const auto a = circulant::build_circulant_bcast(p);
    const auto b = circulant::build_circulant_bcast_logp(p);
    n += (a.recv != b.recv || a.send != b.send) ? 1 : 0;
  }
  return n;
}

TEST(CompareCli, BothValidTextCountMatchesTheLibrary) {
  const CliRun r = run("compare bcast --p 1..300 --jobs 2");
  EXPECT_EQ(r.code, 0) << r.out;
  const std::string last = "compared 300 p: tables differ for " +
                           std::to_string(differing(1, 300)) + ", a construction is invalid for 0";
  EXPECT_NE(r.out.find(last), std::string::npos) << r.out;
}

TEST(CompareCli, JsonListsEveryDifferenceWithBothValues) {
  const CliRun r = run("compare bcast --p 2..200 --format json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["compared"], 199);
  EXPECT_EQ(j["complete"], true);
  EXPECT_EQ(j["invalid_count"], 0);
  EXPECT_EQ(j["differ_count"], differing(2, 200));
  for (const auto& d : j["differ"]) {
    const auto p = d["p"].get<std::int64_t>();
    const auto a = circulant::build_circulant_bcast(p);
    const auto b = circulant::build_circulant_bcast_logp(p);
    const auto rank = d["rank"].get<std::int64_t>();
    const int k = d["round"].get<int>();
    const bool recv = d["table"] == "recv";
    EXPECT_EQ(d["alg45"].get<int>(), recv ? a.recv_at(rank, k) : a.send_at(rank, k));
    EXPECT_EQ(d["logp"].get<int>(), recv ? b.recv_at(rank, k) : b.send_at(rank, k));
    EXPECT_NE(d["alg45"], d["logp"]);
  }
}

// The literal reading of Algorithm 4 line 2 breaks p = 5 (docs/ERRATA.md E3): the tables then
// differ from the logp ones, the alg45 side is invalid, the exit code is 1.
TEST(CompareCli, AnInvalidConstructionExitsOneWithItsWitness) {
  const CliRun r = run("compare bcast --p 2..8 --transcription literal");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("p=5 alg45 INVALID: no_redundant_receive at rank 1, round 1"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("logp INVALID"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("p=5 differs in "), std::string::npos) << r.out;
  const CliRun j = run("compare bcast --p 5 --transcription literal --format json");
  EXPECT_EQ(j.code, 1);
  const auto parsed = nlohmann::json::parse(j.out);
  EXPECT_EQ(parsed["invalid"][0]["construction"], "alg45");
  EXPECT_EQ(parsed["invalid"][0]["p"], 5);
  ASSERT_EQ(parsed["differ"].size(), 1U);
  const auto lit = circulant::build_circulant_bcast(5, {circulant::Transcriptions::literal()});
  const auto& d = parsed["differ"][0];
  const bool recv = d["table"] == "recv";
  const auto rank = d["rank"].get<std::int64_t>();
  const int k = d["round"].get<int>();
  EXPECT_EQ(d["alg45"].get<int>(), recv ? lit.recv_at(rank, k) : lit.send_at(rank, k));
}

TEST(CompareCli, BadInputExitsTwo) {
  EXPECT_EQ(run("compare bcast --p 2..10 --format xml 2>/dev/null").code, 2);
  EXPECT_EQ(run("compare bcast --p 10..2 2>/dev/null").code, 2);
  EXPECT_EQ(run("compare bcast --p 2..10 --jobs 0 2>/dev/null").code, 2);
  EXPECT_EQ(run("compare bcast 2>/dev/null").code, 2);
  const CliRun r = run("compare bcast --p 2..10 --transcription loose 2>&1");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("--transcription 'loose'"), std::string::npos) << r.out;
}

// `verify bcast --construction` and `schedule bcast --construction` (cmd_bcast.cpp).
TEST(CompareCli, ConstructionFlagsOfVerifyAndSchedule) {
  EXPECT_EQ(run("verify bcast --p 2..64 >/dev/null 2>&1").code, 0);
  EXPECT_EQ(run("verify bcast --p 2..64 --construction alg45 >/dev/null 2>&1").code, 0);
  const CliRun both =
      run("verify bcast --p 2..10 --construction logp --transcription literal 2>&1");
  EXPECT_EQ(both.code, 2);
  EXPECT_NE(both.out.find("--transcription"), std::string::npos) << both.out;
  EXPECT_NE(both.out.find("--construction alg45"), std::string::npos) << both.out;
  EXPECT_EQ(run("verify bcast --p 2..10 --construction fast 2>/dev/null").code, 2);
  // Literal alone selects Algorithms 4-5 (the only construction that has it): p = 5 fails.
  EXPECT_EQ(run("verify bcast --p 2..8 --transcription literal >/dev/null 2>&1").code, 1);
  EXPECT_EQ(
      run("verify bcast --p 2..8 --construction alg45 --transcription literal >/dev/null 2>&1")
          .code,
      1);
  const CliRun logp = run("schedule bcast --p 4 --construction logp");
  EXPECT_EQ(logp.code, 0);
  EXPECT_NE(logp.out.find("p = 4"), std::string::npos) << logp.out;
  EXPECT_EQ(
      run("schedule bcast --p 4 --construction logp --transcription literal 2>/dev/null").code, 2);
}

}  // namespace
}  // namespace collverify
