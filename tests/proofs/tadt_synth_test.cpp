// proofs/tadt_synth: minimum heights on small tori and meshes, the optimality claims (Z3 itself
// confirms the lower bound one level below), the brute-force twin agreeing with Z3, and the
// re-check rejecting tampered synthesized trees with the right property.
#include "proofs/tadt_synth.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "model/error.hpp"
#include "model/verdict.hpp"

namespace pf = collverify::proofs;
namespace nw = collverify::network;

namespace {

nw::Network torus(std::vector<std::int64_t> s) { return nw::Network::torus(std::move(s)); }
nw::Network mesh(std::vector<std::int64_t> s) { return nw::Network::mesh(std::move(s)); }

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

// Lemma 11's rule, computed here from the tree alone: at each level, directions pairwise distinct.
bool directions_distinct_per_level(const nw::LevelTree& t) {
  std::set<std::pair<std::int64_t, nw::Direction>> seen;
  for (const auto& a : t.arcs) {
    if (!seen.insert({a.level, a.direction}).second) return false;
  }
  return true;
}

void expect_optimal(const nw::Network& net, std::int64_t height) {
  const auto r = pf::synthesize_tadt(net, {});
  SCOPED_TRACE(nw::Network::describe(net.spec()));
  ASSERT_TRUE(r.found) << r.proof;
  EXPECT_EQ(r.status, pf::TadtStatus::optimal) << r.proof;
  EXPECT_EQ(r.height, height);
  EXPECT_EQ(r.recheck, "");
  EXPECT_EQ(pf::recheck_tadt(net, r.trees, r.bound.value), "");
  EXPECT_EQ(pf::tadt_exit_code(r), 0);
  if (r.mode == pf::TadtMode::generic) {
    ASSERT_EQ(r.trees.size(), 1U);
    EXPECT_EQ(r.trees[0].root, 0);
    EXPECT_EQ(static_cast<std::int64_t>(r.trees[0].arcs.size()), net.nodes() - 1);
    EXPECT_TRUE(directions_distinct_per_level(r.trees[0]));
  } else {
    ASSERT_EQ(static_cast<std::int64_t>(r.trees.size()), net.nodes());
    for (std::size_t i = 0; i < r.trees.size(); ++i) {
      EXPECT_EQ(r.trees[i].root, static_cast<std::int64_t>(i));
    }
  }
}

TEST(TadtSynth, LowerBoundIsLemma8OrTheEccentricity) {
  const auto b = pf::tadt_lower_bound(torus({3, 3}), pf::TadtMode::generic);
  EXPECT_EQ(b.ports, 4);
  EXPECT_EQ(b.lemma8, 2);
  EXPECT_EQ(b.value, 2);
  const auto c = pf::tadt_lower_bound(torus({3, 3, 3}), pf::TadtMode::generic);
  EXPECT_EQ(c.lemma8, 5);  // ceil(26 / 6)
  const auto m = pf::tadt_lower_bound(mesh({3, 4}), pf::TadtMode::per_root);
  EXPECT_EQ(m.ports, 2);  // a corner receives through two ports
  EXPECT_EQ(m.lemma8, 6);
  EXPECT_EQ(m.eccentricity, 5);  // the diameter
  const auto s = pf::tadt_lower_bound(torus({2, 4}), pf::TadtMode::generic);
  EXPECT_EQ(s.lemma8, 2);
  EXPECT_EQ(s.eccentricity, 3);
  EXPECT_EQ(s.value, 3);
}

TEST(TadtSynth, SmallToriReachTheBound) {
  expect_optimal(torus({3, 3}), 2);
  expect_optimal(torus({4, 4}), 4);
  expect_optimal(torus({3, 4}), 3);
  expect_optimal(torus({2, 3}), 2);
  expect_optimal(torus({3, 3, 3}), 5);  // Lemma 8's ceil(26/6), which the pyramids cannot split evenly
}

TEST(TadtSynth, HypercubeComesForFree) {
  expect_optimal(nw::Network::hypercube(3), 3);
  expect_optimal(nw::Network::hypercube(4), 4);
}

TEST(TadtSynth, SmallMeshesGiveOneTreePerRoot) {
  expect_optimal(mesh({2, 2}), 2);
  expect_optimal(mesh({2, 3}), 3);
  expect_optimal(mesh({3, 3}), 4);
  expect_optimal(mesh({1, 4}), 3);  // a path: its ends receive through one port
}

TEST(TadtSynth, SingleNodeHasHeightZero) {
  const auto r = pf::synthesize_tadt(torus({1, 1}), {});
  EXPECT_EQ(r.status, pf::TadtStatus::optimal);
  EXPECT_EQ(r.height, 0);
}

// Z3 confirms the counting bound: unsat one level below, sat at it.
TEST(TadtSynth, Z3ProvesNothingFitsBelowTheBound) {
  for (const auto& net : {torus({3, 3}), torus({3, 4}), mesh({3, 3}), mesh({2, 3})}) {
    SCOPED_TRACE(nw::Network::describe(net.spec()));
    pf::TadtSynthOptions o;
    o.from_below_bound = true;
    const auto r = pf::synthesize_tadt(net, o);
    ASSERT_EQ(r.attempts.size(), 2U);
    EXPECT_EQ(r.attempts[0].height, r.bound.value - 1);
    EXPECT_EQ(r.attempts[0].outcome, pf::SolverOutcome::unsat);
    EXPECT_EQ(r.attempts[1].outcome, pf::SolverOutcome::sat);
    EXPECT_EQ(r.status, pf::TadtStatus::optimal);
    EXPECT_NE(r.proof.find("unsat"), std::string::npos) << r.proof;
  }
}

// The query itself: sat at the optimum, unsat one below, for a size the bound does not settle
// by counting alone (2x4: Lemma 8 says 2, the eccentricity 3).
TEST(TadtSynth, QueryAnswersBelowAndAtTheEccentricity) {
  const auto net = torus({2, 4});
  EXPECT_EQ(pf::tadt_query(net, pf::TadtMode::generic, 2, {}).attempt.outcome,
            pf::SolverOutcome::unsat);
  const auto q = pf::tadt_query(net, pf::TadtMode::generic, 3, {});
  ASSERT_EQ(q.attempt.outcome, pf::SolverOutcome::sat);
  EXPECT_EQ(pf::recheck_tadt(net, q.trees, 3), "");
}

TEST(TadtSynth, ExhaustedRlimitIsInconclusiveNeverOptimal) {
  pf::TadtSynthOptions o;
  o.solver.rlimit = 1;
  o.max_height = 6;
  const auto r = pf::synthesize_tadt(torus({4, 6}), o);
  EXPECT_FALSE(r.found);
  EXPECT_EQ(r.status, pf::TadtStatus::inconclusive);
  EXPECT_EQ(pf::tadt_exit_code(r), 3);
  for (const auto& a : r.attempts) EXPECT_EQ(a.outcome, pf::SolverOutcome::inconclusive);
}

// The slow twin: backtracking over every placement finds the same minimum heights.
TEST(TadtSynth, BruteForceTwinAgreesWithZ3) {
  for (const auto& net : {torus({2, 2}), torus({2, 3}), torus({3, 3}), torus({2, 4}), torus({1, 5}),
                          nw::Network::hypercube(3), mesh({2, 2}), mesh({1, 3}), mesh({1, 4})}) {
    SCOPED_TRACE(nw::Network::describe(net.spec()));
    const auto r = pf::synthesize_tadt(net, {});
    ASSERT_EQ(r.status, pf::TadtStatus::optimal) << r.proof;
    EXPECT_EQ(r.height, pf::tadt_min_height_brute_force(net));
  }
}

TEST(TadtSynth, RefusesWhatItDoesNotTake) {
  EXPECT_THROW(pf::synthesize_tadt(nw::Network::fully_connected(4), {}), collverify::InputError);
  EXPECT_THROW(pf::synthesize_tadt(torus({40, 40, 40}), {}), collverify::InputError);
  EXPECT_THROW(pf::tadt_min_height_brute_force(torus({4, 4})), collverify::InputError);
}

// ---- tampered synthesized trees ----

std::vector<nw::LevelTree> synthesized(const nw::Network& net) {
  const auto r = pf::synthesize_tadt(net, {});
  EXPECT_EQ(r.recheck, "");
  return r.trees;
}

// The level at which `node` receives in `t` (-1 for the root).
std::int64_t level_of(const nw::Network& net, const nw::LevelTree& t, std::int64_t node) {
  if (node == t.root) return -1;
  for (const auto& a : t.arcs) {
    if (net.target(a.from, a.direction) == node) return a.level;
  }
  return 1'000'000;
}

bool is_leaf(const nw::Network& net, const nw::LevelTree& t, std::size_t i) {
  const auto v = net.target(t.arcs[i].from, t.arcs[i].direction);
  for (const auto& a : t.arcs) {
    if (a.from == v) return false;
  }
  return true;
}

void expect_rejected(const nw::Network& net, const std::vector<nw::LevelTree>& trees,
                     const std::string& property, std::int64_t bound = collverify::kNone) {
  const std::string why = pf::recheck_tadt(net, trees, bound);
  EXPECT_TRUE(starts_with(why, property + ":")) << "expected " << property << ", got: " << why;
}

// Two arcs of one direction in one level: re-route the arc into a node through another parent
// that already holds the packet, with a direction another arc of that level uses.
TEST(TadtSynthRecheck, TwoArcsOfOneDirectionInOneLevelCollide) {
  for (const auto& net : {torus({3, 3}), torus({4, 4}), torus({3, 3, 3})}) {
    SCOPED_TRACE(nw::Network::describe(net.spec()));
    const auto t = synthesized(net).at(0);
    bool made = false;
    for (std::size_t i = 0; i < t.arcs.size() && !made; ++i) {
      const auto v = *net.target(t.arcs[i].from, t.arcs[i].direction);
      for (nw::Direction d = 0; d < net.width() && !made; ++d) {
        bool used = false;
        for (const auto& a : t.arcs) used = used || (a.level == t.arcs[i].level && a.direction == d);
        for (std::int64_t u = 0; u < net.nodes() && used && !made; ++u) {
          if (net.target(u, d) != v || u == v || level_of(net, t, u) >= t.arcs[i].level) continue;
          if (d == t.arcs[i].direction) continue;
          auto m = t;
          m.arcs[i].from = u, m.arcs[i].direction = d;
          if (!net.spanning_tree_defect(0, [&] {
                std::vector<std::pair<std::int64_t, nw::Direction>> x;
                for (const auto& a : m.arcs) x.emplace_back(a.from, a.direction);
                return x;
              }()).empty()) {
            continue;  // the new parent hung below v: not the mutant wanted
          }
          EXPECT_FALSE(directions_distinct_per_level(m));
          expect_rejected(net, {m}, "arc_exclusivity");
          made = true;
        }
      }
    }
    EXPECT_TRUE(made) << "no re-routable arc found";
  }
}

// An arc moved to a later level where its direction is taken.
TEST(TadtSynthRecheck, ArcMovedToALaterLevelCollides) {
  const auto net = torus({4, 4});
  const auto t = synthesized(net).at(0);
  bool made = false;
  for (std::size_t i = 0; i < t.arcs.size() && !made; ++i) {
    if (!is_leaf(net, t, i)) continue;
    for (const auto& b : t.arcs) {
      if (b.direction != t.arcs[i].direction || b.level <= t.arcs[i].level || made) continue;
      auto m = t;
      m.arcs[i].level = b.level;
      expect_rejected(net, {m}, "arc_exclusivity");
      made = true;
    }
  }
  EXPECT_TRUE(made);
}

// An arc before its parent arc (at its parent's level, or at level 0).
TEST(TadtSynthRecheck, ArcBeforeItsParentBreaksCausality) {
  for (const auto& net : {torus({3, 3}), torus({3, 4})}) {
    const auto t = synthesized(net).at(0);
    for (std::size_t i = 0; i < t.arcs.size(); ++i) {
      if (t.arcs[i].from == 0) continue;
      auto m = t;
      m.arcs[i].level = level_of(net, t, t.arcs[i].from);
      expect_rejected(net, {m}, "causality");
      break;
    }
  }
}

TEST(TadtSynthRecheck, NodeLeftOutIsNotASpanningTree) {
  auto t = synthesized(torus({3, 4})).at(0);
  for (std::size_t i = 0; i < t.arcs.size(); ++i) {
    if (!is_leaf(torus({3, 4}), t, i)) continue;
    t.arcs.erase(t.arcs.begin() + static_cast<std::ptrdiff_t>(i));
    break;
  }
  expect_rejected(torus({3, 4}), {t}, "spanning_tree");
}

TEST(TadtSynthRecheck, HeightBelowAClaimedBoundIsRefused) {
  const auto net = torus({3, 3});
  const auto t = synthesized(net);
  EXPECT_EQ(pf::recheck_tadt(net, t, 2), "");
  expect_rejected(net, t, "lower_bound", 3);
}

// Meshes: two trees on one arc in one level, a missing tree, and a generic tree where N are due.
TEST(TadtSynthRecheck, MeshTreesSharingAnArcInALevelCollide) {
  const auto net = mesh({3, 3});
  const auto trees = synthesized(net);
  ASSERT_EQ(trees.size(), 9U);
  bool made = false;
  for (std::size_t r1 = 0; r1 < trees.size() && !made; ++r1) {
    for (std::size_t i = 0; i < trees[r1].arcs.size() && !made; ++i) {
      const auto& a = trees[r1].arcs[i];
      if (!is_leaf(net, trees[r1], i)) continue;
      for (std::size_t r2 = 0; r2 < trees.size() && !made; ++r2) {
        for (const auto& b : trees[r2].arcs) {
          if (r2 == r1 || b.from != a.from || b.direction != a.direction || made) continue;
          if (b.level <= level_of(net, trees[r1], a.from) || b.level == a.level) continue;
          auto m = trees;
          m[r1].arcs[i].level = b.level;  // still causal, now on b's arc in b's level
          // Two packets on one arc: arc_exclusivity at the arc's tail; the head may also receive
          // more than its ports allow, and the smallest witness (by node) may name that first.
          const std::string why = pf::recheck_tadt(net, m, collverify::kNone);
          EXPECT_TRUE(starts_with(why, "arc_exclusivity:") || starts_with(why, "port_limit:"))
              << why;
          made = true;
        }
      }
    }
  }
  EXPECT_TRUE(made);
  auto fewer = trees;
  fewer.pop_back();
  expect_rejected(net, fewer, "trees");
  expect_rejected(net, {trees[0]}, "trees");
}

}  // namespace

