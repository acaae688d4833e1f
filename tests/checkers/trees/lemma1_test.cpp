// Lemma 1 of seed 001 (checkers/trees/lemma1.hpp) checked exhaustively over small instances,
// its subset DP against the exact solvers of proofs/trees (the subset DP there and the brute
// force over every tree and sequence order), and the mutated statements it must refute, each
// with its smallest witness.
#include "checkers/trees/lemma1.hpp"

#include <gtest/gtest.h>

#include <random>

#include "model/error.hpp"
#include "proofs/trees/brute_force.hpp"
#include "proofs/trees/nonordered_dp.hpp"

namespace cv = collverify;
namespace tr = collverify::trees;
namespace pf = collverify::proofs;

namespace {

std::int64_t draw(std::mt19937_64& g, std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, hi)(g);
}

cv::TreeProblem<std::int64_t> random_problem(std::mt19937_64& g, std::int64_t p) {
  cv::TreeProblem<std::int64_t> pr;
  for (std::int64_t i = 0; i < p; ++i) pr.m.push_back(draw(g, 0, 4) == 0 ? 0 : draw(g, 1, 30));
  pr.cost = cv::CostModel<std::int64_t>::uniform(draw(g, 0, 40), draw(g, 1, 4), draw(g, 0, 4));
  return pr;
}

TEST(Lemma1, HoldsOnEverySmallInstance) {
  for (const auto leaf : {tr::LeafCopy::free, tr::LeafCopy::paid}) {
    const auto r = tr::check_lemma1({7, 6, 8, leaf});
    EXPECT_FALSE(r.counterexample.has_value()) << r.counterexample->message;
    EXPECT_GT(r.instances, 2000);
  }
  // A finer alpha: D = 64 allows a = 1..21 at p <= 4, 1..15 at p <= 6 (... < 1/ceil(log2 p)).
  const auto fine = tr::check_lemma1({6, 5, 64, tr::LeafCopy::free});
  EXPECT_FALSE(fine.counterexample.has_value()) << fine.counterexample->message;
}

