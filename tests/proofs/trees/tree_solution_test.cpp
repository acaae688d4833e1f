// The shape checks the solvers' answers are re-checked with must reject broken trees (mutants).
#include <gtest/gtest.h>

#include "proofs/trees/tree_solution.hpp"

namespace collverify::proofs {
namespace {

GatherTree chain_and_star() {  // root 1: receive 0, copy, receive 2; 3 sends to 2
  GatherTree t;
  t.root = 1;
  t.sequence = {{0}, {0, 1, 2}, {2, 3}, {3}};
  return t;
}

TEST(TreeShape, AcceptsAWellFormedTree) {
  EXPECT_TRUE(is_spanning_tree(chain_and_star()));
  EXPECT_TRUE(is_strongly_ordered(chain_and_star()));
  EXPECT_TRUE(is_spanning_tree(GatherTree::star(5, 3)));
  EXPECT_FALSE(is_strongly_ordered(GatherTree::star(5, 3)));  // copy first, 3 before 0
}

TEST(TreeShape, RejectsMutants) {
  auto t = chain_and_star();
  t.sequence[2] = {3};  // 2's copy missing
  EXPECT_FALSE(is_spanning_tree(t));
  t = chain_and_star();
  t.sequence[2] = {2, 3, 2};  // copy twice
  EXPECT_FALSE(is_spanning_tree(t));
  t = chain_and_star();
  t.sequence[3] = {3, 2};  // cycle 2 <-> 3, and 2 named twice
  EXPECT_FALSE(is_spanning_tree(t));
  t = chain_and_star();
  t.sequence[1] = {0, 1};  // 2 unreachable
  EXPECT_FALSE(is_spanning_tree(t));
  t = chain_and_star();
  t.root = 4;
  EXPECT_FALSE(is_spanning_tree(t));
  t = chain_and_star();
  t.sequence[1] = {0, 1, 7};
  EXPECT_FALSE(is_spanning_tree(t));
  t = chain_and_star();
  t.sequence[1] = {2, 1, 0};  // subtrees out of rank order
  EXPECT_TRUE(is_spanning_tree(t));
  EXPECT_FALSE(is_strongly_ordered(t));
  t = chain_and_star();
  t.sequence[1] = {1, 0, 2};  // the copy out of place
  EXPECT_FALSE(is_strongly_ordered(t));
  t.sequence = {{0, 2}, {1, 0}, {2, 3}, {3}};  // the subtree of 0 is {0, 2, 3}: not consecutive
  EXPECT_TRUE(is_spanning_tree(t));
  EXPECT_FALSE(is_strongly_ordered(t));
}

}  // namespace
}  // namespace collverify::proofs
