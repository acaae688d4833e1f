// RapidCheck over random sides (2D up to 30x30, 3D up to 7^3, every side >= 2): the builder's
// tree passes checker A (Lemma 11) and checker B (all N translations simulated), A and B agree,
// and the height is at least max(Lemma 8, the eccentricity of 0) and equals B's rounds.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "checkers/network/tadt_check.hpp"
#include "reference/torus/tadt_builder.hpp"

namespace collverify::torus {
namespace {

namespace net = network;

RC_GTEST_PROP(TadtBuilderProperty, RandomToriPassAAndBAboveTheBound, ()) {
  std::vector<std::int64_t> sides;
  if (*rc::gen::inRange(0, 2) == 0) {
    sides = {*rc::gen::inRange<std::int64_t>(2, 31), *rc::gen::inRange<std::int64_t>(2, 31)};
  } else {
    sides = {*rc::gen::inRange<std::int64_t>(2, 8), *rc::gen::inRange<std::int64_t>(2, 8),
             *rc::gen::inRange<std::int64_t>(2, 8)};
  }
  const net::Network torus = net::Network::torus(sides);
  const net::LevelTree t = tadt_built_tree(sides);
  const auto a = net::check_generic_tadt(torus, t);
  RC_ASSERT(!a.has_value());
  const std::int64_t bound = std::max(net::aab_noncombining_bound(torus), torus.eccentricity(0));
  const net::RoutedResult b = net::simulate_generic_tadt(torus, t, {bound});
  RC_ASSERT(!b.witness.has_value());
  RC_ASSERT(b.rounds == net::height(t));
  RC_ASSERT(net::height(t) >= bound);
  RC_TAG(net::height(t) == bound ? "at the bound" : "above the bound");
}

}  // namespace
}  // namespace collverify::torus
