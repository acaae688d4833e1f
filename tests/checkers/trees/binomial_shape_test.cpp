// The standard binomial tree checker (checkers/trees/binomial_shape.hpp) against hand-written
// trees and the generic tree mutants: it accepts the tree drawn out by hand from the definition
// and names the first processor of every broken one.
#include "checkers/trees/binomial_shape.hpp"

#include <gtest/gtest.h>

#include "checkers/trees/tree_check.hpp"
#include "generators/tree_mutants.hpp"

namespace cv = collverify;
namespace tr = collverify::trees;

namespace {

cv::GatherTree tree(std::int64_t root, std::vector<std::vector<std::int64_t>> seq) {
  cv::GatherTree t;
  t.root = root;
  t.sequence = std::move(seq);
  return t;
}

// p = 6, root 2. Level 1: [0, 1] rooted at 1, [2, 3] at 2, [4, 5] at 5; level 2: [0, 3] at 2,
// [4, 5] at 5; level 3: everything at 2.
const cv::GatherTree kSix = tree(2, {{0}, {1, 0}, {2, 3, 1, 5}, {3}, {4}, {5, 4}});

std::optional<tr::TreeViolation> check(const cv::GatherTree& t) {
  return tr::check_standard_binomial(t);
}

TEST(BinomialShape, AcceptsHandWrittenTrees) {
  EXPECT_FALSE(check(tree(0, {{0}})).has_value());
  EXPECT_FALSE(check(tree(2, {{0}, {1, 0}, {2, 1}})).has_value());  // the header's example
  EXPECT_FALSE(check(kSix).has_value());
  EXPECT_FALSE(tr::check_tree_shape(kSix).has_value());
  EXPECT_FALSE(tr::check_tree_order(kSix, tr::OrderRule::segment).has_value());
  // Root 5 of p = 6: [4, 5] and [0, 3] (rooted at its last rank, 3) come to 5.
  EXPECT_FALSE(check(tree(5, {{0}, {1, 0}, {2}, {3, 2, 1}, {4}, {5, 4, 3}})).has_value());
  EXPECT_EQ(tr::standard_binomial_sequence(6, 2, 2), (std::vector<std::int64_t>{2, 3, 1, 5}));
}

TEST(BinomialShape, NamesTheFirstWrongProcessor) {
  // The header's mutant: [0, 1] rooted at its first rank.
  auto v = check(tree(2, {{0, 1}, {1}, {2, 0}}));
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->property, "binomial_children");
  EXPECT_EQ(v->processor, 0);
  // Children in the wrong order (the larger subtree first).
  v = check(tree(2, {{0}, {1, 0}, {2, 1, 3, 5}, {3}, {4}, {5, 4}}));
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->processor, 2);
  // The local copy after the children.
  v = check(tree(2, {{0}, {0, 1}, {2, 3, 1, 5}, {3}, {4}, {5, 4}}));
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->processor, 1);
  // A well-formed, segment-ordered tree that is not binomial: the star.
  const auto star = cv::GatherTree::star(6, 2);
  EXPECT_FALSE(tr::check_tree_shape(star).has_value());
  v = check(star);
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(v->processor, 1);  // 0 is a leaf in both
  EXPECT_EQ(check(tree(6, {{0}, {1}})).value().property, "binomial_size");
  EXPECT_EQ(check(tree(0, {})).value().property, "binomial_size");
}

TEST(BinomialShape, RejectsEveryMutant) {
  int mutants = 0;
  for (const auto m : {cv::TreeMutation::moved_subtree, cv::TreeMutation::swapped_children,
                       cv::TreeMutation::wrong_root}) {
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      const auto bad = cv::mutate_tree(kSix, m, seed);
      if (!bad) continue;
      ++mutants;
      EXPECT_TRUE(check(*bad).has_value()) << cv::mutation_name(m) << " seed " << seed;
    }
  }
  EXPECT_GE(mutants, 100);
}

}  // namespace
