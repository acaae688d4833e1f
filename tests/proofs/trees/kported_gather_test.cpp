// Theorem 6's k-ported gather: Z3 against brute force, every answer re-simulated.
#include <gtest/gtest.h>

#include <random>

#include "model/error.hpp"
#include "proofs/trees/kported_gather.hpp"

namespace collverify::proofs {
namespace {

TEST(KPorted, HeaderExample) {
  const KPortedProblem pr{{3, 3, 2, 2, 2}, 2, 0, 1};
  const KPortedResult z = kported_gather_z3(pr, SolverOptions{});
  ASSERT_EQ(z.outcome, SolverOutcome::unsat);
  EXPECT_EQ(z.best.time, 6);
  EXPECT_EQ(star_gather_time(pr, z.best.port), 6);
  EXPECT_EQ(z.proof, "no schedule with completion time <= 5: unsat");
  EXPECT_EQ(kported_brute_force(pr).time, 6);
}

TEST(KPorted, SimulationCountsEachPort) {
  const KPortedProblem pr{{4, 0, 5}, 3, 2, 1};
  EXPECT_EQ(star_gather_time(pr, {0, 0, 0}), 6 + 0 + 7);  // the empty block sends nothing
  EXPECT_EQ(star_gather_time(pr, {0, 1, 2}), 7);
  EXPECT_EQ(star_gather_time(pr, {2, 2, 1}), 7);
}

TEST(KPorted, RefusesBadInput) {
  EXPECT_THROW(kported_gather_z3({{}, 2, 0, 1}, SolverOptions{}), InputError);
  EXPECT_THROW(kported_gather_z3({{1, -1}, 2, 0, 1}, SolverOptions{}), InputError);
  EXPECT_THROW(kported_gather_z3({{1, 1}, 0, 0, 1}, SolverOptions{}), InputError);
  EXPECT_THROW(kported_gather_z3({{1, 1}, 2, -1, 1}, SolverOptions{}), InputError);
  EXPECT_THROW(kported_gather_z3({{std::int64_t{1} << 62, 1}, 2, 0, 1}, SolverOptions{}), InputError);
}

TEST(KPorted, ExhaustedRlimitIsInconclusive) {
  const KPortedProblem pr{{17, 23, 31, 41, 53, 59, 61, 67, 71, 73, 79, 83}, 3, 0, 1};
  EXPECT_EQ(kported_gather_z3(pr, SolverOptions{10}).outcome, SolverOutcome::inconclusive);
}

TEST(KPorted, Z3EqualsBruteForceOnRandomInstances) {
  std::mt19937_64 rng(6);
  for (int round = 0; round < 20; ++round) {
    KPortedProblem pr;
    pr.k = 1 + static_cast<std::int64_t>(rng() % 3);
    pr.alpha = static_cast<std::int64_t>(rng() % 3);
    const std::size_t n = 1 + rng() % 7;
    for (std::size_t i = 0; i < n; ++i) pr.m.push_back(static_cast<std::int64_t>(rng() % 20));
    const KPortedResult z = kported_gather_z3(pr, SolverOptions{});
    ASSERT_EQ(z.outcome, SolverOutcome::unsat) << "round " << round;
    EXPECT_EQ(z.best.time, kported_brute_force(pr).time) << "round " << round;
    EXPECT_EQ(star_gather_time(pr, z.best.port), z.best.time);
  }
}

}  // namespace
}  // namespace collverify::proofs
