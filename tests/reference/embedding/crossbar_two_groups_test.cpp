// The hierarchical-crossbar variant with one channel less (seed 002 §4, last paragraph;
// reference/embedding/crossbar_tree.hpp, CrossbarVariant::two_global_groups): the tree of the
// header's sizes by hand; modules join in the order of their first step; refusals; every PU
// reached, arc congestion 1, channel load 1 and the budget of 2 out and 1 in computed by the
// checkers on every size of a grid (the section's construction breaks the 1-in budget there);
// a mutant with a second incoming partner rejected with its witness; the extra depth against the
// construction with one global group (docs/ERRATA.md E34: it grows with log a, not log b).
#include "reference/embedding/crossbar_tree.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "checkers/network/channel_budget.hpp"
#include "checkers/network/congestion.hpp"
#include "checkers/network/routed_check.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/embedding/group_tree.hpp"

namespace collverify::embedding {
namespace {

using network::Network;
constexpr CrossbarVariant kTwo = CrossbarVariant::two_global_groups;

std::int64_t depth_of(const GroupTree& t) {
  const std::vector<std::int64_t> steps = group_first_steps(t);
  std::int64_t d = 0;
  for (std::size_t k = 0; k < steps.size(); ++k) d = std::max(d, steps[k] + t.size[k] - 1);
  return d;
}

TEST(CrossbarTwoGroups, ExampleByHand) {
  // a = 4, b = 3, r = 1: per module the first global group (l = 0), the second (l = 1) and a
  // local layout of one PU (l = 2). Module 0's first group reaches module 1 at step 2 and its
  // second group module 2 at step 3; module 1's first group reaches module 3 at step 4.
  std::vector<std::int64_t> module;
  const GroupTree t = crossbar_tree(4, 3, 1, &module, kTwo);
  ASSERT_EQ(t.groups(), 12);
  EXPECT_EQ(module, (std::vector<std::int64_t>{0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3}));
  EXPECT_EQ(t.down, (std::vector<std::int64_t>{1, 2, -1, 4, 5, -1, 7, 8, -1, 10, 11, -1}));
  EXPECT_EQ(t.right, (std::vector<std::int64_t>{3, 6, -1, 9, -1, -1, -1, -1, -1, -1, -1, -1}));
  const std::vector<std::int64_t> steps = group_first_steps(t);
  EXPECT_EQ(steps[3], 2);
  EXPECT_EQ(steps[6], 3);
  EXPECT_EQ(steps[9], 4);
}

TEST(CrossbarTwoGroups, ModulesJoinInTheOrderOfTheirFirstStep) {
  for (std::int64_t a = 1; a <= 40; ++a) {
    for (std::int64_t r = 1; r <= 3; ++r) {
      const std::int64_t b = 2 * r + a % 5;
      const GroupTree t = crossbar_tree(a, b, r, nullptr, kTwo);
      const std::vector<std::int64_t> steps = group_first_steps(t);
      const std::int64_t per_module = t.groups() / a;
      for (std::int64_t m = 1; m < a; ++m) {
        EXPECT_LE(steps[static_cast<std::size_t>((m - 1) * per_module)],
                  steps[static_cast<std::size_t>(m * per_module)])
            << a << "x" << b << " r " << r << " module " << m;
      }
    }
  }
}

TEST(CrossbarTwoGroups, RefusesModulesThatCannotHoldTwoGroups) {
  try {
    (void)crossbar_tree(4, 3, 2, nullptr, kTwo);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("b = 3"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("b >= 2r"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW((void)crossbar_tree(4, 3, 2));  // the section's construction needs b >= r only
  EXPECT_THROW((void)embed_fractional_crossbar(4, 3, 2, 5, Switching::wormhole, kTwo), InputError);
}

TEST(CrossbarTwoGroups, EveryNodeReachedCongestionOneTwoOutOneIn) {
  int one_group_breaks_one_in = 0;
  for (std::int64_t a = 1; a <= 9; ++a) {
    for (std::int64_t b = 2; b <= 9; ++b) {
      for (std::int64_t r = 1; 2 * r <= b && r <= 4; ++r) {
        const Network net = Network::hierarchical_crossbar(a, b, 2);
        for (const Switching sw : {Switching::wormhole, Switching::store_and_forward}) {
          const CrossbarEmbedding e = embed_fractional_crossbar(a, b, r, 5, sw, kTwo);
          const std::string what = fmt::format("{}x{} r {}", a, b, r);
          const network::RoutedResult v = network::check_routed(net, e.routed);
          ASSERT_FALSE(v.witness) << what << ": " << v.witness->message;
          const network::CongestionResult c = network::edge_congestion(net, e.routed);
          EXPECT_LE(c.congestion, 1) << what;
          EXPECT_EQ(c.congestion, network::edge_congestion_slow(net, e.routed).congestion) << what;
          const network::ChannelBudgetResult cb = network::check_channel_budget(net, e.routed, 2, 1);
          EXPECT_FALSE(cb.witness) << what << ": " << cb.witness->message;
          EXPECT_LE(cb.max_out, 2) << what;
          EXPECT_LE(cb.max_in, 1) << what;
          EXPECT_LE(cb.channel_load, 1) << what;
        }
        const CrossbarEmbedding one = embed_fractional_crossbar(a, b, r, 5);
        one_group_breaks_one_in += network::check_channel_budget(net, one.routed, 2, 1).witness ? 1 : 0;
      }
    }
  }
  // The checker is not idle on this grid: the one-group construction needs a second incoming
  // channel wherever a leaf module feeds another module's local tree.
  EXPECT_GT(one_group_breaks_one_in, 50);
}

TEST(CrossbarTwoGroups, SecondIncomingPartnerIsRejected) {
  const Network net = Network::hierarchical_crossbar(8, 8, 2);
  const CrossbarEmbedding e = embed_fractional_crossbar(8, 8, 2, 6, Switching::wormhole, kTwo);
  const network::ChannelBudgetResult clean = network::check_channel_budget(net, e.routed, 2, 1);
  ASSERT_FALSE(clean.witness);
  ASSERT_EQ(clean.max_in, 1);
  // Mutant: in the last round, PU 0 of the last module sends one more packet to module 1, whose
  // only partner so far is module 0 (its parent): module 1 then receives from two modules.
  network::RoutedSchedule mutant = e.routed;
  mutant.rounds.back().push_back({7 * 8, {net.parse_direction("M1")}, {{0, 0}}});
  const network::ChannelBudgetResult bad = network::check_channel_budget(net, mutant, 2, 1);
  ASSERT_TRUE(bad.witness);
  EXPECT_EQ(bad.witness->module, 1);
  EXPECT_FALSE(bad.witness->outgoing);
  EXPECT_EQ(bad.witness->round, static_cast<std::int64_t>(mutant.rounds.size()) - 1);
  EXPECT_EQ(bad.witness->partners, (std::vector<std::int64_t>{0, 7}));
}

// docs/ERRATA.md E34: the extra depth grows with the number of modules a. Pinned: the smallest
// size (by a b) where it exceeds (r + 1) log2 b, and the Compaq machine of §4.
TEST(CrossbarTwoGroups, ExtraDepthGrowsWithTheModules) {
  const auto extra = [](std::int64_t a, std::int64_t b, std::int64_t r) {
    return depth_of(crossbar_tree(a, b, r, nullptr, kTwo)) - depth_of(crossbar_tree(a, b, r));
  };
  EXPECT_EQ(depth_of(crossbar_tree(12, 2, 1)), 6);
  EXPECT_EQ(depth_of(crossbar_tree(12, 2, 1, nullptr, kTwo)), 9);
  EXPECT_GT(static_cast<double>(extra(12, 2, 1)), 2 * std::log2(2.0));
  EXPECT_EQ(depth_of(crossbar_tree(256, 64, 4, nullptr, kTwo)), 75);  // 55 with one global group
  // Swapping a and b: 1024 modules of 16 PUs pay 24 extra steps, 16 modules of 1024 PUs 11.
  EXPECT_EQ(extra(1024, 16, 4), 24);
  EXPECT_EQ(extra(16, 1024, 4), 11);
  // Within (r + 1) ceil(log2 a) on a grid of sizes with a >= 2.
  for (std::int64_t a = 2; a <= 300; a += 7) {
    for (const std::int64_t b : {2, 4, 8, 16, 64}) {
      for (std::int64_t r = 1; 2 * r <= b && r <= 4; ++r) {
        EXPECT_LE(static_cast<double>(extra(a, b, r)),
                  static_cast<double>(r + 1) * std::ceil(std::log2(static_cast<double>(a))))
            << a << "x" << b << " r " << r;
      }
    }
  }
}

}  // namespace
}  // namespace collverify::embedding
