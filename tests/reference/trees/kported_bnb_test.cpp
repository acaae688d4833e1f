// Theorem 6's k-ported gather by branch and bound (reference/trees/kported_bnb) against its slow
// twin, the brute force over every port assignment (proofs/trees/kported_gather), each schedule
// re-simulated by star_gather_time; a node limit never claims "optimal".
#include <gtest/gtest.h>

#include <random>

#include "proofs/trees/kported_gather.hpp"
#include "reference/trees/kported_bnb.hpp"

namespace collverify::trees {
namespace {

TEST(KPortedBnb, HeaderExample) {
  const KPortedBnbResult r = kported_bnb({3, 3, 2, 2, 2}, 2, 0, 1);
  EXPECT_EQ(r.first_incumbent, 7);
  EXPECT_EQ(r.time, 6);
  EXPECT_TRUE(r.optimal);
  const proofs::KPortedProblem pr{{3, 3, 2, 2, 2}, 2, 0, 1};
  EXPECT_EQ(proofs::star_gather_time(pr, r.port), 6);
}

TEST(KPortedBnb, EqualsTheBruteForceOnRandomInstances) {
  std::mt19937_64 rng(20261126);
  for (int round = 0; round < 300; ++round) {
    proofs::KPortedProblem pr;
    const auto n = 1 + rng() % 9;
    for (std::size_t i = 0; i < n; ++i)
      pr.m.push_back(static_cast<std::int64_t>(rng() % 6 == 0 ? 0 : rng() % 40));
    pr.k = 1 + static_cast<std::int64_t>(rng() % 4);
    pr.alpha = static_cast<std::int64_t>(rng() % 3 == 0 ? 0 : rng() % 20);
    pr.beta = static_cast<std::int64_t>(rng() % 3);
    const KPortedBnbResult r = kported_bnb(pr.m, pr.k, pr.alpha, pr.beta);
    ASSERT_TRUE(r.optimal);
    EXPECT_EQ(r.time, proofs::kported_brute_force(pr).time) << "round " << round;
    EXPECT_EQ(proofs::star_gather_time(pr, r.port), r.time) << "round " << round;
    EXPECT_LE(r.time, r.first_incumbent);
  }
}

TEST(KPortedBnb, NodeLimitIsNeverOptimal) {
  std::vector<std::int64_t> m;
  for (std::int64_t i = 0; i < 30; ++i) m.push_back(1000 + (i * 7919) % 997);
  const KPortedBnbResult r = kported_bnb(m, 7, 0, 1, 5);
  EXPECT_FALSE(r.optimal);
  EXPECT_LE(r.lower_bound, r.time);
  const proofs::KPortedProblem pr{m, 7, 0, 1};
  EXPECT_EQ(proofs::star_gather_time(pr, r.port), r.time);
}

}  // namespace
}  // namespace collverify::trees