// Beyond the statement: the proof argues for any root r, and indeed every root's best tree
// costs at least m + 2 alpha and needs two children, and one child costs at least
// m + 2 + alpha, as the proof says.
TEST(Lemma1, HoldsForEveryRootNotOnlyTheOptimalOne) {
  const std::int64_t d = 8;
  int checked = 0;
  for (std::int64_t p = 3; p <= 6; ++p) {
    std::vector<std::int64_t> m(static_cast<std::size_t>(p), 1);
    std::mt19937_64 g(static_cast<std::uint64_t>(p));
    for (int x = 0; x < 40; ++x) {
      std::int64_t total = 0;
      for (auto& v : m) total += (v = draw(g, 1, 9));
      bool hyp = true;
      for (const auto v : m) hyp = hyp && v < total / 2;
      if (!hyp) continue;
      const cv::TreeProblem<std::int64_t> pr{m, cv::CostModel<std::int64_t>::uniform(1, d, d)};
      for (std::int64_t r = 0; r < p; ++r) {
        const auto o = tr::nonordered_optimum(pr, r, 1, tr::LeafCopy::free);
        EXPECT_GE(o.optimum, d * total + 2);
        EXPECT_GT(o.limited, o.optimum) << "p = " << p << " root " << r;
        // The proof's step: one child alone costs at least m + 2 + alpha.
        EXPECT_GE(o.limited, d * (total + 2) + 1) << "p = " << p << " root " << r;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 300);
}

// The optimum is the exact non-ordered optimum: the same as the subset DP of proofs/trees and,
// for p <= 5, the brute force over every tree and sequence order; with one child allowed it is
// the best child over the rest plus one message; with p - 1 allowed, no limit at all.
TEST(Lemma1, OptimumEqualsTheExactSolvers) {
  std::mt19937_64 g(1100);
  for (int round = 0; round < 120; ++round) {
    const std::int64_t p = draw(g, 1, 7);
    const auto pr = random_problem(g, p);
    const auto leaf = round % 2 == 0 ? tr::LeafCopy::free : tr::LeafCopy::paid;
    for (std::int64_t r = 0; r < p; ++r) {
      SCOPED_TRACE(testing::Message() << "p = " << p << " root " << r << " round " << round);
      const auto o = tr::nonordered_optimum(pr, r, p - 1, leaf);
      EXPECT_EQ(o.limited, o.optimum);
      EXPECT_EQ(o.optimum, pf::nonordered_subset_dp(pr, pf::RootChoice::fixed(r), leaf).time);
      if (p <= 5) {
        EXPECT_EQ(o.optimum, pf::brute_force_nonordered(pr, pf::RootChoice::fixed(r), leaf).time);
      }
      if (p < 2) continue;
      // One child c gathers everything else; r copies meanwhile.
      cv::TreeProblem<std::int64_t> rest = pr;
      rest.m.erase(rest.m.begin() + r);
      std::int64_t size = 0;
      for (const auto x : rest.m) size += x;
      const std::int64_t copy = pr.cost.gamma * pr.m[static_cast<std::size_t>(r)];
      std::int64_t one = -1;
      for (std::int64_t c = 0; c + 1 < p; ++c) {
        const std::int64_t sub =
            pf::nonordered_subset_dp(rest, pf::RootChoice::fixed(c), leaf).time;
        const std::int64_t t =
            size == 0 ? copy : std::max(copy, sub) + pr.cost.alpha + pr.cost.beta * size;
        one = one < 0 ? t : std::min(one, t);
      }
      EXPECT_EQ(tr::nonordered_optimum(pr, r, 1, leaf).limited, one);
    }
  }
}

// Mutated statements: each must be refuted, by the smallest instance, with the property broken.
TEST(Lemma1, RefutesMutatedStatements) {
  const tr::Lemma1Range range{6, 6, 8, tr::LeafCopy::free};
  {  // three latencies instead of two
    tr::Lemma1Statement st;
    st.latencies = 3;
    const auto r = tr::check_lemma1(range, st);
    ASSERT_TRUE(r.counterexample.has_value());
    EXPECT_EQ(r.counterexample->property, "cost_bound");
    EXPECT_EQ(r.counterexample->m, (std::vector<std::int64_t>{2, 2, 2}));
    EXPECT_EQ(r.counterexample->alpha, 1);
    EXPECT_EQ(r.counterexample->optimum, 50);  // 6 + 2/8: copy 2 overlaps, two messages of 2
    EXPECT_EQ(r.counterexample->bound, 51);
  }
  {  // the hypothesis weakened to m_i <= floor(m/2)
    tr::Lemma1Statement st;
    st.strict_half = false;
    const auto r = tr::check_lemma1(range, st);
    ASSERT_TRUE(r.counterexample.has_value());
    EXPECT_EQ(r.counterexample->property, "root_children");
    EXPECT_EQ(r.counterexample->m, (std::vector<std::int64_t>{1, 1, 2}));
    EXPECT_EQ(r.counterexample->root, 2);
    EXPECT_EQ(r.counterexample->optimum, 34);  // 4 + 2/8 either way
    EXPECT_EQ(r.counterexample->bound, 34);
  }
  {  // three children instead of two
    tr::Lemma1Statement st;
    st.min_children = 3;
    const auto r = tr::check_lemma1(range, st);
    ASSERT_TRUE(r.counterexample.has_value());
    EXPECT_EQ(r.counterexample->property, "root_children");
    EXPECT_EQ(r.counterexample->m.size(), 3u);
  }
}

TEST(Lemma1, RefusesBadRanges) {
  EXPECT_THROW(tr::check_lemma1({13, 4, 8, tr::LeafCopy::free}), cv::InputError);
  EXPECT_THROW(tr::check_lemma1({5, 0, 8, tr::LeafCopy::free}), cv::InputError);
  EXPECT_THROW(tr::check_lemma1({5, 4, 1, tr::LeafCopy::free}), cv::InputError);
}

}  // namespace
