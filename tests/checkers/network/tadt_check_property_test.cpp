// RapidCheck over random odd z (2D up to 21, 3D up to 7): the constructions pass checkers A and B
// at Lemma 8's bound, and on random mutants of every kind (random arc, random level for the
// plain move) A and B give the same verdict; the broken kinds are rejected by both.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "checkers/network/tadt_check.hpp"
#include "generators/tadt_mutants.hpp"
#include "reference/torus/tadt.hpp"

namespace collverify::network {
namespace {

struct Instance {
  Network net;
  LevelTree tree;
};

Instance random_instance() {
  if (*rc::gen::inRange(0, 3) == 0) {
    const std::int64_t z = 2 * *rc::gen::inRange<std::int64_t>(1, 4) + 1;
    return {Network::torus({z, z, z}), torus::pyramid_tree_3d(z)};
  }
  const std::int64_t z = 2 * *rc::gen::inRange<std::int64_t>(1, 11) + 1;
  return {Network::torus({z, z}), torus::snake_tree_2d(z)};
}

RC_GTEST_PROP(TadtCheckProperty, ConstructionsPassBothAtTheBound, ()) {
  const Instance in = random_instance();
  RC_ASSERT(!check_generic_tadt(in.net, in.tree).has_value());
  const RoutedResult b = simulate_generic_tadt(in.net, in.tree, {aab_noncombining_bound(in.net)});
  RC_ASSERT(!b.witness.has_value());
  RC_ASSERT(b.rounds == aab_noncombining_bound(in.net));
}

RC_GTEST_PROP(TadtCheckProperty, RandomMutantsGetTheSameVerdictFromAAndB, ()) {
  const Instance in = random_instance();
  const std::size_t arcs = in.tree.arcs.size();
  const std::size_t start = *rc::gen::inRange<std::size_t>(0, arcs);
  const int kind = *rc::gen::inRange(0, 4);
  std::optional<TadtMutant> m;
  bool must_break = true;
  if (kind == 0) m = tadt_direction_clash(in.net, in.tree, start);
  if (kind == 1) m = tadt_node_left_out(in.net, in.tree, start);
  if (kind == 2) m = tadt_arc_before_parent(in.net, in.tree, start);
  if (kind == 3) {
    m = tadt_level_moved(in.net, in.tree, start, *rc::gen::inRange<std::int64_t>(0, height(in.tree) + 2));
    must_break = false;
  }
  RC_ASSERT(m.has_value());
  RC_TAG(m->kind);
  const auto a = check_generic_tadt(in.net, m->tree);
  const RoutedResult b = simulate_generic_tadt(in.net, m->tree);
  RC_ASSERT(a.has_value() == b.witness.has_value());
  if (must_break) RC_ASSERT(a.has_value());
  if (kind == 0) RC_ASSERT(a->property == std::string("direction_clash") && a->level == m->level);
  if (kind == 1) RC_ASSERT(a->property == std::string("node_not_covered"));
  if (kind == 2) RC_ASSERT(a->property == std::string("arc_before_parent") && b.witness->round == m->level);
}

}  // namespace
}  // namespace collverify::network
