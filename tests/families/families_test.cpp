// Each real family through run_range (no CLI process): a construction that holds passes with
// its instances and rounds counted, a broken one fails with the smallest witness, and the
// accept/memory contracts hold. The fake-family tests (run_range_test.cpp) cover the engine's
// own rules; these show the families fill the Outcome the engine relies on.
#include <gtest/gtest.h>

#include <filesystem>
#include <vector>

#include "families/circulant/bcast_family.hpp"
#include "families/circulant/collective_family.hpp"
#include "engine/run_range.hpp"
#include "families/trees/trees_family.hpp"
#include "model/error.hpp"

namespace collverify::engine {
namespace {

std::vector<std::int64_t> range(std::int64_t a, std::int64_t b) {
  std::vector<std::int64_t> ps;
  for (std::int64_t p = a; p <= b; ++p) ps.push_back(p);
  return ps;
}

RangeResult run(const Family& f, const std::vector<std::int64_t>& ps, int jobs = 2) {
  RunOptions o;
  o.jobs = jobs;
  o.instances = true;
  return run_range(f, ps, o);
}

TEST(Families, ReferenceBroadcastPassesWithEveryRoundAtTheBound) {
  const auto source = reference_source();
  const BcastFamily f(*source, {});
  const auto r = run(f, range(2, 40));
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.summary.checked, 39);
  EXPECT_EQ(r.summary.failed, 0);
  EXPECT_EQ(r.summary.coverage.instances, r.summary.coverage.rounds_counted);
  EXPECT_EQ(r.summary.coverage.rounds_at_bound, r.summary.coverage.rounds_counted);
  EXPECT_EQ(r.summary.coverage.rounds_max_excess, 0);
  EXPECT_GT(r.summary.coverage.instances, 39 * 3);
}

// The broken example file (rank 13's receives of rounds 1 and 3 swapped) fails with the witness
// the README promises, the same for 1 and 2 jobs, with an excerpt.
TEST(Families, BrokenScheduleFileFailsWithItsWitness) {
  const auto source =
      file_source(std::filesystem::path(COLLVERIFY_EXAMPLES) / "schedules/bcast_p20_broken.json");
  const BcastFamily f(*source, {});
  for (int jobs : {1, 2}) {
    const auto r = run(f, {20}, jobs);
    ASSERT_EQ(r.summary.failed, 1);
    ASSERT_FALSE(r.summary.violations.empty());
    const Violation& v = r.summary.violations.front();
    // The cause in every field (issue 25): the fast checker's property, rank, round of a phase
    // and block, with the first n whose simulation fails; the simulation's own round and
    // property are in the message.
    EXPECT_EQ(v.property, "agreement");
    EXPECT_EQ(v.p, 20);
    EXPECT_EQ(v.n, 5);
    EXPECT_EQ(v.rank, 13);
    EXPECT_EQ(v.round, 1);
    EXPECT_EQ(v.block, -2);
    EXPECT_NE(v.message.find("cause: agreement at rank 13, round 1 of every phase"),
              std::string::npos)
        << v.message;
    EXPECT_NE(v.message.find("simulated with n = 5, absolute round 5: agreement at rank 13: "),
              std::string::npos)
        << v.message;
    EXPECT_TRUE(r.summary.excerpt.has_value());
    // Where the reports point (GitHub file= and line=): rank 13's recv row, line 3 + 13.
    EXPECT_EQ(r.summary.input,
              (std::filesystem::path(COLLVERIFY_EXAMPLES) / "schedules/bcast_p20_broken.json")
                  .string());
    ASSERT_EQ(r.summary.locations.size(), 1u);
    EXPECT_EQ(r.summary.locations[0].file, r.summary.input);
    EXPECT_EQ(r.summary.locations[0].line, 16);
  }
}

TEST(Families, BroadcastRefusesAPWithoutBlockCounts) {
  const auto source = reference_source();
  BcastOptions o;
  o.blocks = BlockCounts::parse("q-3");  // q - 3 < 1 for every p <= 8
  const BcastFamily f(*source, o);
  EXPECT_THROW(run(f, range(2, 8)), InputError);
}

// Algorithm 9 read literally (docs/ERRATA.md E8) fails first at p = 3, n = 2; the corrected
// reading passes the same range.
TEST(Families, AllgathervLiteralDummyRoundsFailsAtTheErratumsWitness) {
  CollectiveOptions o;
  o.what = Collective::allgatherv;
  o.readings = {circulant::Transcription::literal, circulant::Transcription::corrected};
  const auto bad = run(CollectiveFamily(o), range(1, 12));
  ASSERT_GT(bad.summary.failed, 0);
  EXPECT_EQ(bad.summary.violations.front().p, 3);
  EXPECT_EQ(bad.summary.violations.front().n, 2);
  EXPECT_EQ(bad.summary.violations.front().property, "no_redundant_receive");
  o.readings = {};
  const auto good = run(CollectiveFamily(o), range(1, 12));
  EXPECT_EQ(good.summary.failed, 0);
  EXPECT_EQ(good.summary.coverage.rounds_at_bound, good.summary.coverage.rounds_counted);
}

TEST(Families, CensusAndAllgatherPassInQRounds) {
  for (const auto what : {Collective::allgather, Collective::census}) {
    CollectiveOptions o;
    o.what = what;
    const auto r = run(CollectiveFamily(o), range(1, 33));
    EXPECT_EQ(r.summary.checked, 33);
    EXPECT_EQ(r.summary.failed, 0);
    EXPECT_EQ(r.summary.coverage.rounds_counted, 33);
    EXPECT_EQ(r.summary.coverage.rounds_at_bound, 33);
  }
}

TEST(Families, TreesCountPAndInstancesAndRefuseBadParameters) {
  TreesOptions o;
  o.brute_max_p = 5;
  const auto r = run(TreesFamily(o), range(1, 6));
  EXPECT_EQ(r.summary.checked, 6);
  EXPECT_EQ(r.summary.failed, 0);
  EXPECT_EQ(r.summary.coverage.instances, 6 * 11 * 2);
  o.brute_max_p = 10;
  EXPECT_THROW(TreesFamily{o}, InputError);
  o.brute_max_p = 5;
  o.gammas = {-1};
  EXPECT_THROW(TreesFamily{o}, InputError);
  EXPECT_THROW(TreesFamily(TreesOptions{}).accept(0), InputError);
}

}  // namespace
}  // namespace collverify::engine
