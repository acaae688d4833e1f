// RapidCheck over random a x b tori, 3 <= a, b <= 500: the closed-form cycles pass the cycle
// checker, the tracer agrees with the union-find twin, the deterministic mutants are rejected
// with their witness, and one random extra square exchange is judged alike by the checker and
// the twin (it may or may not keep both colours single cycles; they must agree); the search, the
// 2D twin, decomposes small rectangles for any seed.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "checkers/network/cycle_check.hpp"
#include "reference/torus/hamilton_closed.hpp"
#include "reference/torus/hamilton_cycles.hpp"
#include "tests/reference/torus/closed_twins.hpp"

namespace collverify::torus {
namespace {

namespace net = network;

RC_GTEST_PROP(HamiltonClosedProperty, EveryRandomTorusDecomposes, ()) {
  const auto a = *rc::gen::inRange<std::int64_t>(3, 501);
  const auto b = *rc::gen::inRange<std::int64_t>(3, 501);
  const HamiltonCycles h = hamilton_cycles(std::vector<std::int64_t>{a, b});
  RC_ASSERT(h.found);
  RC_ASSERT(h.method == std::string("closed"));
  const net::Network n = net::Network::torus({a, b});
  const auto r = net::check_link_disjoint_cycles(n, h.cycles);
  RC_ASSERT(!r.witness);
  RC_ASSERT(r.links_used == 2 * a * b);
  const auto colouring = plan_colouring(closed_plan(a, b));
  RC_ASSERT(twins::components(a, b, colouring, 0) == 1);
  RC_ASSERT(twins::components(a, b, colouring, 1) == 1);
  for (const auto& m : twins::cycle_list_mutants(n, h.cycles)) {
    const auto w = net::check_link_disjoint_cycles(n, m.cycles).witness;
    RC_ASSERT(w.has_value());
    RC_ASSERT(w->property == m.property);
    RC_ASSERT(w->cycle == m.cycle);
  }
}

RC_GTEST_PROP(HamiltonClosedProperty, PlanMutantsAndExtraSquaresAreJudgedAlike, ()) {
  const auto a = *rc::gen::inRange<std::int64_t>(3, 121);
  const auto b = *rc::gen::inRange<std::int64_t>(3, 121);
  const net::Network n = net::Network::torus({a, b});
  const ClosedPlan p = closed_plan(a, b);
  for (const auto& m : twins::plan_mutants(p)) {
    const auto c = plan_colouring(m.plan);
    const auto w = net::check_link_disjoint_cycles(
                       n, std::vector<std::vector<std::int64_t>>{colour_cycle(a, b, c, 0),
                                                                 colour_cycle(a, b, c, 1)})
                       .witness;
    RC_ASSERT(w.has_value());
    RC_ASSERT(w->property == std::string("cycle_length"));
    RC_ASSERT(twins::components(a, b, c, static_cast<int>(w->cycle)) > 1);
  }
  // One more exchange on a random unit square whose colours allow it (two parallel links of one
  // colour, the other two of the other): degrees stay 2, single cycles may or may not survive.
  auto c = plan_colouring(p);
  const auto x = *rc::gen::inRange<std::int64_t>(0, a);
  const auto y = *rc::gen::inRange<std::int64_t>(0, b);
  const std::int64_t v = x + a * y;
  const std::int64_t right = (x + 1) % a + a * y;
  const std::int64_t up = x + a * ((y + 1) % b);
  auto at = [&](std::int64_t node, int d) -> std::uint8_t& { return c[static_cast<std::size_t>(2 * node + d)]; };
  RC_PRE(at(v, 0) == at(up, 0) && at(v, 1) == at(right, 1) && at(v, 0) != at(v, 1));
  for (auto* link : {&at(v, 0), &at(up, 0), &at(v, 1), &at(right, 1)}) *link = static_cast<std::uint8_t>(1 - *link);
  const bool single = twins::components(a, b, c, 0) == 1 && twins::components(a, b, c, 1) == 1;
  const auto w = net::check_link_disjoint_cycles(
                     n, std::vector<std::vector<std::int64_t>>{colour_cycle(a, b, c, 0),
                                                               colour_cycle(a, b, c, 1)})
                     .witness;
  RC_ASSERT(single == !w.has_value());
  RC_TAG(single ? "still a decomposition" : "split");
}

// The search stays the 2D twin (force_search): for any seed it also decomposes small rectangles,
// and both answers pass the same checker.
RC_GTEST_PROP(HamiltonClosedProperty, TheSearchTwinDecomposesToo, ()) {
  const std::vector<std::int64_t> sides = {*rc::gen::inRange<std::int64_t>(3, 13),
                                           *rc::gen::inRange<std::int64_t>(3, 13)};
  HamiltonOptions o;
  o.force_search = true;
  o.seed = *rc::gen::inRange<std::uint64_t>(1, 1000000);
  const HamiltonCycles s = hamilton_cycles(sides, o);
  RC_ASSERT(s.found);
  RC_ASSERT(s.method == std::string("search"));
  const net::Network n = net::Network::torus(sides);
  RC_ASSERT(!net::check_link_disjoint_cycles(n, s.cycles).witness);
  RC_ASSERT(!net::check_link_disjoint_cycles(n, hamilton_cycles(sides).cycles).witness);
}

}  // namespace
}  // namespace collverify::torus
