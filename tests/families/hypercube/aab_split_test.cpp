// The AAB simulation split over the jobs (families/hypercube/aab_split.hpp) against the single-threaded
// routed checker on the same trees: the construction for d = 1..9 and the named and random
// mutants of the generic tree (an edge moved to another round or dimension, doubled, dropped;
// star_clash: two edges of one dimension in a round, i.e. transmissions of different origins,
// so of different parts, on one arc) give the same result with 1, 2 and 3 jobs, witness and
// message included. The family runs a d >= kAabSplitMinDimension with AAB alone on every job,
// and its check(d) with 3 threads gives the outcome of check(d) with one.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "families/hypercube/aab_split.hpp"
#include "families/hypercube/hypercube_family.hpp"
#include "generators/hypercube_mutants.hpp"
#include "reference/hypercube/aab.hpp"

namespace collverify::engine {
namespace {

namespace hc = hypercube;
namespace net = network;

std::string text(const net::RoutedResult& r) {
  return r.witness ? r.witness->message : std::string("no witness");
}

void expect_same(const net::RoutedResult& a, const net::RoutedResult& b) {
  EXPECT_EQ(a.rounds, b.rounds);
  EXPECT_EQ(a.transmissions, b.transmissions);
  EXPECT_EQ(a.deliveries, b.deliveries);
  ASSERT_EQ(a.witness.has_value(), b.witness.has_value()) << text(a) << " / " << text(b);
  if (!a.witness) return;
  EXPECT_EQ(a.witness->property, b.witness->property);
  EXPECT_EQ(a.witness->round, b.witness->round);
  EXPECT_EQ(a.witness->node, b.witness->node);
  EXPECT_EQ(a.witness->packets, b.witness->packets);
  EXPECT_EQ(a.witness->message, b.witness->message);
}

void expect_jobs_agree(const hc::GenericTree& tree) {
  const HypercubeJudgement one = judge_aab_tree(tree, 1);
  for (int jobs : {2, 3}) {
    SCOPED_TRACE("d = " + std::to_string(tree.d) + ", jobs = " + std::to_string(jobs));
    const HypercubeJudgement j = judge_aab_tree(tree, jobs);
    expect_same(j.simulation, one.simulation);
    EXPECT_EQ(j.structural.has_value(), one.structural.has_value());
    EXPECT_EQ(j.agree(), one.agree());
    const auto a = hypercube_violations(j), b = hypercube_violations(one);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t k = 0; k < a.size(); ++k) EXPECT_EQ(a[k].message, b[k].message);
  }
}

}  // namespace

TEST(AabSplit, TheConstructionPassesWithEveryNumberOfJobs) {
  for (int d = 1; d <= 9; ++d) {
    const auto tree = hc::aab_generic_tree(d);
    for (int jobs : {1, 2, 3}) {
      net::RoutedHeader h;
      h.collective = net::Collective::aab;
      const auto r = simulate_aab_split(tree, h, {tree.rounds}, jobs);
      EXPECT_FALSE(r.witness.has_value()) << text(r);
      EXPECT_EQ(r.rounds, tree.rounds);
      EXPECT_EQ(r.transmissions, (std::int64_t{1} << d) * ((std::int64_t{1} << d) - 1));
    }
    expect_jobs_agree(tree);
  }
}

TEST(AabSplit, NamedMutantsGiveTheSameWitnessWithEveryNumberOfJobs) {
  int clashes = 0;
  for (int d = 2; d <= 8; ++d) {
    const auto tree = hc::aab_generic_tree(d);
    if (const auto m = hc::mutate_star_clash(tree)) {
      ++clashes;
      const auto j = judge_aab_tree(m->value, 3);
      ASSERT_TRUE(j.simulation.witness.has_value());
      EXPECT_EQ(j.simulation.witness->property, net::RoutedProperty::arc_exclusivity);
      EXPECT_EQ(j.simulation.witness->round, m->witness.round);
      // The two packets on the arc have different origins, so at d >= 7 (parts of 64 origins)
      // they may lie in different parts; either way the witness is the single-threaded one.
      expect_jobs_agree(m->value);
    }
    if (const auto m = hc::mutate_attached_twice(tree)) expect_jobs_agree(m->value);
  }
  EXPECT_GE(clashes, 4);
}

