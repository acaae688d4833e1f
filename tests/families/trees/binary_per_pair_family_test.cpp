// The campaign part of Theorem 3's per-pair binary DP (families/trees/binary_per_pair_family)
// through run_range: the real DP passes every p with its instances counted; each DP mutant fails,
// the smallest witness p and property named; bad parameters are refused.
#include "families/trees/binary_per_pair_family.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "engine/run_range.hpp"
#include "model/error.hpp"

namespace collverify::engine {
namespace {

RangeResult run(const Family& f, std::int64_t top) {
  std::vector<std::int64_t> ps;
  for (std::int64_t p = 1; p <= top; ++p) ps.push_back(p);
  RunOptions o;
  o.jobs = 1;
  o.instances = true;
  return run_range(f, ps, o);
}

TEST(BinaryPerPairFamily, PassesAndCountsInstances) {
  const auto r = run(BinaryPerPairFamily({}), 12);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.summary.checked, 12);
  EXPECT_EQ(r.summary.failed, 0);
  EXPECT_EQ(r.summary.coverage.instances, 12 * 4);
}

TEST(BinaryPerPairFamily, EveryMutantFailsWithItsSmallestWitness) {
  const struct {
    trees::BinaryDpMutant mutant;
    const char* property;
  } cases[] = {{trees::BinaryDpMutant::split_short, "not_optimal"},
               {trees::BinaryDpMutant::copy_dropped, "claimed_time"},
               {trees::BinaryDpMutant::comm_reversed, "claimed_time"}};
  for (const auto& c : cases) {
    BinaryPerPairOptions o;
    o.mutant = c.mutant;
    const auto r = run(BinaryPerPairFamily(o), 8);
    SCOPED_TRACE(static_cast<int>(c.mutant));
    ASSERT_GT(r.summary.failed, 0);
    ASSERT_FALSE(r.summary.violations.empty());
    const auto& w = r.summary.violations.front();
    EXPECT_EQ(w.property, c.property) << w.message;
    // No mutant can show on p = 1 (a single leaf) or p = 2 for the middle-root copy.
    EXPECT_GE(w.p, c.mutant == trees::BinaryDpMutant::comm_reversed ? 2 : 3) << w.message;
    EXPECT_LE(w.p, 5) << w.message;
  }
}

TEST(BinaryPerPairFamily, RefusesBadParameters) {
  BinaryPerPairOptions o;
  o.brute_max_p = 10;
  EXPECT_THROW(BinaryPerPairFamily{o}, InputError);
  o.brute_max_p = 7;
  o.instances = 0;
  EXPECT_THROW(BinaryPerPairFamily{o}, InputError);
  EXPECT_THROW(BinaryPerPairFamily({}).accept(0), InputError);
}

}  // namespace
}  // namespace collverify::engine
