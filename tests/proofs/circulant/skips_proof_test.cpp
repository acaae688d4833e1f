// prove_skips: every obligation of Lemma 1 / Algorithm 1 is proved for all p; the deliberately
// false variants are refuted, and the counterexample's p breaks the property in an ordinary
// loop-based computation of the skips.
#include "proofs/circulant/skips_proof.hpp"

#include <gtest/gtest.h>

#include "reference/circulant/skips.hpp"

namespace collverify {
namespace {

namespace pf = proofs;

const pf::ObligationResult& find(const std::vector<pf::ObligationResult>& rs,
                                 const std::string& name) {
  for (const auto& r : rs) {
    if (r.name == name) return r;
  }
  ADD_FAILURE() << "no obligation " << name;
  return rs.front();
}

// Algorithm 1's loop with ceil or floor halving: skips[0..k_end], top entry p.
std::vector<std::int64_t> loop_skips(std::int64_t p, bool ceil) {
  std::vector<std::int64_t> rev;
  while (p > 1) {
    rev.push_back(p);
    p = ceil ? (p / 2 + p % 2) : p / 2;
  }
  rev.push_back(p);
  return {rev.rbegin(), rev.rend()};
}

TEST(ProveSkips, EveryObligationIsProved) {
  const auto rs = pf::prove_skips({});
  ASSERT_EQ(rs.size(), 10U);
  for (const auto& r : rs) {
    EXPECT_EQ(r.outcome, pf::SolverOutcome::unsat) << r.name << ": " << r.formula;
    EXPECT_FALSE(r.formula.empty());
    EXPECT_TRUE(r.counterexample.empty());
  }
  EXPECT_EQ(pf::skips_exit_code(rs), 0);
}

TEST(ProveSkips, TheProvedClaimsHoldForTheLoopBasedSkips) {
  // The obligations' claims, checked the ordinary way for small p, against reference/.
  for (std::int64_t p = 2; p <= 5000; ++p) {
    const auto s = circulant::compute_skips(p);
    const int q = static_cast<int>(s.size()) - 1;
    ASSERT_EQ(s[0], 1);
    ASSERT_EQ(s[1], 2);
    std::int64_t prefix = 0;
    for (int k = 0; k < q; ++k) {
      const auto a = s[static_cast<std::size_t>(k)];
      const auto b = s[static_cast<std::size_t>(k) + 1];
      prefix += a;
      ASSERT_TRUE(a + a >= b && a + a <= b + 1) << p;
      ASSERT_GE(prefix, b - 1) << p;
    }
    ASSERT_EQ(s.back() - s.front(), p - 1);
  }
}

TEST(ProveSkips, FloorHalvingIsRefutedWithAConcreteP) {
  const auto rs = pf::prove_skips({}, pf::SkipsVariant::floor_halving);
  EXPECT_EQ(pf::skips_exit_code(rs), 1);
  const auto& d = find(rs, "lemma1_double");
  ASSERT_EQ(d.outcome, pf::SolverOutcome::sat);
  // (b, a) is the top pair of the floor loop for p = b: skips[q] = p, skips[q-1] = floor(p/2).
  const std::int64_t p = d.counterexample.at("b");
  const auto s = loop_skips(p, false);
  ASSERT_GE(s.size(), 2U);
  EXPECT_EQ(s[s.size() - 2], d.counterexample.at("a"));
  EXPECT_LT(s[s.size() - 2] * 2, s.back()) << "p = " << p << " breaks skips[k] + skips[k] >= skips[k+1]";
  // and the correct (ceil) loop does not break it at this p
  const auto c = loop_skips(p, true);
  EXPECT_GE(c[c.size() - 2] * 2, c.back());
}

TEST(ProveSkips, StrictDoublingIsRefutedWithAConcreteP) {
  const auto rs = pf::prove_skips({}, pf::SkipsVariant::strict_double);
  EXPECT_EQ(pf::skips_exit_code(rs), 1);
  const auto& d = find(rs, "lemma1_double");
  ASSERT_EQ(d.outcome, pf::SolverOutcome::sat);
  const std::int64_t p = d.counterexample.at("b");
  const auto s = circulant::compute_skips(p);  // the real Algorithm 1
  EXPECT_EQ(s[s.size() - 2], d.counterexample.at("a"));
  EXPECT_FALSE(s[s.size() - 2] * 2 > s.back()) << "p = " << p;
  // only this claim is false: the others stay proved
  for (const auto& r : rs) {
    if (r.name != "lemma1_double") {
      EXPECT_EQ(r.outcome, pf::SolverOutcome::unsat) << r.name;
    }
  }
}

TEST(ProveSkips, TinyRlimitIsInconclusive) {
  const auto rs = pf::prove_skips({1});
  bool any = false;
  for (const auto& r : rs) {
    EXPECT_NE(r.outcome, pf::SolverOutcome::unsat) << r.name << " proved with rlimit 1?";
    any = any || r.outcome == pf::SolverOutcome::inconclusive;
  }
  EXPECT_TRUE(any);
  EXPECT_EQ(pf::skips_exit_code(rs), 3);
}

}  // namespace
}  // namespace collverify
