// Ctrl-C inside the hypercube family (families/hypercube/aab_split.hpp, families/hypercube/hypercube_family.hpp): the
// stop is asked once before each simulated round, on the split AAB path (jobs > 1) and on the
// single-threaded stream (jobs 1, and every other algorithm). A stop that says yes at its
// (k+1)-th question leaves exactly k rounds judged and the judgement interrupted: no verdict but
// a witness found in those k rounds (the one the whole run gives, rounds being judged in order);
// never completeness, the bound, rounds_above_bound or structural_vs_simulation, which need every
// round. A stop that never says yes changes nothing (witness for witness on the mutants), and the
// family turns an interruption into an incomplete outcome, never a pass.
#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "families/hypercube/aab_split.hpp"
#include "families/hypercube/hypercube_family.hpp"
#include "engine/run_range.hpp"
#include "generators/hypercube_mutants.hpp"
#include "reference/hypercube/aab.hpp"

namespace collverify::engine {
namespace {

namespace hc = hypercube;
namespace net = network;

// Says yes at its (k+1)-th question and counts the questions.
struct StopAfter {
  std::int64_t k;
  std::int64_t asked = 0;
  HypercubeStop poll() {
    return [this] { return asked++ >= k; };
  }
};

bool has(const std::vector<Violation>& v, const std::string& property) {
  for (const auto& x : v) {
    if (x.property == property) return true;
  }
  return false;
}

std::string text(const net::RoutedResult& r) {
  return r.witness ? r.witness->message : std::string("no witness");
}

}  // namespace

TEST(HypercubeStop, AStopBeforeTheRunOrAfterKRoundsGivesNoVerdict) {
  const auto tree = hc::aab_generic_tree(6);  // 11 rounds
  ASSERT_EQ(tree.rounds, 11);
  for (int jobs : {1, 2, 3}) {
    for (std::int64_t k : {0, 1, 5, 10}) {
      SCOPED_TRACE("jobs " + std::to_string(jobs) + ", k " + std::to_string(k));
      StopAfter stop{k};
      const HypercubeJudgement j = judge_aab_tree(tree, jobs, stop.poll());
      EXPECT_TRUE(j.interrupted);
      EXPECT_EQ(stop.asked, k + 1);
      EXPECT_EQ(j.simulation.rounds, k);
      EXPECT_FALSE(j.simulation.witness.has_value()) << text(j.simulation);  // not completeness
      EXPECT_FALSE(j.structural.has_value());
      EXPECT_TRUE(hypercube_violations(j).empty());  // no rounds_above_bound, no disagreement
    }
    // Asked before each of the 11 rounds, never after the last: a yes at the 12th is too late.
    StopAfter late{11};
    const HypercubeJudgement j = judge_aab_tree(tree, jobs, late.poll());
    EXPECT_FALSE(j.interrupted);
    EXPECT_EQ(late.asked, 11);
    EXPECT_EQ(j.simulation.rounds, 11);
    EXPECT_TRUE(j.simulation_ok() && j.agree());
  }
}

TEST(HypercubeStop, AWitnessFoundBeforeTheStopIsTheWholeRunsAndNoneAfterIt) {
  int clashes = 0;
  for (int d = 4; d <= 8; ++d) {
    const auto m = hc::mutate_star_clash(hc::aab_generic_tree(d));
    ASSERT_TRUE(m.has_value()) << d;
    ++clashes;
    const std::int64_t w = m->witness.round;
    for (int jobs : {1, 2}) {
      SCOPED_TRACE("d " + std::to_string(d) + ", jobs " + std::to_string(jobs));
      const HypercubeJudgement whole = judge_aab_tree(m->value, jobs);
      ASSERT_TRUE(whole.simulation.witness.has_value());
      ASSERT_EQ(whole.simulation.witness->round, w);
      // Stopped after round w: the clash of round w is known, with the whole run's message.
      StopAfter after{w + 1};
      const HypercubeJudgement a = judge_aab_tree(m->value, jobs, after.poll());
      if (w + 1 < m->value.rounds) {
        EXPECT_TRUE(a.interrupted);
        ASSERT_TRUE(a.simulation.witness.has_value());
        EXPECT_EQ(a.simulation.witness->message, whole.simulation.witness->message);
        const auto v = hypercube_violations(a);
        EXPECT_TRUE(has(v, "arc_exclusivity"));
        EXPECT_TRUE(has(v, "star_dimension_clash"));  // the tree check runs before the stream
        EXPECT_FALSE(has(v, "structural_vs_simulation"));
      }
      // Stopped before round w: the simulation has not seen it; the tree check still has.
      StopAfter before{w};
      const HypercubeJudgement b = judge_aab_tree(m->value, jobs, before.poll());
      EXPECT_TRUE(b.interrupted);
      EXPECT_FALSE(b.simulation.witness.has_value()) << text(b.simulation);
      const auto v = hypercube_violations(b);
      EXPECT_FALSE(has(v, "arc_exclusivity"));
      EXPECT_TRUE(has(v, "star_dimension_clash"));
    }
  }
  EXPECT_GE(clashes, 4);
}

TEST(HypercubeStop, CompletenessIsNotClaimedForAStoppedRun) {
  // attached_twice leaves a node without its packet: completeness, known only after every round.
  const auto m = hc::mutate_attached_twice(hc::aab_generic_tree(6));
  ASSERT_TRUE(m.has_value());
  for (int jobs : {1, 2}) {
    const HypercubeJudgement whole = judge_aab_tree(m->value, jobs);
    ASSERT_TRUE(whole.simulation.witness.has_value());
    ASSERT_EQ(whole.simulation.witness->property, net::RoutedProperty::completeness);
    StopAfter stop{m->value.rounds - 1};
    const HypercubeJudgement j = judge_aab_tree(m->value, jobs, stop.poll());
    EXPECT_TRUE(j.interrupted);
    EXPECT_FALSE(j.simulation.witness.has_value()) << text(j.simulation);
    const auto v = hypercube_violations(j);
    EXPECT_TRUE(has(v, "attached_twice"));
    EXPECT_FALSE(has(v, "completeness"));
  }
}

TEST(HypercubeStop, AStopThatNeverSaysYesChangesNothing) {
  for (int d = 4; d <= 7; ++d) {
    const auto tree = hc::aab_generic_tree(d);
    for (const auto& m : {hc::mutate_star_clash(tree), hc::mutate_attached_twice(tree)}) {
      if (!m) continue;
      for (int jobs : {1, 2}) {
        const HypercubeJudgement plain = judge_aab_tree(m->value, jobs);
        StopAfter never{1 << 30};
        const HypercubeJudgement j = judge_aab_tree(m->value, jobs, never.poll());
        EXPECT_FALSE(j.interrupted);
        EXPECT_EQ(never.asked, m->value.rounds);
        EXPECT_EQ(j.simulation.rounds, plain.simulation.rounds);
        EXPECT_EQ(j.simulation.deliveries, plain.simulation.deliveries);
        EXPECT_EQ(text(j.simulation), text(plain.simulation));
        const auto a = hypercube_violations(j), b = hypercube_violations(plain);
        ASSERT_EQ(a.size(), b.size());
        for (std::size_t k = 0; k < a.size(); ++k) EXPECT_EQ(a[k].message, b[k].message);
      }
    }
  }
}

TEST(HypercubeStop, EveryStreamedAlgorithmStopsBetweenRounds) {
  for (HypercubeAlgo a : all_hypercube_algos()) {
    SCOPED_TRACE(to_string(a));
    StopAfter stop{2};
    const HypercubeJudgement j = judge_hypercube(a, 5, 1, stop.poll());
    EXPECT_TRUE(j.interrupted);
    EXPECT_EQ(j.simulation.rounds, 2);
    EXPECT_FALSE(j.simulation.witness.has_value()) << text(j.simulation);
    // The AAS audit would find idle links in a cut stream (and aas-3phase's rejection is its
    // pass): a streamed audit gives no verdict on an interrupted run.
    EXPECT_FALSE(j.structural.has_value());
    EXPECT_TRUE(hypercube_violations(j).empty());
  }
}

TEST(HypercubeStop, TheFamilyReportsAStoppedDAsIncompleteNotAsAPass) {
  std::atomic<bool> flag{true};
  const HypercubeFamily aab({HypercubeAlgo::aab});
  for (int threads : {1, 3}) {
    const Outcome o = aab.check(kAabSplitMinDimension, CheckContext{&flag, threads});
    EXPECT_FALSE(o.complete);
    EXPECT_NE(o.status, Status::pass);
    EXPECT_EQ(o.instances, 0);
    EXPECT_TRUE(o.violations.empty());
  }
  RunOptions ro;
  ro.jobs = 2;
  ro.stop = &flag;
  ro.p_text = "14";
  const RangeResult r = run_range(aab, {kAabSplitMinDimension}, ro);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.summary.checked, 0);
  EXPECT_EQ(r.summary.passed, 0);
  EXPECT_EQ(r.summary.not_checked, 1);
  // Not stopped: the same family passes a small d with every algorithm.
  std::atomic<bool> quiet{false};
  const Outcome ok = HypercubeFamily({}).check(5, CheckContext{&quiet, 2});
  EXPECT_TRUE(ok.complete);
  EXPECT_EQ(ok.status, Status::pass);
  EXPECT_EQ(ok.instances, 6);
}

}  // namespace collverify::engine
