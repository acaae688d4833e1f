// The data-level checker: each property on a hand-made schedule, the smallest-witness rule, the
// mutants it must reject on the seed's constructions, and agreement with its slow twin.
#include <gtest/gtest.h>

#include "checkers/collective_lower_bounds.hpp"
#include "checkers/data_simulate.hpp"
#include "generators/collective_mutants.hpp"
#include "model/error.hpp"
#include "reference/circulant/allgather.hpp"
#include "reference/circulant/allgatherv.hpp"
#include "reference/circulant/census.hpp"

namespace collverify {
namespace {

// p = 2, n = 1: one round, each rank sends its own block to the other.
CollectiveSchedule swap2() {
  CollectiveSchedule s;
  s.p = 2;
  s.rounds = {{{0, 1, {{0, 0}}, {{0, 0}}}, {1, 0, {{1, 0}}, {{1, 0}}}}};
  return s;
}

std::string property(const CollectiveSchedule& s, std::int64_t lower_bound) {
  const auto fast = simulate_collective(s, lower_bound);
  const auto slow = simulate_collective_slow(s, lower_bound);
  EXPECT_EQ(fast.verdict.has_value(), slow.verdict.has_value());
  if (fast.verdict && slow.verdict) {
    EXPECT_EQ(fast.verdict->property, slow.verdict->property);
    EXPECT_EQ(fast.verdict->rank, slow.verdict->rank);
    EXPECT_EQ(fast.verdict->round, slow.verdict->round);
  }
  return fast.verdict ? fast.verdict->property : "pass";
}

TEST(DataSimulate, HandMadeSwapPasses) {
  EXPECT_EQ(property(swap2(), 1), "pass");
}

TEST(DataSimulate, EachPropertyOnAHandMadeSchedule) {
  auto s = swap2();
  s.rounds[0][1].to = 2;
  EXPECT_EQ(property(s, 1), "rank_range");
  s = swap2();
  s.rounds[0][1].stored_as[0] = {0, 0};
  EXPECT_EQ(property(s, 1), "agreement");
  s = swap2();
  s.rounds[0][1].stored_as.push_back({1, 0});
  EXPECT_EQ(property(s, 1), "agreement");
  s = swap2();
  s.rounds[0][1].items[0] = s.rounds[0][1].stored_as[0] = {1, 3};
  EXPECT_EQ(property(s, 1), "block_range");
  s = swap2();
  s.rounds[0][1].items[0] = s.rounds[0][1].stored_as[0] = {0, 0};  // rank 1 lacks (0, 0)
  EXPECT_EQ(property(s, 1), "send_before_receive");
  s = swap2();
  s.rounds[0][0].to = 0;
  EXPECT_EQ(property(s, 1), "rank_range");
  s = swap2();
  s.rounds.push_back({{0, 1, {{0, 0}}, {{0, 0}}}});
  EXPECT_EQ(property(s, 1), "no_redundant_receive");
  s = swap2();
  s.rounds[0].pop_back();
  EXPECT_EQ(property(s, 1), "completeness");
  EXPECT_EQ(property(swap2(), 2), "round_optimal");
  s = swap2();
  s.n = 2;
  s.rounds[0][0].items = s.rounds[0][0].stored_as = {{0, 0}, {0, 1}};
  EXPECT_EQ(property(s, 1), "one_block_per_origin");
  s = swap2();
  s.p = 3;
  s.rounds[0].push_back({0, 2, {{0, 0}}, {{0, 0}}});
  EXPECT_EQ(property(s, 1), "one_port_send");
  s = swap2();
  s.p = 3;
  s.rounds[0].push_back({2, 1, {{2, 0}}, {{2, 0}}});
  EXPECT_EQ(property(s, 1), "one_port_receive");
}

TEST(DataSimulate, EmptyBlocksAreExemptFromCompletenessOnly) {
  auto s = swap2();
  s.n = 2;           // block 1 of each origin is never sent
  s.sizes = {1, 1};  // blocks: origin 0 = {[0,0), [0,1)}: block 0 empty, block 1 not
  EXPECT_EQ(property(s, 1), "completeness");
  s.sizes = {0, 1};  // origin 0 empty; origin 1 block 1 has the element and is missing
  EXPECT_EQ(property(s, 1), "completeness");
  s.rounds[0][1].items = s.rounds[0][1].stored_as = {{1, 1}};
  s.rounds[0][0].items = s.rounds[0][0].stored_as = {{0, 1}};
  EXPECT_EQ(property(s, 1), "pass");  // origin 0 has no data; origin 1 block 0 is empty
}

TEST(DataSimulate, SmallestRankOfTheFirstFailingRound) {
  auto s = circulant::build_allgather(8);
  // Break rank 5 and rank 2 in round 1: the witness is rank 2.
  s.rounds[1][5].items[0] = s.rounds[1][5].stored_as[0] = {7, 0};
  s.rounds[1][2].items[0] = s.rounds[1][2].stored_as[0] = {6, 0};
  const auto r = simulate_collective(s, 3);
  ASSERT_TRUE(r.verdict);
  EXPECT_EQ(r.verdict->round, 1);
  EXPECT_EQ(r.verdict->rank, 2);
}

TEST(DataSimulate, CensusDoubleCountAndEmptySum) {
  CollectiveSchedule s;
  s.kind = CollectiveKind::census;
  s.p = 2;
  Message a{0, 1, {}, {}, true, true};
  Message b{1, 0, {}, {}, true, true};
  s.rounds = {{a, b}};
  EXPECT_EQ(property(s, 1), "pass");
  s.rounds.push_back({a});
  EXPECT_EQ(property(s, 1), "no_redundant_receive");
  s.rounds = {{a, {1, 0, {}, {}, false, true}}};  // S_1 is empty in round 0
  EXPECT_EQ(property(s, 1), "no_redundant_receive");
  s.rounds = {{a}};
  EXPECT_EQ(property(s, 1), "completeness");
}

TEST(DataSimulate, RefusesBadHeaders) {
  auto s = swap2();
  s.sizes = {1};
  EXPECT_THROW(simulate_collective(s, 1), InputError);
  s.sizes = {1, -1};
  EXPECT_THROW(simulate_collective(s, 1), InputError);
}

struct Case {
  CollectiveSchedule s;
  std::int64_t lower_bound;
};

std::vector<Case> constructions(std::int64_t p) {
  std::vector<Case> out;
  out.push_back({circulant::build_allgather(p), allgather_round_lower_bound(p)});
  out.push_back({circulant::build_census(p), census_round_lower_bound(p)});
  for (std::int64_t n : {1, 3}) {
    std::vector<std::int64_t> sizes(static_cast<std::size_t>(p), 4);
    out.push_back({circulant::plan_allgatherv(p, n, sizes).materialize(),
                   allgatherv_round_lower_bound(p, n)});
  }
  return out;
}

const CollectiveMutation kAll[] = {
    CollectiveMutation::drop_item,        CollectiveMutation::wrong_origin,
    CollectiveMutation::send_early,       CollectiveMutation::second_send,
    CollectiveMutation::extra_round,      CollectiveMutation::add_contribution,
    CollectiveMutation::drop_contribution};

// Every mutant of every construction is rejected, by both twins with the same witness; each
// kind applies somewhere.
TEST(DataSimulate, RejectsEveryMutantAndAgreesWithTheSlowTwin) {
  std::map<std::string, int> applied;
  for (std::int64_t p : {2, 3, 5, 6, 7, 12, 17}) {
    for (const Case& c : constructions(p)) {
      for (CollectiveMutation kind : kAll) {
        for (std::uint64_t seed = 0; seed < 4; ++seed) {
          const auto m = mutate(c.s, kind, seed * 7919 + static_cast<std::uint64_t>(p));
          if (!m) continue;
          ++applied[to_string(kind)];
          const auto fast = simulate_collective(m->schedule, c.lower_bound);
          const auto slow = simulate_collective_slow(m->schedule, c.lower_bound);
          ASSERT_TRUE(fast.verdict) << "p=" << p << " " << m->description;
          ASSERT_TRUE(slow.verdict) << "p=" << p << " " << m->description;
          EXPECT_EQ(fast.verdict->property, slow.verdict->property) << m->description;
          EXPECT_EQ(fast.verdict->round, slow.verdict->round) << m->description;
          EXPECT_EQ(fast.verdict->rank, slow.verdict->rank) << m->description;
          if (kind == CollectiveMutation::extra_round) {
            EXPECT_EQ(fast.verdict->property, "round_optimal");
          }
          if (kind == CollectiveMutation::second_send) {
            EXPECT_TRUE(fast.verdict->property == "one_port_send" ||
                        fast.verdict->property == "one_port_receive")
                << fast.verdict->property;
          }
          if (kind == CollectiveMutation::add_contribution) {
            EXPECT_EQ(fast.verdict->property, "no_redundant_receive");
          }
        }
      }
    }
  }
  for (CollectiveMutation kind : kAll) EXPECT_GT(applied[to_string(kind)], 0) << to_string(kind);
}

TEST(DataSimulate, SendEarlyIsASendBeforeReceive) {
  const auto s = circulant::build_allgather(16);
  const auto m = mutate(s, CollectiveMutation::send_early, 3);
  ASSERT_TRUE(m);
  const auto r = simulate_collective(m->schedule, 4);
  ASSERT_TRUE(r.verdict);
  EXPECT_TRUE(r.verdict->property == "send_before_receive" ||
              r.verdict->property == "one_block_per_origin")
      << r.verdict->property << ": " << m->description;
}

TEST(DataSimulate, TwinsAgreeOnEveryConstructionUpTo40) {
  for (std::int64_t p = 1; p <= 40; ++p) {
    for (const Case& c : constructions(p)) {
      EXPECT_FALSE(simulate_collective(c.s, c.lower_bound).verdict) << p;
      EXPECT_FALSE(simulate_collective_slow(c.s, c.lower_bound).verdict) << p;
    }
  }
}

}  // namespace
}  // namespace collverify
