// Checker A (Lemma 11 / Definition 9) and checker B (the lock-step simulation in the routed
// checker) on the constructions of reference/torus and on the four mutants of issue 11: both
// accept the constructions, both reject every broken mutant with the expected witness, and on
// every single-arc level move of small trees (valid or not) their verdicts agree.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "checkers/network/tadt_check.hpp"
#include "generators/tadt_mutants.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/torus/tadt.hpp"

namespace collverify::network {
namespace {

struct Case {
  std::string name;
  Network net;
  LevelTree tree;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  for (std::int64_t z : {3, 5, 7, 9}) {
    out.push_back({"torus " + std::to_string(z) + "^2", Network::torus({z, z}), torus::snake_tree_2d(z)});
  }
  for (std::int64_t z : {3, 5}) {
    out.push_back({"torus " + std::to_string(z) + "^3", Network::torus({z, z, z}), torus::pyramid_tree_3d(z)});
  }
  return out;
}

bool a_passes(const Network& n, const LevelTree& t) { return !check_generic_tadt(n, t).has_value(); }
bool b_passes(const Network& n, const LevelTree& t) { return !simulate_generic_tadt(n, t).witness.has_value(); }

TEST(TadtCheck, HeaderExampleAndMovedArc) {
  const Network torus = Network::torus({3, 3});
  LevelTree t{0, {{0, 0, 0}, {1, 2, 1}, {0, 2, 0}, {3, 1, 1}, {0, 1, 0}, {2, 3, 1}, {0, 3, 0}, {6, 0, 1}}};
  EXPECT_FALSE(check_generic_tadt(torus, t).has_value());
  const RoutedResult ok = simulate_generic_tadt(torus, t, {2});
  EXPECT_FALSE(ok.witness.has_value());
  EXPECT_EQ(ok.rounds, 2);
  EXPECT_EQ(aab_noncombining_bound(torus), 2);
  t.arcs[1].level = 0;
  const auto a = check_generic_tadt(torus, t);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->property, "arc_before_parent");
  EXPECT_EQ(a->node, 1);
  const RoutedResult b = simulate_generic_tadt(torus, t);
  ASSERT_TRUE(b.witness.has_value());
  EXPECT_EQ(b.witness->property, RoutedProperty::causality);
}

TEST(TadtCheck, ConstructionsPassBothCheckersAtTheBound) {
  for (const Case& c : cases()) {
    EXPECT_TRUE(a_passes(c.net, c.tree)) << c.name;
    const RoutedResult b = simulate_generic_tadt(c.net, c.tree, {aab_noncombining_bound(c.net)});
    EXPECT_FALSE(b.witness.has_value()) << c.name << ": " << b.witness->message;
    EXPECT_EQ(b.rounds, aab_noncombining_bound(c.net)) << c.name;
  }
}

TEST(TadtCheck, TwoArcsOfOneDirectionInOneLevel) {
  for (const Case& c : cases()) {
    for (std::size_t start : {std::size_t{0}, c.tree.arcs.size() / 3, c.tree.arcs.size() / 2}) {
      const auto m = tadt_direction_clash(c.net, c.tree, start);
      ASSERT_TRUE(m.has_value()) << c.name;
      const auto a = check_generic_tadt(c.net, m->tree);
      ASSERT_TRUE(a.has_value()) << c.name << " " << m->description;
      EXPECT_EQ(a->property, "direction_clash") << m->description << ": " << a->message;
      EXPECT_EQ(a->level, m->level) << m->description;
      EXPECT_EQ(a->direction, c.tree.arcs[m->arc].direction);
      const RoutedResult b = simulate_generic_tadt(c.net, m->tree);
      ASSERT_TRUE(b.witness.has_value()) << m->description;
      EXPECT_EQ(b.witness->property, RoutedProperty::arc_exclusivity) << b.witness->message;
      EXPECT_EQ(b.witness->round, m->level);
    }
  }
}

TEST(TadtCheck, NodeLeftOut) {
  for (const Case& c : cases()) {
    const auto m = tadt_node_left_out(c.net, c.tree, c.tree.arcs.size() / 2);
    ASSERT_TRUE(m.has_value()) << c.name;
    const LevelArc& gone = c.tree.arcs[m->arc];
    const auto a = check_generic_tadt(c.net, m->tree);
    ASSERT_TRUE(a.has_value()) << m->description;
    EXPECT_EQ(a->property, "node_not_covered");
    EXPECT_EQ(a->node, *c.net.target(gone.from, gone.direction));
    const RoutedResult b = simulate_generic_tadt(c.net, m->tree);
    ASSERT_TRUE(b.witness.has_value());
    EXPECT_EQ(b.witness->property, RoutedProperty::completeness) << b.witness->message;
  }
}

TEST(TadtCheck, ArcBeforeItsParentArc) {
  for (const Case& c : cases()) {
    for (std::size_t start : {std::size_t{0}, c.tree.arcs.size() / 2}) {
      const auto m = tadt_arc_before_parent(c.net, c.tree, start);
      ASSERT_TRUE(m.has_value()) << c.name;
      const auto a = check_generic_tadt(c.net, m->tree);
      ASSERT_TRUE(a.has_value()) << m->description;
      EXPECT_EQ(a->property, "arc_before_parent") << a->message;
      EXPECT_EQ(a->level, m->level);
      EXPECT_EQ(a->node, c.tree.arcs[m->arc].from);
      const RoutedResult b = simulate_generic_tadt(c.net, m->tree);
      ASSERT_TRUE(b.witness.has_value());
      // In round m->level the tail has not got the packet yet; the same round may also carry a
      // second arc of the same direction (the level is full), which the routed checker may name
      // first.
      EXPECT_TRUE(b.witness->property == RoutedProperty::causality ||
                  b.witness->property == RoutedProperty::arc_exclusivity)
          << b.witness->message;
      EXPECT_EQ(b.witness->round, m->level);
    }
  }
}

TEST(TadtCheck, EveryLevelMoveOfSmallTreesGetsTheSameVerdictFromBoth) {
  int valid = 0;
  int broken = 0;
  for (const Case& c : cases()) {
    if (c.net.nodes() > 49) continue;  // 3^2, 5^2, 7^2, 3^3: every arc to every level
    const std::int64_t top = height(c.tree) + 1;
    for (std::size_t i = 0; i < c.tree.arcs.size(); ++i) {
      for (std::int64_t l = 0; l <= top; ++l) {
        const TadtMutant m = tadt_level_moved(c.net, c.tree, i, l);
        const bool a = a_passes(c.net, m.tree);
        EXPECT_EQ(a, b_passes(c.net, m.tree)) << c.name << ": " << m.description;
        (a ? valid : broken) += 1;
      }
    }
  }
  // Both kinds occur: moving a last arc later into a free direction stays valid.
  EXPECT_GT(valid, 0);
  EXPECT_GT(broken, 0);
}

TEST(TadtCheck, OtherStructuralDefects) {
  const Network torus = Network::torus({3, 3});
  const LevelTree good = torus::snake_tree_2d(3);
  LevelTree t = good;
  t.root = 4;
  EXPECT_EQ(check_generic_tadt(torus, t)->property, "wrong_root");
  t = good;
  t.arcs[0].direction = 7;
  EXPECT_EQ(check_generic_tadt(torus, t)->property, "arc_missing");
  EXPECT_FALSE(b_passes(torus, t));
  t = good;
  t.arcs[4].level = -1;
  EXPECT_EQ(check_generic_tadt(torus, t)->property, "level_negative");
  EXPECT_FALSE(b_passes(torus, t));
  t = good;
  t.arcs.push_back({1, 1, 1});  // 1 --(-0)--> 0 enters the root
  EXPECT_EQ(check_generic_tadt(torus, t)->property, "root_entered");
  t = good;
  t.arcs[5] = {1, 0, 1};  // (1,0) --(+0)--> (2,0), which the -0 arc of level 0 enters already
  const auto twice = check_generic_tadt(torus, t);
  EXPECT_EQ(twice->property, "entered_twice");
  EXPECT_EQ(twice->node, 2);
  EXPECT_FALSE(b_passes(torus, t));
}

TEST(TadtCheck, ExplicitTreesOfTheTranslationsAgreeWithTheGenericChecker) {
  for (const Case& c : cases()) {
    if (c.net.nodes() > 49) continue;
    std::vector<LevelTree> trees = all_translations(c.net, c.tree);
    EXPECT_FALSE(check_explicit_tadts(c.net, trees).has_value()) << c.name;
    EXPECT_FALSE(simulate_explicit_tadts(c.net, trees).witness.has_value()) << c.name;
    // One translated tree with a direction clash: its arc now meets another tree's copy.
    const auto m = tadt_direction_clash(c.net, trees[1]);
    ASSERT_TRUE(m.has_value());
    trees[1] = m->tree;
    const auto a = check_explicit_tadts(c.net, trees);
    ASSERT_TRUE(a.has_value());
    EXPECT_EQ(a->property, "arc_clash") << a->message;
    EXPECT_EQ(a->level, m->level);
    const RoutedResult b = simulate_explicit_tadts(c.net, trees);
    ASSERT_TRUE(b.witness.has_value());
    EXPECT_EQ(b.witness->property, RoutedProperty::arc_exclusivity);
    EXPECT_EQ(b.witness->round, m->level);
  }
}

// Lemma 11 is not about tori only: seed 004's AAB generic tree of the d-cube (property (*) is
// Lemma 11 for the hypercube) passes both checkers, and one clash mutant fails both.
TEST(TadtCheck, HypercubeAabGenericTreeIsATadtToo) {
  for (int d = 1; d <= 6; ++d) {
    const Network cube = Network::hypercube(d);
    LevelTree t;
    for (const auto& e : hypercube::aab_generic_tree(d).edges) t.arcs.push_back({e.parent, e.dimension, e.round});
    EXPECT_FALSE(check_generic_tadt(cube, t).has_value()) << d;
    const RoutedResult b = simulate_generic_tadt(cube, t, {aab_noncombining_bound(cube)});
    EXPECT_FALSE(b.witness.has_value()) << d;
    EXPECT_EQ(b.rounds, aab_noncombining_bound(cube)) << d;
    if (d < 3) continue;
    const auto m = tadt_direction_clash(cube, t);
    ASSERT_TRUE(m.has_value()) << d;
    EXPECT_EQ(check_generic_tadt(cube, m->tree)->property, "direction_clash");
    EXPECT_EQ(simulate_generic_tadt(cube, m->tree).witness->property, RoutedProperty::arc_exclusivity);
  }
}

// The 3-node path (mesh {3}): Lemma 8 gives ceil(2/1) = 2 at the ends.
std::vector<LevelTree> path_trees() {
  return {LevelTree{0, {{0, 0, 0}, {1, 0, 1}}},    // 0 -> 1 -> 2
          LevelTree{1, {{1, 1, 0}, {1, 0, 0}}},    // 1 -> 0, 1 -> 2
          LevelTree{2, {{2, 1, 0}, {1, 1, 1}}}};   // 2 -> 1 -> 0
}

TEST(TadtCheck, MeshTreesAreJudgedOneByOne) {
  const Network mesh = Network::mesh({3});
  const auto good = path_trees();
  EXPECT_FALSE(check_explicit_tadts(mesh, good).has_value());
  const RoutedResult ok = simulate_explicit_tadts(mesh, good, {aab_noncombining_bound(mesh)});
  EXPECT_FALSE(ok.witness.has_value());
  EXPECT_EQ(ok.rounds, 2);
  EXPECT_EQ(aab_noncombining_bound(mesh), 2);

  auto clash = good;
  clash[1].arcs[1].level = 1;  // 1 -> 2 at level 1, as tree 0 does
  const auto a = check_explicit_tadts(mesh, clash);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->property, "arc_clash");
  EXPECT_EQ(a->tree, 0);
  EXPECT_EQ(a->other, 1);
  EXPECT_EQ(a->node, 1);
  EXPECT_EQ(simulate_explicit_tadts(mesh, clash).witness->property, RoutedProperty::arc_exclusivity);

  auto border = good;
  border[2].arcs[0].direction = 0;  // 2 --(+0)--> leaves the mesh
  EXPECT_EQ(check_explicit_tadts(mesh, border)->property, "arc_missing");
  EXPECT_EQ(simulate_explicit_tadts(mesh, border).witness->property, RoutedProperty::hop_exists);

  auto left_out = good;
  left_out[0].arcs.pop_back();
  EXPECT_EQ(check_explicit_tadts(mesh, left_out)->property, "node_not_covered");
  EXPECT_EQ(simulate_explicit_tadts(mesh, left_out).witness->property, RoutedProperty::completeness);

  auto early = good;
  early[2].arcs[1].level = 0;
  const auto e = check_explicit_tadts(mesh, early);
  EXPECT_EQ(e->property, "arc_before_parent");
  EXPECT_EQ(e->tree, 2);
  EXPECT_FALSE(simulate_explicit_tadts(mesh, early).witness == std::nullopt);

  auto two = good;
  two.pop_back();
  EXPECT_EQ(check_explicit_tadts(mesh, two)->property, "wrong_root");
}

}  // namespace
}  // namespace collverify::network
