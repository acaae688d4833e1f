// The fractional family: every P of 1..40 passes with every instance counted and the last PU's
// step reported; a mutant schedule fails the family's checks with P, the instance, the PU, the
// step and the packet; a schedule slower than the paper's claim is "above_claim"; bad P refused;
// the routed converter's schedule passes the routed checker and a broken one does not.
#include "families/fractional/fractional_family.hpp"

#include <gtest/gtest.h>

#include "checkers/network/routed_check.hpp"
#include "generators/fractional_mutants.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/fractional/broadcast.hpp"
#include "reference/fractional/simplex_direct.hpp"

namespace collverify::engine {
namespace {

namespace fr = fractional;

TEST(FractionalFamily, SmallRangePasses) {
  const FractionalFamily family;
  const auto n = static_cast<std::int64_t>(fractional_instances().size());
  for (std::int64_t P = 1; P <= 40; ++P) {
    const Outcome o = family.check(P, {});
    EXPECT_EQ(o.status, Status::pass) << P << ": " << (o.violations.empty() ? "" : o.violations[0].message);
    EXPECT_EQ(o.instances, n);
    for (const InstanceResult& r : o.instance_results) {
      if (P >= 2) {
        EXPECT_GE(r.rounds, r.lower_bound);
      }
    }
  }
}

TEST(FractionalFamily, HeaderExampleCount) {
  EXPECT_EQ(fractional_instances().size(), 75U);
  EXPECT_EQ(FractionalFamily().check(5, {}).instances, 75);
}

TEST(FractionalFamily, MutantFailsWithWitness) {
  const FractionalInstance inst{fr::Layout::fractional, 2, 5, false, false};
  const fr::BroadcastResult b = fr::broadcast({fr::Layout::fractional, 12, 2, 5, false});
  const auto m = fractional_mutants::sent_before_arrival(b.schedule);
  ASSERT_TRUE(m);
  const auto v = check_fractional_schedule(m->schedule, inst, 7);
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v[0].property, "send_before_receive");
  EXPECT_EQ(v[0].p, 12);
  EXPECT_EQ(v[0].n, 7);
  EXPECT_EQ(v[0].rank, m->witness.rank);
  EXPECT_EQ(v[0].round, m->witness.round);
  EXPECT_EQ(v[0].block, m->witness.block);
  EXPECT_NE(v[0].message.find("fractional r = 2, s = 5, duplex"), std::string::npos);
}

TEST(FractionalFamily, SlowerThanTheClaimIsReported) {
  // The chain's schedule with an empty step put in front: d + s + 1 > d + s.
  const FractionalInstance inst{fr::Layout::chain, 0, 3, false, false};
  fr::BroadcastResult b = fr::broadcast({fr::Layout::chain, 6, 0, 3, false});
  b.schedule.rounds.insert(b.schedule.rounds.begin(), std::vector<Transfer>{});
  const auto v = check_fractional_schedule(b.schedule, inst, 0);
  ASSERT_EQ(v.size(), 1U);
  EXPECT_EQ(v[0].property, "above_claim");
  EXPECT_NE(v[0].message.find("difference -1"), std::string::npos);
}

// The direct simplex implementation's order with one send/receive swap that delays the last PU
// (generators/fractional_mutants.hpp): the simulation accepts it, the family's run-rate check
// does not.
TEST(FractionalFamily, DelayingSwapFailsTheRunRate) {
  const FractionalInstance inst{fr::Layout::fractional, 3, 12, true, false, true};
  ASSERT_TRUE(run_rate_applies(inst));
  fr::BroadcastOptions o{fr::Layout::fractional, 40, 3, 12, true};
  o.simplex_direct = true;
  const fr::SimplexOrder order = fr::simplex_direct_order(o);
  fr::BroadcastOptions two = o;
  two.s = 6;
  const Schedule two_runs = fr::broadcast(two).schedule;
  const fr::BroadcastResult right = fr::run_simplex_program(order.program, 12);
  EXPECT_TRUE(check_fractional_schedule(right.schedule, inst, 3).empty());
  EXPECT_TRUE(check_direct_run_rate(right.schedule, two_runs, inst, 3).empty());
  std::int64_t delays = 0;
  for (std::int64_t x = 0; x < o.P && delays == 0; ++x) {
    for (std::int64_t k = 0; k < 40 && delays == 0; ++k) {
      const auto m = fractional_mutants::swapped_parts(order.program, x, k);
      if (!m) continue;
      const fr::BroadcastResult b = fr::run_simplex_program(*m, 12);
      if (b.deadlock || !check_fractional_schedule(b.schedule, inst, 3).empty()) continue;
      const auto v = check_direct_run_rate(b.schedule, two_runs, inst, 3);
      if (v.empty()) continue;
      ++delays;
      EXPECT_EQ(v[0].property, "above_run_rate");
      EXPECT_EQ(v[0].p, 40);
      EXPECT_EQ(v[0].n, 3);
      EXPECT_NE(v[0].message.find("fractional r = 3, s = 12, simplex direct"), std::string::npos);
    }
  }
  EXPECT_EQ(delays, 1);
}

// check() builds the run rate's two-run broadcast once per layout and hands it to
// judge_fractional; judged one by one (each builds its own) the instances give the same
// verdicts, steps and bounds. A two-run schedule one step faster than the real one makes the run
// rate fail (P >= 7; for P = 2 the real one has slack enough), so the schedule handed in is the one
// used.
TEST(FractionalFamily, SharedTwoRunsAgreesWithBuildingItPerInstance) {
  const FractionalFamily family;
  const std::vector<FractionalInstance> insts = fractional_instances();
  for (std::int64_t P : {1, 2, 7, 33, 100}) {
    const Outcome o = family.check(P, {});
    ASSERT_EQ(o.instance_results.size(), insts.size());
    std::int64_t applies = 0;
    for (std::size_t k = 0; k < insts.size(); ++k) {
      const auto index = static_cast<std::int64_t>(k);
      const FractionalJudgement alone = judge_fractional(P, insts[k], index, {});
      EXPECT_EQ(alone.violations.empty(), o.instance_results[k].status == Status::pass) << P << " " << k;
      EXPECT_EQ(alone.steps, o.instance_results[k].rounds) << P << " " << k;
      EXPECT_EQ(alone.lower_bound, o.instance_results[k].lower_bound) << P << " " << k;
      if (!run_rate_applies(insts[k]) || P < 7) continue;
      ++applies;
      Schedule faster = two_runs_broadcast(P, insts[k]);
      ASSERT_FALSE(faster.rounds.empty());
      for (std::size_t t = 1; t < faster.rounds.size(); ++t) {
        faster.rounds[0].insert(faster.rounds[0].end(), faster.rounds[t].begin(), faster.rounds[t].end());
      }
      faster.rounds.resize(1);
      const FractionalJudgement wrong = judge_fractional(P, insts[k], index, {}, &faster);
      ASSERT_FALSE(wrong.violations.empty()) << P << " " << k;
      EXPECT_EQ(wrong.violations[0].property, "above_run_rate");
    }
    if (P >= 7) {
      EXPECT_EQ(applies, 18) << P;  // binary and r = 1..8, s = 2L + 1 and 4L
    }
  }
}

TEST(FractionalFamily, RoutedConverterAgrees) {
  const fr::BroadcastResult b = fr::broadcast({fr::Layout::fractional, 20, 3, 7, true});
  network::RoutedSchedule routed = fractional_routed(b.schedule);
  const network::Network net = network::Network::from_spec(routed.network);
  EXPECT_FALSE(network::check_routed(net, routed).witness);
  EXPECT_EQ(routed.model.duplex, Duplex::simplex);
  // The same with one transmission sent by a PU that does not hold the packet yet.
  routed.rounds[0][0].from = 7;
  const auto r = network::check_routed(net, routed);
  ASSERT_TRUE(r.witness);
  EXPECT_EQ(std::string(network::to_string(r.witness->property)), "causality");
}

TEST(FractionalFamily, RefusesBadP) {
  const FractionalFamily family;
  EXPECT_THROW(family.accept(0), InputError);
  EXPECT_THROW(family.accept(std::int64_t{1} << 40), InputError);
  EXPECT_NO_THROW(family.accept(1024));
  EXPECT_GT(family.bytes(1024, 1), 0);
}

}  // namespace
}  // namespace collverify::engine
