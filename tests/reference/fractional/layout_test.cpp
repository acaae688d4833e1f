// The layouts of seed 002: the paper's Figure 1 sizes checked (not trusted), the header's
// example, the reach of the explicit tree against the recurrence, and the O(d) placement
// against the whole-tree builder for every P <= 1000 and r <= 12 (up to 5000 in the slow test).
#include "reference/fractional/layout.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "model/error.hpp"
#include "model/fractional/recurrence.hpp"
#include "tests/reference/fractional/layout_twin.hpp"

namespace collverify::fractional {
namespace {

// The number of PUs whose first packet arrives within i steps, from the explicit tree.
std::int64_t reached_within(const std::vector<Placement>& pl, std::int64_t i) {
  return std::count_if(pl.begin(), pl.end(), [&](const Placement& p) { return p.first_step <= i; });
}

TEST(FractionalLayout, Figure1BinaryTreeOfDepthFiveHasTwentyNotEighteenPUs) {
  // Fig. 1-a is said to show "the tree with P_5 = 18 PUs"; the recurrence P_i = 1 + P_{i-1} +
  // P_{i-2}, P_0 = 1, P_1 = 2 gives P_5 = 20, and the explicit tree whose last PU gets its first
  // packet at step 5 has 20 PUs. 18 PUs have d = 4 (docs/ERRATA.md, "(fractional)").
  EXPECT_EQ(layout_sizes(1, 5).back(), 20);
  const LayoutParams full = layout_params(Layout::binary, 20, 1);
  EXPECT_EQ(full.d, 4);
  const auto pl = build_layout_slow(full);
  EXPECT_EQ(reached_within(pl, 5), 20);
  EXPECT_EQ(reached_within(pl, 4), 12);
  const LayoutParams eighteen = layout_params(Layout::binary, 18, 1);
  EXPECT_EQ(eighteen.d, 4);
  const auto pl18 = build_layout_slow(eighteen);
  std::int64_t last = 0;
  for (const auto& p : pl18) last = std::max(last, p.first_step);
  EXPECT_EQ(last, 5);  // "the last PU receives its first packet after 5 steps"
}

TEST(FractionalLayout, Figure1OtherSizesForFiveSteps) {
  // r = 2, 3 and the chain within 5 steps: 10, 8 and 6 PUs.
  EXPECT_EQ(layout_sizes(2, 5).back(), 10);
  EXPECT_EQ(layout_sizes(3, 5).back(), 8);
  EXPECT_EQ(layout_sizes(kChain, 5).back(), 6);
}

TEST(FractionalLayout, HeaderExample) {
  const LayoutParams lp = layout_params(Layout::fractional, 5, 2);
  EXPECT_EQ(lp.d, 2);
  const Placement p1 = place(lp, 1);
  EXPECT_EQ(p1.index, 1);
  EXPECT_EQ(p1.down, 2);
  EXPECT_EQ(p1.right, 4);
  const Placement p2 = place(lp, 2);
  EXPECT_EQ(p2.index, 0);
  EXPECT_EQ(p2.first_step, 2);
  EXPECT_EQ(p2.pred, 1);
  EXPECT_FALSE(p2.right_child);
  const Placement p4 = place(lp, 4);
  EXPECT_EQ(p4.index, 0);
  EXPECT_EQ(p4.first_step, 3);
  EXPECT_EQ(p4.pred_group, 0);
  EXPECT_TRUE(p4.right_child);
  EXPECT_EQ(place(lp, 3).first_step, 3);
}

TEST(FractionalLayout, ExplicitTreeReachesWhatTheRecurrenceSays) {
  for (std::int64_t r = 1; r <= 6; ++r) {
    const auto sizes = layout_sizes(r, 14);
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      // A full tree of budget i: P = P_i PUs.
      const LayoutParams lp = layout_params(Layout::fractional, sizes[i], r);
      const auto pl = build_layout_slow(lp);
      for (std::size_t j = 0; j <= i; ++j) {
        EXPECT_EQ(reached_within(pl, static_cast<std::int64_t>(j)), sizes[j])
            << "r=" << r << " i=" << i << " j=" << j;
      }
    }
  }
}

TEST(FractionalLayout, LastFirstPacketAtStepDPlusOne) {
  for (std::int64_t r = 1; r <= 5; ++r) {
    for (std::int64_t P = 2; P <= 300; ++P) {
      const LayoutParams lp = layout_params(Layout::fractional, P, r);
      std::int64_t last = 0;
      for (std::int64_t x = 0; x < P; ++x) last = std::max(last, place(lp, x).first_step);
      EXPECT_EQ(last, lp.d + 1) << "P=" << P << " r=" << r;
    }
  }
}

TEST(FractionalLayout, PlacementEqualsWholeTreeBuilderUpTo1000) {
  EXPECT_EQ(layout_twin_mismatches(1, 1000, 12), "");
}

TEST(FractionalLayout, BadInputIsNamed) {
  try {
    layout_params(Layout::fractional, 0, 2);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--P 0"), std::string::npos);
  }
  try {
    layout_params(Layout::fractional, 5, 0);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("--r 0"), std::string::npos);
  }
  EXPECT_THROW(parse_layout("tree"), InputError);
}

}  // namespace
}  // namespace collverify::fractional
