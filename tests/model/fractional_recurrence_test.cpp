// The layout recurrences: the binary tree's first sizes by hand (1, 2, 4, 7, 12, 20), the
// fractional tree equals the binary tree for r = 1, the chain is i + 1, and depth() is the
// definition min{i : P_i >= P} - 1 checked against layout_sizes by brute force.
#include "model/fractional/recurrence.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace collverify::fractional {
namespace {

TEST(FractionalRecurrence, BinaryTreeSizesByHand) {
  const auto p = layout_sizes(1, 5);
  EXPECT_EQ(p, (std::vector<std::int64_t>{1, 2, 4, 7, 12, 20}));
}

TEST(FractionalRecurrence, GroupSizeTwoByHand) {
  // P_0..P_2 = 1, 2, 3; P_3 = 2 + P_1 + P_0 = 5; P_4 = 2 + P_2 + P_1 = 7; P_5 = 2 + 5 + 3 = 10.
  EXPECT_EQ(layout_sizes(2, 5), (std::vector<std::int64_t>{1, 2, 3, 5, 7, 10}));
}

TEST(FractionalRecurrence, DepthIsTheDefinition) {
  for (std::int64_t r : {std::int64_t{1}, std::int64_t{2}, std::int64_t{3}, std::int64_t{8}}) {
    const auto p = layout_sizes(r, 200);
    for (std::int64_t P = 1; P <= 2000; ++P) {
      std::int64_t i = 0;
      while (p[static_cast<std::size_t>(i)] < P) ++i;
      EXPECT_EQ(depth(P, r), i - 1) << "P=" << P << " r=" << r;
    }
  }
  EXPECT_EQ(depth(1, kChain), -1);
  EXPECT_EQ(depth(10, kChain), 8);
}

TEST(FractionalRecurrence, SaturatesInsteadOfOverflowing) {
  const auto p = layout_sizes(1, 200);
  EXPECT_EQ(p.back(), kSaturated);
  EXPECT_GT(depth(std::int64_t{1} << 60, 1), 0);
}

TEST(FractionalRecurrence, DepthTerminatesUpToTheLargestP) {
  // Saturating at 2^61 - 1 (the first reading) made depth() loop for ever on P = 2^61 .. 2^62 - 1,
  // which the suite accepts (kMaxP = 2^62); the definition must hold there too.
  for (const std::int64_t P : {(std::int64_t{1} << 61) - 1, std::int64_t{1} << 61,
                               (std::int64_t{1} << 62) - 1}) {
    for (const std::int64_t r : {std::int64_t{1}, std::int64_t{3}, std::int64_t{40}}) {
      const std::int64_t d = depth(P, r);
      const auto sizes = layout_sizes(r, d + 1);
      EXPECT_LT(sizes[static_cast<std::size_t>(d)], P) << "P=" << P << " r=" << r;
      EXPECT_GE(sizes[static_cast<std::size_t>(d + 1)], P) << "P=" << P << " r=" << r;
    }
  }
}

TEST(FractionalRecurrence, GroupAsLargeAsTheMachineIsTheChain) {
  // r >= P - 1: P_i = i + 1 up to P, so d = P - 2, answered without walking P sizes.
  EXPECT_EQ(depth(std::int64_t{1} << 40, std::int64_t{1} << 41), (std::int64_t{1} << 40) - 2);
  EXPECT_EQ(depth(std::int64_t{1} << 40, (std::int64_t{1} << 40) - 1), (std::int64_t{1} << 40) - 2);
  for (std::int64_t P = 1; P <= 60; ++P) {
    for (std::int64_t r = std::max<std::int64_t>(1, P - 1); r <= P + 3; ++r) {
      const auto sizes = layout_sizes(r, P + 2);
      std::int64_t i = 0;
      while (sizes[static_cast<std::size_t>(i)] < P) ++i;
      EXPECT_EQ(depth(P, r), i - 1) << "P=" << P << " r=" << r;
    }
  }
}

TEST(FractionalRecurrence, SaturatedStepNeverOverflows) {
  EXPECT_EQ(saturating_step(1, kSaturated, kSaturated), kSaturated);
  EXPECT_EQ(saturating_step(kSaturated, 1, 1), kSaturated);
  EXPECT_EQ(saturating_step(2, kSaturated - 5, 2), kSaturated - 1);
  EXPECT_EQ(saturating_step(3, 4, 5), 12);
}

}  // namespace
}  // namespace collverify::fractional
