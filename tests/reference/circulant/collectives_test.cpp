// Algorithms 7, 8 and 9 of seed 000, judged by the data-level checker for every p in 1..200
// (Algorithm 9 with several block counts and size distributions), the contract examples, and the
// literal readings of Algorithm 9 with their smallest counterexamples (docs/ERRATA.md).
#include <gtest/gtest.h>

#include "checkers/collective_lower_bounds.hpp"
#include "checkers/data_simulate.hpp"
#include "model/int_math.hpp"
#include "reference/circulant/allgather.hpp"
#include "reference/circulant/allgatherv.hpp"
#include "reference/circulant/census.hpp"

namespace collverify::circulant {
namespace {

std::string describe(const Verdict& v) {
  return v ? v->property + " at p=" + std::to_string(v->p) + " n=" + std::to_string(v->n) +
                 " round " + std::to_string(v->round) + " rank " + std::to_string(v->rank) + ": " +
                 v->message
           : "pass";
}

CollectiveResult check_allgatherv(const AllgathervPlan& plan, std::int64_t p, std::int64_t n) {
  return simulate_collective(
      plan.header(), plan.round_count(), [&plan](std::int64_t t) { return plan.round(t); },
      allgatherv_round_lower_bound(p, n));
}

TEST(Allgather, EveryPUpTo200) {
  for (std::int64_t p = 1; p <= 200; ++p) {
    const auto r = simulate_collective(build_allgather(p), allgather_round_lower_bound(p));
    ASSERT_FALSE(r.verdict) << describe(r.verdict);
    EXPECT_EQ(r.rounds, ceil_log2(p));
  }
}

TEST(Allgather, ContractExample) {
  const auto s = build_allgather(3);
  ASSERT_EQ(s.rounds.size(), 2U);
  EXPECT_EQ(s.rounds[0][1].to, 0);
  EXPECT_EQ(s.rounds[0][1].items, (std::vector<Item>{{1, 0}}));
  EXPECT_EQ(s.rounds[1][1].to, 2);
  EXPECT_EQ(s.rounds[1][1].stored_as, (std::vector<Item>{{1, 0}}));
}

TEST(Census, EveryPUpTo200) {
  for (std::int64_t p = 1; p <= 200; ++p) {
    const auto r = simulate_collective(build_census(p), census_round_lower_bound(p));
    ASSERT_FALSE(r.verdict) << describe(r.verdict);
  }
}

TEST(Census, ContractExample) {
  const auto s = build_census(3);
  ASSERT_EQ(s.rounds.size(), 2U);
  EXPECT_EQ(s.rounds[0][1].to, 0);
  EXPECT_TRUE(s.rounds[0][1].own);
  EXPECT_EQ(s.rounds[1][1].to, 0);
  EXPECT_FALSE(s.rounds[1][1].own);
  EXPECT_TRUE(s.rounds[1][1].partial);
}

// n = 1 (no pipelining) and n = 2 (q - 1 dummy rounds for q >= 2); sizes with zeros. Split in
// four so that each test stays short under the sanitizers.
void allgatherv_passes(std::int64_t first_p, std::int64_t last_p, std::int64_t n) {
  for (std::int64_t p = first_p; p <= last_p; ++p) {
    std::vector<std::int64_t> sizes(static_cast<std::size_t>(p));
    for (std::int64_t r = 0; r < p; ++r) sizes[static_cast<std::size_t>(r)] = (r % 3) * 2;
    const auto plan = plan_allgatherv(p, n, sizes);
    const auto r = check_allgatherv(plan, p, n);
    ASSERT_FALSE(r.verdict) << describe(r.verdict);
    EXPECT_EQ(r.rounds, allgatherv_round_lower_bound(p, n));
  }
}

TEST(Allgatherv, EveryPUpTo160OneBlock) {
  allgatherv_passes(1, 160, 1);
}
TEST(Allgatherv, EveryPFrom161To200OneBlock) {
  allgatherv_passes(161, 200, 1);
}
TEST(Allgatherv, EveryPUpTo160TwoBlocks) {
  allgatherv_passes(1, 160, 2);
}
TEST(Allgatherv, EveryPFrom161To200TwoBlocks) {
  allgatherv_passes(161, 200, 2);
}

TEST(Allgatherv, ContractExample) {
  const auto s = plan_allgatherv(2, 1, {}).materialize();
  ASSERT_EQ(s.rounds.size(), 1U);
  ASSERT_EQ(s.rounds[0].size(), 2U);
  EXPECT_EQ(s.rounds[0][0].to, 1);
  EXPECT_EQ(s.rounds[0][0].items, (std::vector<Item>{{0, 0}}));
  EXPECT_EQ(s.rounds[0][1].items, (std::vector<Item>{{1, 0}}));
}

// Smallest (p, n) at which a reading fails, searching p = 1..maxp, n = 1..maxn.
Verdict first_failure(AllgathervReadings readings, std::int64_t maxp, std::int64_t maxn) {
  for (std::int64_t p = 1; p <= maxp; ++p) {
    for (std::int64_t n = 1; n <= maxn; ++n) {
      const auto r = check_allgatherv(plan_allgatherv(p, n, {}, {}, readings), p, n);
      if (r.verdict) return r.verdict;
    }
  }
  return std::nullopt;
}

TEST(Allgatherv, LiteralDummyRoundsFailFromP3) {
  AllgathervReadings lit;
  lit.alg9_dummy_rounds = Transcription::literal;
  const Verdict v = first_failure(lit, 40, 8);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->p, 3) << describe(v);
  EXPECT_EQ(v->n, 2) << describe(v);
  std::cout << "literal dummy rounds: " << describe(v) << "\n";
}

TEST(Allgatherv, LiteralRootSlotFails) {
  AllgathervReadings lit;
  lit.alg9_root_slot = Transcription::literal;
  const Verdict v = first_failure(lit, 40, 8);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->property, "no_redundant_receive") << describe(v);
  std::cout << "literal root slot: " << describe(v) << "\n";
}

}  // namespace
}  // namespace collverify::circulant
