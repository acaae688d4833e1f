// Figure 2 in lock step: the header's chain example by hand, every layout valid in the generic
// simulation for small P and s (duplex and simplex), the exact step of the last PU (a closed
// form derived from the run timing, checked for every P, r, s in range), the padding choice for
// s not a multiple of r, the literal zero-time reading of the padding that breaks (the smallest
// counterexample of docs/ERRATA.md), the reduction through the data-level check, bad input; the
// lock step equals its slow twin on every layout, on the embeddings' group trees and on broken
// trees (deadlocks included).
#include "reference/fractional/broadcast.hpp"

#include <gtest/gtest.h>

#include "checkers/fractional/reduction_check.hpp"
#include "checkers/fractional/timing.hpp"
#include "checkers/simulate.hpp"
#include "model/error.hpp"
#include "reference/embedding/group_tree.hpp"

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

namespace collverify::fractional {
namespace {

std::int64_t rounds_of(const Schedule& s) { return static_cast<std::int64_t>(s.rounds.size()); }

// A lock step's result as comparable values: every round's transfers in order, the deadlock,
// the contended offers and the padded packet count.
using Flat = std::vector<std::vector<std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>>>;
std::tuple<Flat, std::string, std::int64_t, std::int64_t> flat(const BroadcastResult& b) {
  Flat out;
  for (const auto& round : b.schedule.rounds) {
    auto& f = out.emplace_back();
    for (const Transfer& t : round) f.emplace_back(t.from, t.to, t.block, t.stored_as);
  }
  return {out, b.deadlock.value_or(""), b.contended_offers, b.padded_s};
}

// Both lock steps on one tree; the number of deadlocks seen.
int expect_twins_agree(const std::vector<Placement>& tree, std::int64_t L, std::int64_t s,
                       const std::string& where) {
  int deadlocks = 0;
  for (const bool literal : {false, true}) {
    const BroadcastResult fast = run_lock_step(tree, L, s, literal);
    const BroadcastResult slow = run_lock_step_slow(tree, L, s, literal);
    EXPECT_EQ(flat(fast), flat(slow)) << where << (literal ? " literal" : "");
    deadlocks += fast.deadlock ? 1 : 0;
  }
  return deadlocks;
}

std::vector<Placement> placed(Layout layout, std::int64_t P, std::int64_t r) {
  const LayoutParams lp = layout_params(layout, P, r);
  std::vector<Placement> tree;
  for (std::int64_t x = 0; x < P; ++x) tree.push_back(place(lp, x));
  return tree;
}

// The lock step visits only the started PUs that have not finished; the slow one every PU. Every layout (binary: r = -1 here), P up to 515, s a multiple of the run length or not.
TEST(FractionalBroadcast, LockStepEqualsItsSlowTwin) {
  for (std::int64_t r = -1; r <= 8; ++r) {
    const Layout layout = r < 0 ? Layout::binary : r == 0 ? Layout::chain : Layout::fractional;
    for (std::int64_t P : {1, 2, 3, 4, 5, 6, 7, 9, 12, 17, 23, 31, 40, 64, 100, 131, 200, 515}) {
      const std::vector<Placement> tree = placed(layout, P, std::max<std::int64_t>(r, 1));
      for (std::int64_t s : {1, 3, 4, 9, 20}) {
        const std::int64_t L = r < 0 ? 1 : r == 0 ? s : r;
        EXPECT_EQ(expect_twins_agree(tree, L, s, "P=" + std::to_string(P) + " r=" +
                                                     std::to_string(r) + " s=" + std::to_string(s)),
                  0);
      }
    }
  }
}

// The embeddings' explicit group trees (every group full, reference/embedding/group_tree.hpp).
TEST(FractionalBroadcast, LockStepEqualsItsSlowTwinOnGroupTrees) {
  for (std::int64_t r = 1; r <= 4; ++r) {
    for (std::int64_t G = 1; G <= 40; G += 3) {
      const std::vector<Placement> tree = embedding::to_placements(embedding::full_fractional_groups(G, r));
      for (const std::int64_t s : {std::int64_t{1}, 2 * r + 1, 4 * r}) {
        expect_twins_agree(tree, r, s, "G=" + std::to_string(G) + " r=" + std::to_string(r));
      }
    }
  }
}

// Broken trees: a PU's down or right successor dropped or moved, a head's predecessor group
// wrong. Many deadlock (no transfer in a step, or PUs that never receive); both say the same.
TEST(FractionalBroadcast, LockStepEqualsItsSlowTwinOnBrokenTrees) {
  int deadlocks = 0;
  int trees = 0;
  for (std::int64_t r = 1; r <= 3; ++r) {
    for (std::int64_t P : {5, 11, 20}) {
      const std::vector<Placement> base = placed(Layout::fractional, P, r);
      for (std::size_t x = 0; x < base.size(); ++x) {
        std::vector<std::vector<Placement>> broken(4, base);
        broken[0][x].down = kNoPu;
        broken[1][x].right = base[x].right == kNoPu ? kNoPu : (base[x].right + 1) % P;
        broken[2][x].pred_group = base[x].index == 0 && x > 0 ? 0 : base[x].pred_group;
        broken[3][x].down = base[x].down == kNoPu ? kNoPu : (base[x].down + 2) % P;
        for (std::size_t m = 0; m < broken.size(); ++m) {
          deadlocks += expect_twins_agree(broken[m], r, 3 * r + 1,
                                          "P=" + std::to_string(P) + " r=" + std::to_string(r) +
                                              " PU " + std::to_string(x) + " mutation " +
                                              std::to_string(m));
          trees += 2;
        }
      }
    }
  }
  EXPECT_GT(deadlocks, trees / 8);  // the deadlock paths are taken, not only the happy one
}

TEST(FractionalBroadcast, ChainExampleByHand) {
  const BroadcastResult b = broadcast({Layout::chain, 3, 0, 2, false});
  ASSERT_FALSE(b.deadlock);
  ASSERT_EQ(rounds_of(b.schedule), 3);
  const auto& r = b.schedule.rounds;
  ASSERT_EQ(r[0].size(), 1U);
  EXPECT_EQ(r[0][0].from, 0);
  EXPECT_EQ(r[0][0].to, 1);
  EXPECT_EQ(r[0][0].block, 0);
  ASSERT_EQ(r[1].size(), 2U);
  EXPECT_EQ(r[1][0].block, 1);
  EXPECT_EQ(r[1][1].from, 1);
  EXPECT_EQ(r[1][1].to, 2);
  EXPECT_EQ(r[1][1].block, 0);
  ASSERT_EQ(r[2].size(), 1U);
  EXPECT_EQ(r[2][0].block, 1);
}

TEST(FractionalBroadcast, EveryLayoutValidDuplexAndSimplex) {
  for (int simplex = 0; simplex < 2; ++simplex) {
    for (std::int64_t r = 0; r <= 6; ++r) {
      for (std::int64_t P = 1; P <= 70; ++P) {
        for (std::int64_t s : {1, 2, 3, 5, 6, 7, 13}) {
          const Layout layout = r == 0 ? Layout::chain : Layout::fractional;
          const BroadcastResult b = broadcast({layout, P, r, s, simplex == 1});
          ASSERT_FALSE(b.deadlock) << *b.deadlock;
          EXPECT_EQ(b.contended_offers, 0) << "P=" << P << " r=" << r << " s=" << s;
          const SimulationResult sim = simulate_schedule(b.schedule, rounds_of(b.schedule));
          ASSERT_FALSE(sim.verdict) << "P=" << P << " r=" << r << " s=" << s << " simplex="
                                    << simplex << ": " << sim.verdict->message;
        }
      }
    }
  }
}

// The timing of Figure 2: a PU whose first packet arrives at step tau gets packet j = m r + c
// at tau + m (r + 1) + c, the last PU's first packet arrives at d + 1, so the last PU holds all
// s packets after d + 1 + (s - 1) + floor((s - 1) / r) steps (chain: d + s). The paper's
// d + s(1 + 1/r) counts one pause more (s / r pauses; only ceil(s / r) - 1 lie between runs).
// Exact when the root has a right successor; when it has none (P small against r), its
// sendRight|Recv operations are all no-ops and it pipes without pauses, so PUs finish earlier.
TEST(FractionalBroadcast, LastPuStepClosedForm) {
  std::int64_t exact = 0;
  for (std::int64_t r = 1; r <= 8; ++r) {
    for (std::int64_t P = 2; P <= 120; ++P) {
      const bool root_has_right =
          place(layout_params(Layout::fractional, P, r), 0).right != kNoPu;
      for (std::int64_t s = 1; s <= 20; ++s) {
        const BroadcastResult b = broadcast({Layout::fractional, P, r, s, false});
        const std::int64_t steps = fractional_check::last_pu_step(b.schedule);
        const std::int64_t formula = b.d + 1 + (s - 1) + (s - 1) / r;
        EXPECT_LE(steps, formula) << "P=" << P << " r=" << r << " s=" << s;
        if (root_has_right) {
          EXPECT_EQ(steps, formula) << "P=" << P << " r=" << r << " s=" << s;
          ++exact;
        }
      }
    }
  }
  EXPECT_GT(exact, 8 * 100 * 20);
  // P = 2, r = 1: the root's only successor is down; PU 1 gets a packet every step.
  EXPECT_EQ(fractional_check::last_pu_step(broadcast({Layout::binary, 2, 1, 5, false}).schedule), 5);
  for (std::int64_t P = 2; P <= 50; ++P) {
    const BroadcastResult b = broadcast({Layout::chain, P, 0, 9, false});
    EXPECT_EQ(fractional_check::last_pu_step(b.schedule), P - 2 + 9);
  }
}

TEST(FractionalBroadcast, SmallestClaimDifference) {
  // P = 2, binary, s = 1: d = 0, claim d + 2s = 2, the one PU has its packet after step 1.
  const BroadcastResult b = broadcast({Layout::binary, 2, 1, 1, false});
  const auto t = fractional_check::check_timing(b.schedule, 1, false);
  EXPECT_EQ(t.steps, 1);
  EXPECT_EQ(t.claim.difference_text(t.steps), "1");
}

TEST(FractionalBroadcast, PaddingSendsOnlyRealPackets) {
  const BroadcastResult b = broadcast({Layout::fractional, 20, 4, 9, false});
  EXPECT_EQ(b.padded_s, 12);
  std::int64_t transfers = 0;
  for (const auto& round : b.schedule.rounds) {
    for (const Transfer& x : round) {
      EXPECT_LT(x.block, 9);
      ++transfers;
    }
  }
  EXPECT_EQ(transfers, 19 * 9);  // every PU but the root receives each packet once
}

TEST(FractionalBroadcast, LiteralZeroTimePaddingBreaksAtSixPUs) {
  // Reading "a padding packet's parts are no-ops that take no time" lets a PU reach its right
  // send early; the right head then files the wrong packet. Smallest (P, r, s): (6, 3, 4).
  for (std::int64_t P = 1; P <= 6; ++P) {
    for (std::int64_t r = 1; r <= 8; ++r) {
      for (std::int64_t s = 1; s <= 20; ++s) {
        if (P == 6 && r == 3 && s == 4) continue;
        if (P == 6 && (r > 3 || (r == 3 && s > 4))) continue;
        BroadcastOptions o{Layout::fractional, P, r, s, false, true};
        const BroadcastResult b = broadcast(o);
        EXPECT_FALSE(simulate_schedule(b.schedule, rounds_of(b.schedule)).verdict)
            << "P=" << P << " r=" << r << " s=" << s;
      }
    }
  }
  BroadcastOptions o{Layout::fractional, 6, 3, 4, false, true};
  const BroadcastResult b = broadcast(o);
  const SimulationResult sim = simulate_schedule(b.schedule, rounds_of(b.schedule));
  ASSERT_TRUE(sim.verdict);
  EXPECT_EQ(sim.verdict->property, "agreement");
  EXPECT_EQ(sim.verdict->rank, 5);
  EXPECT_EQ(sim.verdict->round, 5);
  EXPECT_EQ(sim.verdict->block, 2);
  // The padding this family uses instead holds there.
  o.literal_short_run = false;
  const BroadcastResult padded = broadcast(o);
  EXPECT_FALSE(simulate_schedule(padded.schedule, rounds_of(padded.schedule)).verdict);
}

TEST(FractionalBroadcast, SimplexRootPartnerAndOddP) {
  // P = 2: one couple; without the root feeding its partner PU 1 would get nothing.
  for (std::int64_t P : {2, 3, 5, 9}) {
    const BroadcastResult b = broadcast({Layout::fractional, P, 2, 4, true});
    EXPECT_EQ(b.schedule.model.duplex, Duplex::simplex);
    EXPECT_FALSE(simulate_schedule(b.schedule, rounds_of(b.schedule)).verdict) << P;
  }
}

TEST(FractionalBroadcast, ReductionReachesTheRootOnce) {
  for (int simplex = 0; simplex < 2; ++simplex) {
    for (std::int64_t r = 0; r <= 4; ++r) {
      for (std::int64_t P = 1; P <= 40; ++P) {
        for (std::int64_t s : {1, 4, 7}) {
          const BroadcastResult b =
              broadcast({r == 0 ? Layout::chain : Layout::fractional, P, r, s, simplex == 1});
          const Schedule red = reduction_schedule(b.schedule);
          EXPECT_EQ(red.rounds.size(), b.schedule.rounds.size());
          const Verdict v = fractional_check::check_reduction(red);
          EXPECT_FALSE(v) << "P=" << P << " r=" << r << " s=" << s << ": " << v->message;
        }
      }
    }
  }
}

TEST(FractionalBroadcast, BadInputNamesTheValue) {
  auto message = [](BroadcastOptions o) {
    try {
      broadcast(o);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(message({Layout::fractional, 0, 2, 3, false}).find("--P 0"), std::string::npos);
  EXPECT_NE(message({Layout::fractional, 4, 0, 3, false}).find("--r 0"), std::string::npos);
  EXPECT_NE(message({Layout::fractional, 4, 2, 0, false}).find("--s 0"), std::string::npos);
  const std::string huge = message({Layout::fractional, std::int64_t{1} << 40, 2, 1 << 20, false});
  EXPECT_FALSE(huge.empty());
}

// Issue 26 #6: the lock step runs s padded up to a multiple of r, so --r 10^8 with --s 7 is
// 10^8 packets per PU. The estimate counted 7 and the run took over 4 GB before any refusal.
TEST(FractionalBroadcast, TheEstimateCountsThePaddedPackets) {
  BroadcastOptions o;
  o.layout = Layout::fractional;
  o.P = 20;
  o.s = 7;
  o.r = 100'000'000;
  EXPECT_GE(broadcast_bytes(o), o.P * o.r * 64);
  try {
    validate_broadcast(o);
    ADD_FAILURE() << "P = 20, s = 7, r = 10^8 was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("multiple of the run length 100000000"), std::string::npos)
        << e.what();
  }
  // s a multiple of r: nothing padded; and the chain's run is s itself.
  o.r = 7;
  const std::int64_t unpadded = broadcast_bytes(o);
  o.r = 4;  // s = 7 padded to 8
  EXPECT_GT(broadcast_bytes(o), unpadded);
  o.layout = Layout::chain;
  o.r = 100'000'000;  // ignored by the chain
  EXPECT_EQ(broadcast_bytes(o), unpadded);
  // The padded count itself overflowing 64 bits is bad input, never a wrap.
  o.layout = Layout::fractional;
  o.s = (std::int64_t{1} << 62) + 1;
  o.r = std::int64_t{1} << 62;
  EXPECT_THROW(broadcast_bytes(o), InputError);
}

}  // namespace
}  // namespace collverify::fractional