namespace {

// The verdict of a tree above the bound rests on the attempt one level lower.
TEST(TadtSynthJudge, AboveTheBoundOnlyUnsatOneLevelLowerProvesMinimality) {
  pf::TadtSynthResult r;
  r.found = true;
  r.bound.value = 4;
  r.height = 6;
  r.attempts = {{4, pf::SolverOutcome::unsat, 10, 0.1}, {5, pf::SolverOutcome::unsat, 20, 0.1},
                {6, pf::SolverOutcome::sat, 30, 0.1}};
  pf::judge_tadt(r, 1000);
  EXPECT_EQ(r.status, pf::TadtStatus::optimal);
  EXPECT_NE(r.proof.find("no tree of height <= 5: Z3 unsat"), std::string::npos) << r.proof;
  r.attempts[1].outcome = pf::SolverOutcome::inconclusive;
  pf::judge_tadt(r, 1000);
  EXPECT_EQ(r.status, pf::TadtStatus::inconclusive);
  EXPECT_EQ(pf::tadt_exit_code(r), 3);
  EXPECT_NE(r.proof.find("gave up at height 5"), std::string::npos) << r.proof;
  r.attempts.erase(r.attempts.begin() + 1);  // height 5 never asked: not proved either
  pf::judge_tadt(r, 1000);
  EXPECT_EQ(r.status, pf::TadtStatus::inconclusive);
  r.height = 4;  // at the bound: proved by the bound whatever Z3 said below
  pf::judge_tadt(r, 1000);
  EXPECT_EQ(r.status, pf::TadtStatus::optimal);
  r.recheck = "arc_exclusivity: round 0: ...";
  pf::judge_tadt(r, 1000);
  EXPECT_EQ(r.status, pf::TadtStatus::recheck_failed);
  EXPECT_EQ(pf::tadt_exit_code(r), 1);
}

}  // namespace