TEST(AabSplit, ACollisionOnlyTheMergeSeesIsFound) {
  // d = 7, two parts of 64 origins: an edge turned onto the dimension of another edge of its
  // round makes trees t and t ^ (parent ^ parent') collide; with t < 64 <= t ^ ..., the two
  // transmissions are in different parts.
  const auto tree = hc::aab_generic_tree(7);
  bool found = false;
  for (std::size_t a = 0; a < tree.edges.size() && !found; ++a) {
    for (std::size_t b = 0; b < tree.edges.size() && !found; ++b) {
      const auto& x = tree.edges[a];
      const auto& y = tree.edges[b];
      if (a == b || x.round != y.round || ((x.parent ^ y.parent) & 64) == 0) continue;
      hc::GenericTree m = tree;
      m.edges[a].dimension = y.dimension;
      const auto j = judge_aab_tree(m, 2);
      ASSERT_TRUE(j.simulation.witness.has_value());
      if (j.simulation.witness->property != net::RoutedProperty::arc_exclusivity) continue;
      const auto& ps = j.simulation.witness->packets;
      ASSERT_EQ(ps.size(), 2u);
      found = (ps[0].origin < 64) != (ps[1].origin < 64);
      if (found) expect_jobs_agree(m);
    }
  }
  EXPECT_TRUE(found) << "no mutant with a collision across the two parts";
}

RC_GTEST_PROP(AabSplitProperty, RandomTreeMutantsGiveTheSameResultWithOneTwoAndThreeJobs, ()) {
  const int d = *rc::gen::inRange(1, 8);
  hc::GenericTree tree = hc::aab_generic_tree(d);
  const auto mutations = *rc::gen::inRange(1, 4);
  for (int k = 0; k < mutations && !tree.edges.empty(); ++k) {
    const auto e = *rc::gen::inRange<std::size_t>(0, tree.edges.size());
    switch (*rc::gen::inRange(0, 4)) {
      case 0: tree.edges[e].round = *rc::gen::inRange<std::int64_t>(0, tree.rounds); break;
      case 1: tree.edges[e].dimension = *rc::gen::inRange(0, d); break;
      case 2: tree.edges.push_back(tree.edges[e]); break;
      default: tree.edges.erase(tree.edges.begin() + static_cast<std::ptrdiff_t>(e)); break;
    }
  }
  const auto one = judge_aab_tree(tree, 1).simulation;
  RC_TAG(one.witness ? to_string(one.witness->property) : "valid");
  for (int jobs : {2, 3}) {
    const auto r = judge_aab_tree(tree, jobs).simulation;
    RC_ASSERT(r.rounds == one.rounds);
    RC_ASSERT(r.transmissions == one.transmissions);
    RC_ASSERT(r.deliveries == one.deliveries);
    RC_ASSERT(r.witness.has_value() == one.witness.has_value());
    if (one.witness) RC_ASSERT(r.witness->message == one.witness->message);
  }
}

TEST(AabSplit, TheFamilyRunsLargeDAloneAndItsThreadsChangeNothing) {
  const HypercubeFamily aab({HypercubeAlgo::aab});
  EXPECT_FALSE(aab.alone(kAabSplitMinDimension - 1));
  EXPECT_TRUE(aab.alone(kAabSplitMinDimension));
  EXPECT_TRUE(aab.alone(16));
  EXPECT_FALSE(HypercubeFamily({HypercubeAlgo::oab}).alone(16));
  // d = 16: holdings 512 MiB once; each further job adds its tables (about 10 MiB).
  const std::int64_t one = aab.bytes(16, 1), two = aab.bytes(16, 2);
  EXPECT_GT(two, one);
  EXPECT_LT(two - one, std::int64_t{32} << 20);
  EXPECT_LT(two, std::int64_t{800} << 20) << one << " " << two;
  const HypercubeFamily all({});
  const Outcome a = all.check(7, CheckContext{nullptr, 1});
  const Outcome b = all.check(7, CheckContext{nullptr, 3});
  EXPECT_EQ(a.status, Status::pass);
  EXPECT_EQ(b.status, a.status);
  ASSERT_EQ(a.instance_results.size(), b.instance_results.size());
  for (std::size_t k = 0; k < a.instance_results.size(); ++k) {
    EXPECT_EQ(a.instance_results[k].rounds, b.instance_results[k].rounds);
  }
}

}  // namespace collverify::engine
