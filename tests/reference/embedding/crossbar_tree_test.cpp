// Fractional trees on hierarchical crossbars (seed 002 §4) and the explicit group trees under
// them: full_fractional_groups by hand and against the recurrence; to_placements refuses malformed
// trees; the crossbar tree's example by hand; every PU reached (the routed checker, both
// switchings); arc congestion 1, channel budget 2 and channel load 1 computed by the checkers on
// every size of a grid; depth against the plain fractional tree; the lock step on the plain layout
// through to_placements-equivalent trees agrees with duplex_broadcast.
#include "reference/embedding/crossbar_tree.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "checkers/network/channel_budget.hpp"
#include "checkers/network/congestion.hpp"
#include "checkers/network/routed_check.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/embedding/group_tree.hpp"
#include "reference/fractional/broadcast.hpp"

namespace collverify::embedding {
namespace {

using network::Network;

TEST(GroupTree, FullFractionalGroupsByHand) {
  const GroupTree t = full_fractional_groups(3, 2);
  EXPECT_EQ(t.size, (std::vector<std::int64_t>{2, 2, 2}));
  EXPECT_EQ(t.down, (std::vector<std::int64_t>{1, -1, -1}));
  EXPECT_EQ(t.right, (std::vector<std::int64_t>{2, -1, -1}));
  EXPECT_EQ(group_first_steps(t), (std::vector<std::int64_t>{0, 2, 3}));
  // G = 64, r = 2 (Figure 4's groups): 64 groups, every one full, each non-root with one parent.
  const GroupTree f = full_fractional_groups(64, 2);
  EXPECT_EQ(f.groups(), 64);
  EXPECT_EQ(f.pus(), 128);
  EXPECT_EQ(to_placements(f).size(), 128u);
}

TEST(GroupTree, PlacementsOfTheFullTreeMatchPlaceWhereGroupsAreFull) {
  // r = 1: every group is full, so the full tree is the layout itself (preorder both).
  for (std::int64_t P = 1; P <= 60; ++P) {
    const auto lp = fractional::layout_params(fractional::Layout::fractional, P, 1);
    const auto pl = to_placements(full_fractional_groups(P, 1));
    for (std::int64_t x = 0; x < P; ++x) {
      const fractional::Placement want = fractional::place(lp, x);
      const fractional::Placement& got = pl[static_cast<std::size_t>(x)];
      EXPECT_EQ(got.group_head, want.group_head) << P << " " << x;
      EXPECT_EQ(got.pred, want.pred) << P << " " << x;
      EXPECT_EQ(got.down, want.down) << P << " " << x;
      EXPECT_EQ(got.right, want.right) << P << " " << x;
      EXPECT_EQ(got.first_step, want.first_step) << P << " " << x;
    }
    // And the lock step on it is duplex_broadcast's schedule.
    const auto mine = fractional::run_lock_step(pl, 1, 3);
    const auto ref = fractional::duplex_broadcast({fractional::Layout::fractional, P, 1, 3, false});
    ASSERT_EQ(mine.schedule.rounds.size(), ref.schedule.rounds.size()) << P;
    for (std::size_t t = 0; t < ref.schedule.rounds.size(); ++t) {
      ASSERT_EQ(mine.schedule.rounds[t].size(), ref.schedule.rounds[t].size()) << P << " " << t;
      for (std::size_t k = 0; k < ref.schedule.rounds[t].size(); ++k) {
        const Transfer& x = mine.schedule.rounds[t][k];
        const Transfer& y = ref.schedule.rounds[t][k];
        EXPECT_TRUE(x.from == y.from && x.to == y.to && x.block == y.block && x.stored_as == y.stored_as)
            << P << " " << t;
      }
    }
  }
}

TEST(GroupTree, MalformedTreesAreRefused) {
  GroupTree t = full_fractional_groups(3, 2);
  GroupTree two_parents = t;
  two_parents.down[0] = 2;  // group 2 is also the right successor
  EXPECT_THROW((void)to_placements(two_parents), InputError);
  GroupTree orphan = t;
  orphan.right[0] = -1;
  EXPECT_THROW((void)to_placements(orphan), InputError);
  GroupTree partial = t;
  partial.size[0] = 1;
  EXPECT_THROW((void)to_placements(partial), InputError);
  GroupTree root_child = t;
  root_child.down[1] = 0;
  EXPECT_THROW((void)to_placements(root_child), InputError);
  EXPECT_THROW((void)full_fractional_groups(0, 2), InputError);
}

TEST(CrossbarTree, ExampleByHand) {
  std::vector<std::int64_t> module;
  const GroupTree t = crossbar_tree(4, 3, 1, &module);
  // Global tree = full_fractional_groups(4, 1): 0 -down-> 1 -down-> 2, 0 -right-> 3. Per module:
  // the global group and the local layout of 2 PUs (r = 1: groups {l = 1}, {l = 2}, down).
  ASSERT_EQ(t.groups(), 12);
  EXPECT_EQ(module, (std::vector<std::int64_t>{0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3}));
  EXPECT_EQ(t.down[0], 3);    // module 0 (two successors): down module 1
  EXPECT_EQ(t.right[0], 9);   // right module 3
  EXPECT_EQ(t.down[3], 6);    // module 1 (one successor): down module 2
  EXPECT_EQ(t.right[3], 4);   // free right slot -> its own local tree
  EXPECT_EQ(t.down[6], 7);    // leaf module 2: down slot -> its own local tree
  EXPECT_EQ(t.right[6], 1);   // right slot -> module 0's local tree
  EXPECT_EQ(t.down[9], 10);   // leaf module 3: its own local tree
  EXPECT_EQ(t.right[9], -1);  // the one unused slot
  EXPECT_EQ(t.down[1], 2);    // local: l = 1 -> l = 2
}

TEST(CrossbarTree, RefusesBadSizes) {
  EXPECT_THROW((void)crossbar_tree(0, 4, 2), InputError);
  EXPECT_THROW((void)crossbar_tree(4, 4, 0), InputError);
  try {
    (void)crossbar_tree(4, 3, 4);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("b = 3"), std::string::npos);
  }
  EXPECT_THROW((void)embed_fractional_crossbar(4, 4, 2, 0), InputError);
}

TEST(CrossbarTree, EveryNodeReachedCongestionOneBudgetKept) {
  for (std::int64_t a = 1; a <= 9; ++a) {
    for (std::int64_t b = 1; b <= 9; ++b) {
      for (std::int64_t r = 1; r <= b && r <= 4; ++r) {
        const Network net = Network::hierarchical_crossbar(a, b, std::min<std::int64_t>(2, b));
        for (const Switching sw : {Switching::wormhole, Switching::store_and_forward}) {
          const CrossbarEmbedding e = embed_fractional_crossbar(a, b, r, 5, sw);
          const network::RoutedResult v = network::check_routed(net, e.routed);
          ASSERT_FALSE(v.witness) << a << "x" << b << " r " << r << ": " << v.witness->message;
          const network::CongestionResult c = network::edge_congestion(net, e.routed);
          EXPECT_LE(c.congestion, 1);
          EXPECT_EQ(c.congestion, network::edge_congestion_slow(net, e.routed).congestion);
          const network::ChannelBudgetResult cb = network::check_channel_budget(net, e.routed, 2);
          EXPECT_FALSE(cb.witness) << cb.witness->message;
          EXPECT_LE(cb.max_out, 2);
          EXPECT_LE(cb.max_in, 2);
          EXPECT_LE(cb.channel_load, 1);
        }
        const CrossbarEmbedding e = embed_fractional_crossbar(a, b, r, 5);
        EXPECT_GE(e.depth, e.plain_depth) << a << "x" << b << " r " << r;
      }
    }
  }
}

TEST(CrossbarTree, MutantsBreakTheBudgetOrTheChannelLoad) {
  const Network net = Network::hierarchical_crossbar(8, 8, 2);
  const CrossbarEmbedding e = embed_fractional_crossbar(8, 8, 2, 6);
  const network::ChannelBudgetResult clean = network::check_channel_budget(net, e.routed, 2);
  ASSERT_FALSE(clean.witness);
  ASSERT_EQ(clean.max_out, 2);
  // Module 0 sends to two modules; the mutant adds a copy of one of its first packets to a third
  // module (appended to the last round): rejected, naming module 0 and its three partners.
  network::RoutedSchedule third = e.routed;
  std::vector<std::int64_t> partners;
  for (const auto& round : e.routed.rounds)
    for (const auto& x : round) {
      std::int64_t at = x.from;
      for (const auto d : x.hops) {
        const std::int64_t next = *net.target(at, d);
        if (at / 8 == 0 && next / 8 != 0 && std::find(partners.begin(), partners.end(), next / 8) == partners.end())
          partners.push_back(next / 8);
        at = next;
      }
    }
  ASSERT_EQ(partners.size(), 2u);
  std::int64_t other = 1;
  while (std::find(partners.begin(), partners.end(), other) != partners.end()) ++other;
  third.rounds.back().push_back({0, {net.parse_direction(fmt::format("M{}", other))}, {{0, 0}}});
  const network::ChannelBudgetResult bad = network::check_channel_budget(net, third, 2);
  ASSERT_TRUE(bad.witness);
  EXPECT_EQ(bad.witness->module, 0);
  EXPECT_TRUE(bad.witness->outgoing);
  EXPECT_EQ(bad.witness->round, static_cast<std::int64_t>(third.rounds.size()) - 1);
  EXPECT_EQ(bad.witness->partners, (std::vector<std::int64_t>{partners[0], partners[1], other}));
  // A load mutant: the first module-to-module transmission duplicated in its round: channel
  // load 2, arc congestion 2, and the routed checker's arc_exclusivity.
  network::RoutedSchedule twice = e.routed;
  for (auto& round : twice.rounds) {
    const auto it = std::find_if(round.begin(), round.end(), [&](const network::Transmission& x) {
      return x.hops.size() >= 1 && *net.target(x.from, x.hops.front()) / 8 != x.from / 8;
    });
    if (it == round.end()) continue;
    const network::Transmission copy = *it;
    round.push_back(copy);
    break;
  }
  EXPECT_EQ(network::check_channel_budget(net, twice, 2).channel_load, 2);
  EXPECT_EQ(network::edge_congestion(net, twice).congestion, 2);
  const network::RoutedResult v = network::check_routed(net, twice);
  ASSERT_TRUE(v.witness);
  EXPECT_EQ(v.witness->property, network::RoutedProperty::arc_exclusivity);
}

TEST(CrossbarTree, CompaqMachineDepth) {
  // §4's 256 x 64 machine, r = 4: depth 55 against 53 for the plain fractional tree of 16384.
  const GroupTree t = crossbar_tree(256, 64, 4);
  const std::vector<std::int64_t> steps = group_first_steps(t);
  std::int64_t depth = 0;
  for (std::size_t k = 0; k < steps.size(); ++k) depth = std::max(depth, steps[k] + t.size[k] - 1);
  EXPECT_EQ(depth, 55);
  EXPECT_EQ(fractional::layout_params(fractional::Layout::fractional, 256 * 64, 4).d + 1, 53);
}

}  // namespace
}  // namespace collverify::embedding