namespace {

// The automorphism of the symmetric encoding and the invariance of what Z3 returns under it.
void expect_invariant_tree(const nw::Network& net, std::size_t directions_cycle) {
  SCOPED_TRACE(nw::Network::describe(net.spec()));
  const auto e = pf::tadt_symmetric_encoding(net);
  ASSERT_EQ(static_cast<std::int64_t>(e.node_map.size()), net.nodes());
  // g maps arcs to arcs, fixes 0 and nothing else, and cycles the directions in orbits of the
  // expected length.
  for (std::int64_t v = 0; v < net.nodes(); ++v) {
    EXPECT_EQ(e.node_map[static_cast<std::size_t>(v)] == v, v == 0);
    for (nw::Direction d = 0; d < net.width(); ++d) {
      const auto t = net.target(v, d);
      EXPECT_EQ(net.target(e.node_map[static_cast<std::size_t>(v)],
                           e.direction_map[static_cast<std::size_t>(d)]),
                e.node_map[static_cast<std::size_t>(*t)]);
    }
  }
  nw::Direction d = 0;
  std::size_t cycle = 0;
  do d = e.direction_map[static_cast<std::size_t>(d)], ++cycle; while (d != 0);
  EXPECT_EQ(cycle, directions_cycle);
  const auto r = pf::synthesize_tadt(net, {});
  ASSERT_FALSE(r.attempts.empty());
  EXPECT_TRUE(r.attempts[0].symmetric);
  ASSERT_EQ(r.status, pf::TadtStatus::optimal) << r.proof;
  EXPECT_EQ(r.height, r.bound.value);
  EXPECT_NE(r.proof.find(directions_cycle == 4 ? "invariant under the rotation"
                                                : "invariant under the point reflection"),
            std::string::npos)
      << r.proof;
  std::set<std::tuple<std::int64_t, nw::Direction, std::int64_t>> arcs;
  for (const auto& a : r.trees[0].arcs) arcs.insert({a.from, a.direction, a.level});
  for (const auto& a : r.trees[0].arcs) {
    EXPECT_TRUE(arcs.count({e.node_map[static_cast<std::size_t>(a.from)],
                            e.direction_map[static_cast<std::size_t>(a.direction)], a.level}));
  }
}

TEST(TadtSynthSymmetric, OddToriGiveInvariantTreesAtTheBound) {
  expect_invariant_tree(torus({5, 5}), 4);     // the rotation: the seed's four snakes
  expect_invariant_tree(torus({7, 7}), 4);
  expect_invariant_tree(torus({3, 5}), 2);     // the point reflection
  expect_invariant_tree(torus({3, 3, 3}), 2);
}

TEST(TadtSynthSymmetric, NoMapWhereAFixedPointWouldForbidInvariantTrees) {
  EXPECT_TRUE(pf::tadt_symmetric_encoding(torus({4, 4})).node_map.empty());
  EXPECT_TRUE(pf::tadt_symmetric_encoding(torus({3, 4})).node_map.empty());
  EXPECT_TRUE(pf::tadt_symmetric_encoding(mesh({3, 3})).node_map.empty());
  const auto r = pf::synthesize_tadt(torus({4, 4}), {});
  ASSERT_FALSE(r.attempts.empty());
  EXPECT_FALSE(r.attempts[0].symmetric);
}

TEST(TadtSynthJudge, ASymmetricUnsatProvesNothing) {
  pf::TadtSynthResult r;
  r.found = true;
  r.bound.value = 4;
  r.height = 5;
  r.attempts = {{4, pf::SolverOutcome::unsat, 10, 0.1, true}, {5, pf::SolverOutcome::sat, 20, 0.1}};
  pf::judge_tadt(r, 1000);
  EXPECT_EQ(r.status, pf::TadtStatus::inconclusive) << r.proof;
}

// Both encodings (with and without the implied constraints) agree on sat / unsat.
TEST(TadtSynth, RedundantConstraintsChangeNoAnswer) {
  for (const auto& net : {torus({3, 3}), torus({2, 4}), torus({4, 5}), mesh({2, 3})}) {
    const auto mode = pf::tadt_mode(net);
    const auto b = pf::tadt_lower_bound(net, mode);
    for (std::int64_t h = b.value - 1; h <= b.value; ++h) {
      pf::TadtEncoding plain, redundant;
      redundant.redundant = true;
      EXPECT_EQ(pf::tadt_query(net, mode, h, {}, plain).attempt.outcome,
                pf::tadt_query(net, mode, h, {}, redundant).attempt.outcome);
    }
  }
}

}  // namespace
