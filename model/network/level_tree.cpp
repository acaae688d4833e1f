#include "model/network/level_tree.hpp"

#include <algorithm>

#include "model/error.hpp"

namespace collverify::network {

std::int64_t height(const LevelTree& tree) {
  std::int64_t h = 0;
  for (const LevelArc& a : tree.arcs) h = std::max(h, a.level + 1);
  return h;
}

LevelTree translated(const Network& network, const LevelTree& generic, std::int64_t by) {
  LevelTree out;
  out.root = network.translate(generic.root, by);
  out.arcs.reserve(generic.arcs.size());
  for (const LevelArc& a : generic.arcs) {
    out.arcs.push_back(LevelArc{network.translate(a.from, by),
                                network.translate_direction(a.direction, by), a.level});
  }
  return out;
}

std::vector<LevelTree> all_translations(const Network& network, const LevelTree& generic) {
  std::vector<LevelTree> out;
  out.reserve(static_cast<std::size_t>(network.nodes()));
  for (std::int64_t t = 0; t < network.nodes(); ++t) out.push_back(translated(network, generic, t));
  return out;
}

RoutedSchedule all_to_all_schedule(const Network& network, std::span<const LevelTree> trees,
                                   CommModel model) {
  RoutedSchedule s;
  s.network = network.spec();
  s.model = model;
  s.collective = Collective::aab;
  s.pieces = 1;
  std::int64_t rounds = 0;
  for (const LevelTree& t : trees) rounds = std::max(rounds, height(t));
  s.rounds.resize(static_cast<std::size_t>(rounds));
  for (const LevelTree& t : trees) {
    for (const LevelArc& a : t.arcs) {
      if (a.level < 0) continue;  // cannot be placed in a round; the tree checkers name it
      s.rounds[static_cast<std::size_t>(a.level)].push_back(
          Transmission{a.from, {a.direction}, {Packet{t.root, 0}}});
    }
  }
  return s;
}

}  // namespace collverify::network
