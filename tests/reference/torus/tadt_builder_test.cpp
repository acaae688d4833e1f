// The level-by-level TADT builder (reference/torus/tadt_builder.hpp): valid for checker A on every
// size the RESULTS table lists, at the bound max(Lemma 8, eccentricity) on all of them but the
// one gap recorded there (2x3x3), deterministic, refusals naming the sides; its trees with one arc
// moved / two arcs of one direction in a level are rejected by checker A and checker B alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "checkers/network/tadt_check.hpp"
#include "generators/tadt_mutants.hpp"
#include "model/error.hpp"
#include "reference/torus/tadt.hpp"
#include "reference/torus/tadt_builder.hpp"

namespace collverify::torus {
namespace {

namespace net = network;

std::int64_t bound_of(const net::Network& n) {
  return std::max(net::aab_noncombining_bound(n), n.eccentricity(0));
}

std::vector<std::vector<std::int64_t>> table_sizes() {
  std::vector<std::vector<std::int64_t>> out;
  for (std::int64_t a = 3; a <= 20; ++a) {
    for (std::int64_t b = a; b <= 20; ++b) out.push_back({a, b});
  }
  for (std::int64_t z = 2; z <= 41; z += 2) out.push_back({z, z});
  for (std::int64_t a = 2; a <= 7; ++a) {
    for (std::int64_t b = a; b <= 7; ++b) {
      for (std::int64_t c = b; c <= 7; ++c) out.push_back({a, b, c});
    }
  }
  return out;
}

TEST(TadtBuilder, ValidAndAtTheBoundOnEveryTabledSizeButOne) {
  std::set<std::vector<std::int64_t>> above;
  for (const auto& s : table_sizes()) {
    const net::Network torus = net::Network::torus(s);
    const net::LevelTree t = tadt_built_tree(s);
    ASSERT_EQ(static_cast<std::int64_t>(t.arcs.size()), torus.nodes() - 1);
    const auto verdict = net::check_generic_tadt(torus, t);
    ASSERT_FALSE(verdict.has_value()) << net::Network::describe(torus.spec()) << ": " << verdict->message;
    EXPECT_GE(net::height(t), bound_of(torus)) << net::Network::describe(torus.spec());
    if (net::height(t) > bound_of(torus)) above.insert(s);
  }
  // Measured, docs/RESULTS-tori.md "Generic trees for every torus": Z3 reaches 3 on 2x3x3.
  EXPECT_EQ(above, (std::set<std::vector<std::int64_t>>{{2, 3, 3}}));
  EXPECT_EQ(net::height(tadt_built_tree(std::vector<std::int64_t>{2, 3, 3})), 4);
}

TEST(TadtBuilder, FourBySixIsSixLevelsOfFourDirections) {
  const std::vector<std::int64_t> s{4, 6};
  const net::LevelTree t = tadt_built_tree(s);
  EXPECT_EQ(t.root, 0);
  EXPECT_EQ(t.arcs.size(), 23u);
  EXPECT_EQ(net::height(t), 6);  // ceil(23/4)
  std::vector<std::set<net::Direction>> per_level(6);
  for (const auto& a : t.arcs) per_level[static_cast<std::size_t>(a.level)].insert(a.direction);
  for (std::size_t l = 0; l < 5; ++l) EXPECT_EQ(per_level[l].size(), 4u) << l;
  EXPECT_EQ(per_level[5].size(), 3u);
}

TEST(TadtBuilder, DeterministicAndEveryStrategyValid) {
  const std::vector<std::int64_t> s{6, 10};
  EXPECT_EQ(tadt_built_tree(s), tadt_built_tree(s));
  const net::Network torus = net::Network::torus(s);
  for (int k = 0; k < tadt_builder_strategies(); ++k) {
    const net::LevelTree t = tadt_built_tree(s, k);
    EXPECT_EQ(t, tadt_built_tree(s, k));
    EXPECT_FALSE(net::check_generic_tadt(torus, t).has_value()) << k;
  }
}

TEST(TadtBuilder, LargeSizesAreFastAndAtTheBound) {
  for (const auto& s : std::vector<std::vector<std::int64_t>>{{41, 41}, {13, 13, 13}, {60, 61}, {10, 12, 14}}) {
    const net::Network torus = net::Network::torus(s);
    const net::LevelTree t = tadt_built_tree(s);
    EXPECT_FALSE(net::check_generic_tadt(torus, t).has_value()) << net::Network::describe(torus.spec());
    EXPECT_EQ(net::height(t), bound_of(torus)) << net::Network::describe(torus.spec());
  }
}

TEST(TadtBuilder, RefusesNamingTheSides) {
  auto refusal = [](std::vector<std::int64_t> s) {
    try {
      (void)tadt_built_tree(s);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  EXPECT_NE(refusal({1, 5}).find("torus 1x5: side 1 is below 2"), std::string::npos);
  EXPECT_NE(refusal({7}).find("torus 7: the TADT builder takes 2 or 3 dimensions"), std::string::npos);
  EXPECT_NE(refusal({2, 2, 2, 2}).find("2x2x2x2"), std::string::npos);
  EXPECT_NE(refusal({0, 3}).find("side 0"), std::string::npos);
  EXPECT_NE(refusal({50000, 50000}).find("more than 2^31 nodes"), std::string::npos);
}

TEST(TadtBuilder, ChoiceKeepsTheSeedsClosedFormsAndBuildsTheRest) {
  const TadtTreeChoice odd = tadt_tree_for(std::vector<std::int64_t>{5, 5});
  EXPECT_TRUE(odd.closed_form);
  EXPECT_EQ(odd.tree, snake_tree_2d(5));
  const TadtTreeChoice cube = tadt_tree_for(std::vector<std::int64_t>{3, 3, 3});
  EXPECT_TRUE(cube.closed_form);
  EXPECT_EQ(cube.tree, pyramid_tree_3d(3));
  const TadtTreeChoice even = tadt_tree_for(std::vector<std::int64_t>{4, 4});
  EXPECT_FALSE(even.closed_form);
  EXPECT_EQ(even.source, "builder");
  EXPECT_TRUE(tadt_tree_gap(std::vector<std::int64_t>{1, 1}).empty());  // the seed's single node
  EXPECT_NE(tadt_tree_gap(std::vector<std::int64_t>{1, 4}).find("1x4"), std::string::npos);
}

// Mutants of builder trees: both checkers reject, with the property the mutant broke.
TEST(TadtBuilderMutants, DirectionClashAndMovedArcAreRejectedByAAndB) {
  for (const auto& s : std::vector<std::vector<std::int64_t>>{{4, 6}, {6, 8}, {3, 4, 5}, {4, 4, 4}}) {
    const net::Network torus = net::Network::torus(s);
    const net::LevelTree t = tadt_built_tree(s);
    for (std::size_t start : {std::size_t{0}, t.arcs.size() / 3, t.arcs.size() / 2, t.arcs.size() - 1}) {
      const auto clash = tadt_direction_clash(torus, t, start);
      ASSERT_TRUE(clash.has_value());
      const auto a = net::check_generic_tadt(torus, clash->tree);
      ASSERT_TRUE(a.has_value()) << net::Network::describe(torus.spec()) << ": " << clash->description;
      EXPECT_EQ(a->property, "direction_clash");
      EXPECT_EQ(a->level, clash->level);
      const net::RoutedResult b = net::simulate_generic_tadt(torus, clash->tree);
      ASSERT_TRUE(b.witness.has_value());
      EXPECT_EQ(b.witness->property, net::RoutedProperty::arc_exclusivity);
      EXPECT_EQ(b.witness->round, clash->level);
    }
    // An arc of a later level whose tail is not the root moved to level 0: its tail does not
    // hold the packet yet (and level 0 already uses its direction).
    std::size_t moved = 0;
    for (std::size_t i = 0; i < t.arcs.size(); ++i) {
      if (t.arcs[i].from == 0 || t.arcs[i].level < 2) continue;
      const TadtMutant m = tadt_level_moved(torus, t, i, 0);
      const auto a = net::check_generic_tadt(torus, m.tree);
      ASSERT_TRUE(a.has_value()) << m.description;
      EXPECT_EQ(a->property, "arc_before_parent");
      const net::RoutedResult b = net::simulate_generic_tadt(torus, m.tree);
      ASSERT_TRUE(b.witness.has_value()) << m.description;
      EXPECT_EQ(b.witness->property, net::RoutedProperty::causality);
      EXPECT_EQ(b.witness->round, 0);
      if (++moved == 5) break;
    }
    EXPECT_EQ(moved, 5u);
    const auto before = tadt_arc_before_parent(torus, t, t.arcs.size() / 2);
    ASSERT_TRUE(before.has_value());
    EXPECT_EQ(net::check_generic_tadt(torus, before->tree)->property, "arc_before_parent");
    EXPECT_EQ(net::simulate_generic_tadt(torus, before->tree).witness->property, net::RoutedProperty::causality);
    const auto left_out = tadt_node_left_out(torus, t);
    ASSERT_TRUE(left_out.has_value());
    EXPECT_EQ(net::check_generic_tadt(torus, left_out->tree)->property, "node_not_covered");
    EXPECT_EQ(net::simulate_generic_tadt(torus, left_out->tree).witness->property, net::RoutedProperty::completeness);
  }
}

}  // namespace
}  // namespace collverify::torus
