// Theorem 5's Minimum Broadcast Time: Z3 against breadth-first brute force; the schedule
// checker against mutants.
#include <gtest/gtest.h>

#include <random>

#include "model/error.hpp"
#include "proofs/trees/min_broadcast_time.hpp"

namespace collverify::proofs {
namespace {

BroadcastGraph graph(std::int64_t n, std::vector<std::pair<std::int64_t, std::int64_t>> e, std::int64_t root) {
  return BroadcastGraph{n, std::move(e), root};
}

TEST(Mbt, HeaderExamples) {
  const auto path = graph(4, {{0, 1}, {1, 2}, {2, 3}}, 0);
  const auto star = graph(4, {{3, 0}, {3, 1}, {3, 2}}, 3);
  const auto cycle = graph(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, 2);
  for (const auto& [g, rounds] : {std::pair{path, 3}, {star, 3}, {cycle, 2}}) {
    const MbtResult z = mbt_z3(g, SolverOptions{});
    ASSERT_EQ(z.outcome, SolverOutcome::unsat);
    EXPECT_EQ(z.best.rounds, rounds);
    EXPECT_EQ(check_broadcast_schedule(g, z.best), "");
    EXPECT_EQ(mbt_brute_force(g), rounds);
  }
  EXPECT_EQ(mbt_z3(graph(1, {}, 0), SolverOptions{}).best.rounds, 0);
}

TEST(Mbt, CheckerRejectsMutants) {
  const auto g = graph(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, 0);
  const BroadcastSchedule good{2, {-1, 0, 1, 0}, {0, 1, 2, 2}};
  EXPECT_EQ(check_broadcast_schedule(g, good), "");
  auto bad = good;
  bad.caller[2] = 0;  // 0-2 is not an edge
  EXPECT_NE(check_broadcast_schedule(g, bad), "");
  bad = good;
  bad.round[3] = 1;  // 0 calls 1 and 3 in round 1
  bad.rounds = 2;
  EXPECT_NE(check_broadcast_schedule(g, bad), "");
  bad = good;
  bad.round[2] = 1;  // 1 calls before it is informed
  EXPECT_NE(check_broadcast_schedule(g, bad), "");
  bad = good;
  bad.rounds = 1;
  EXPECT_NE(check_broadcast_schedule(g, bad), "");
}

TEST(Mbt, RefusesBadGraphs) {
  EXPECT_THROW(mbt_z3(graph(0, {}, 0), SolverOptions{}), InputError);
  EXPECT_THROW(mbt_z3(graph(3, {{0, 1}}, 0), SolverOptions{}), InputError);  // 2 unreachable
  EXPECT_THROW(mbt_z3(graph(3, {{0, 1}, {1, 3}}, 0), SolverOptions{}), InputError);
  EXPECT_THROW(mbt_z3(graph(3, {{0, 1}, {1, 2}}, 5), SolverOptions{}), InputError);
  EXPECT_THROW(mbt_z3(graph(2, {{0, 1}, {1, 1}}, 0), SolverOptions{}), InputError);
}

TEST(Mbt, Z3EqualsBruteForceOnRandomGraphs) {
  std::mt19937_64 rng(5);
  for (int round = 0; round < 15; ++round) {
    const std::int64_t n = 2 + static_cast<std::int64_t>(rng() % 6);
    std::vector<std::pair<std::int64_t, std::int64_t>> e;
    for (std::int64_t v = 1; v < n; ++v) e.emplace_back(static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(v)), v);
    for (int extra = 0; extra < 3; ++extra) {
      const auto a = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(n));
      const auto b = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(n));
      if (a != b) e.emplace_back(a, b);
    }
    const auto g = graph(n, e, static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(n)));
    const MbtResult z = mbt_z3(g, SolverOptions{});
    ASSERT_EQ(z.outcome, SolverOutcome::unsat) << "round " << round;
    EXPECT_EQ(check_broadcast_schedule(g, z.best), "") << "round " << round;
    EXPECT_EQ(z.best.rounds, mbt_brute_force(g)) << "round " << round;
  }
}

}  // namespace
}  // namespace collverify::proofs
