// Random small tori and meshes: the synthesized trees re-check and reach the lower bound; a random
// arc of a synthesized generic tree moved to a random level is rejected by the simulation (the
// re-check) exactly when Lemma 11's rule (two arcs of one direction in one level) or the level
// order (an arc not after its parent's, or a child not after it) is broken: the rule and the
// simulation agree.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "model/verdict.hpp"
#include "proofs/tadt_synth.hpp"

namespace collverify {
namespace {

namespace nw = network;

// Memoised: RapidCheck draws the same small sizes many times.
const proofs::TadtSynthResult& synthesized(bool mesh, std::int64_t a, std::int64_t b) {
  static std::map<std::tuple<bool, std::int64_t, std::int64_t>, proofs::TadtSynthResult> memo;
  auto it = memo.find({mesh, a, b});
  if (it == memo.end()) {
    const auto net = mesh ? nw::Network::mesh({a, b}) : nw::Network::torus({a, b});
    it = memo.emplace(std::tuple{mesh, a, b}, proofs::synthesize_tadt(net, {})).first;
  }
  return it->second;
}

RC_GTEST_PROP(TadtSynthProperty, RandomSizesReachTheBoundAndRecheck, ()) {
  const bool mesh = *rc::gen::arbitrary<bool>();
  const std::int64_t a = *rc::gen::inRange<std::int64_t>(1, mesh ? 4 : 7);
  const std::int64_t b = *rc::gen::inRange<std::int64_t>(1, mesh ? 4 : 7);
  const auto net = mesh ? nw::Network::mesh({a, b}) : nw::Network::torus({a, b});
  const auto& r = synthesized(mesh, a, b);
  RC_ASSERT(r.status == proofs::TadtStatus::optimal);
  RC_ASSERT(r.height == r.bound.value);
  RC_ASSERT(proofs::recheck_tadt(net, r.trees, r.bound.value).empty());
}

// Lemma 11 plus the level order, from the tree alone.
bool rule_holds(const nw::Network& net, const nw::LevelTree& t) {
  std::map<std::int64_t, std::int64_t> level_into;  // node -> level of the arc entering it
  std::set<std::pair<std::int64_t, nw::Direction>> slots;
  for (const auto& a : t.arcs) {
    level_into[*net.target(a.from, a.direction)] = a.level;
    if (!slots.insert({a.level, a.direction}).second) return false;
  }
  for (const auto& a : t.arcs) {
    if (a.from != t.root && level_into.at(a.from) >= a.level) return false;
  }
  return true;
}

RC_GTEST_PROP(TadtSynthProperty, MovedArcRejectedExactlyWhenTheRuleBreaks, ()) {
  const std::int64_t a = *rc::gen::inRange<std::int64_t>(2, 7);
  const std::int64_t b = *rc::gen::inRange<std::int64_t>(2, 7);
  const auto net = nw::Network::torus({a, b});
  const auto& r = synthesized(false, a, b);
  RC_PRE(r.found);
  nw::LevelTree t = r.trees[0];
  const auto i = *rc::gen::inRange<std::size_t>(0, t.arcs.size());
  t.arcs[i].level = *rc::gen::inRange<std::int64_t>(0, r.height + 2);
  const bool rule = rule_holds(net, t);
  const std::string recheck = proofs::recheck_tadt(net, std::vector{t}, kNone);
  RC_ASSERT(rule == recheck.empty());
}

}  // namespace
}  // namespace collverify
