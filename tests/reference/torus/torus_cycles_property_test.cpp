// RapidCheck over random torus sizes: the cycle constructions (any seed) pass the cycle checker
// and agree with a set-based twin written in this file on constructions, mutants and random
// node orders; ParallelHamilCycleAAB passes the routed checker in Lemma 12's rounds; the
// dilated diagonal (random sides and roots) passes both wormhole judges within 5 rounds of
// ceil(log5 N), and its mutants are rejected.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "checkers/network/cycle_check.hpp"
#include "checkers/network/routed_check.hpp"
#include "checkers/network/wormhole_check.hpp"
#include "generators/torus_mutants.hpp"
#include "reference/torus/hamilton_aab.hpp"
#include "reference/torus/hamilton_cycles.hpp"
#include "reference/torus/wormhole_broadcast.hpp"

namespace collverify::torus {
namespace {

namespace net = network;
using Cycles = std::vector<std::vector<std::int64_t>>;

// The obviously correct twin: a verdict (empty = valid) from sets of unordered node pairs.
std::string slow_verdict(const net::Network& n, const Cycles& cycles) {
  std::set<std::pair<std::int64_t, std::int64_t>> links;
  for (std::int64_t v = 0; v < n.nodes(); ++v) {
    for (net::Direction d = 0; d < n.width(); ++d) {
      if (const auto t = n.target(v, d)) links.insert({std::min(v, *t), std::max(v, *t)});
    }
  }
  std::set<std::pair<std::int64_t, std::int64_t>> used;
  for (const auto& c : cycles) {
    if (static_cast<std::int64_t>(c.size()) != n.nodes()) return "cycle_length";
    if (std::any_of(c.begin(), c.end(), [&](std::int64_t v) { return v < 0 || v >= n.nodes(); })) {
      return "node_in_network";
    }
    if (std::set<std::int64_t>(c.begin(), c.end()).size() != c.size()) return "repeated_node";
    for (std::size_t q = 0; q < c.size(); ++q) {
      const std::int64_t a = c[q];
      const std::int64_t b = c[(q + 1) % c.size()];
      const std::pair<std::int64_t, std::int64_t> e{std::min(a, b), std::max(a, b)};
      if (links.count(e) == 0) return "not_a_link";
      if (!used.insert(e).second) return "shared_link";
    }
  }
  return {};
}

std::string fast_verdict(const net::Network& n, const Cycles& cycles) {
  const auto r = net::check_link_disjoint_cycles(n, cycles);
  return r.witness ? r.witness->property : std::string();
}

std::vector<std::int64_t> random_sides() {
  const auto dims = *rc::gen::inRange<std::size_t>(2, 4);
  std::vector<std::int64_t> sides;
  for (std::size_t i = 0; i < dims; ++i) {
    sides.push_back(*rc::gen::inRange<std::int64_t>(3, dims == 2 ? 15 : 6));
  }
  return sides;
}

RC_GTEST_PROP(TorusCyclesProperty, AnySeedGivesADecompositionAndTheTwinsAgree, ()) {
  const auto sides = random_sides();
  HamiltonOptions o;
  o.seed = *rc::gen::inRange<std::uint64_t>(1, 1000000);
  const HamiltonCycles h = hamilton_cycles(sides, o);
  RC_ASSERT(h.found);
  const net::Network n = net::Network::torus(sides);
  RC_ASSERT(fast_verdict(n, h.cycles).empty());
  RC_ASSERT(slow_verdict(n, h.cycles).empty());
  for (const auto& m : torus_mutants::cycle_mutants(n, h.cycles)) {
    RC_ASSERT(fast_verdict(n, m.value) == m.witness.property);
    RC_ASSERT(slow_verdict(n, m.value) == m.witness.property);
  }
  // A random order of the nodes (each cycle shuffled from some position on): both judges agree.
  Cycles shuffled = h.cycles;
  std::mt19937_64 rng(o.seed);
  const auto from = *rc::gen::inRange<std::size_t>(0, shuffled[0].size());
  std::shuffle(shuffled[0].begin() + static_cast<std::ptrdiff_t>(from), shuffled[0].end(), rng);
  RC_ASSERT(fast_verdict(n, shuffled) == slow_verdict(n, shuffled));
}

RC_GTEST_PROP(TorusCyclesProperty, HamilCycleAabPassesInLemma12Rounds, ()) {
  std::vector<std::int64_t> sides = {*rc::gen::inRange<std::int64_t>(3, 9),
                                     *rc::gen::inRange<std::int64_t>(3, 9)};
  if (*rc::gen::arbitrary<bool>()) sides.push_back(*rc::gen::inRange<std::int64_t>(3, 5));
  const net::Network n = net::Network::torus(sides);
  const HamiltonCycles h = hamilton_cycles(sides);
  RC_ASSERT(h.found);
  const auto r = net::check_routed(n, parallel_hamil_cycle_aab(n, h.cycles));
  RC_ASSERT(!r.witness);
  RC_ASSERT(r.rounds == (n.nodes() - 1 + 1) / 2);
}

RC_GTEST_PROP(TorusCyclesProperty, DiagonalPassesBothJudgesWithinFiveRounds, ()) {
  const auto a = *rc::gen::inRange<std::int64_t>(3, 61);
  const auto b = *rc::gen::inRange<std::int64_t>(3, 61);
  const auto root = *rc::gen::inRange<std::int64_t>(0, a * b);
  const net::RoutedSchedule s = dilated_diagonal(a, b, root);
  const net::Network n = net::Network::from_spec(s.network);
  const auto w = net::check_wormhole_broadcast(n, s);
  RC_ASSERT(!w.witness);
  RC_ASSERT(w.rounds == dilated_diagonal_rounds(a, b));
  RC_ASSERT(w.rounds - log5_bound(a * b) <= 5);
  RC_ASSERT(!net::check_routed(n, s, {w.lower_bound}).witness);
  for (const auto& m : torus_mutants::wormhole_mutants(n, s)) {
    const auto r = net::check_wormhole_broadcast(n, m.value);
    RC_ASSERT(r.witness.has_value());
    RC_ASSERT(r.witness->property == m.witness.property);
  }
}

}  // namespace
}  // namespace collverify::torus
