// Lemma 1 of seed 001 (checkers/trees/lemma1.hpp) on larger ranges than the unit test: every
// multiset of block sizes up to p = 10 (sizes <= 5) and up to p = 8 (sizes <= 8), alpha = a/8,
// both leaf conventions. A few seconds.
#include <gtest/gtest.h>

#include "checkers/trees/lemma1.hpp"

namespace tr = collverify::trees;

namespace {

TEST(Lemma1Slow, HoldsOnLargerRanges) {
  for (const auto leaf : {tr::LeafCopy::free, tr::LeafCopy::paid}) {
    const auto a = tr::check_lemma1({10, 5, 8, leaf});
    EXPECT_FALSE(a.counterexample.has_value()) << a.counterexample->message;
    EXPECT_EQ(a.instances, 4223);
    const auto b = tr::check_lemma1({8, 8, 8, leaf});
    EXPECT_FALSE(b.counterexample.has_value()) << b.counterexample->message;
    EXPECT_EQ(b.instances, 25516);
  }
}

}  // namespace
