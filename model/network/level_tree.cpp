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

namespace {

// The arcs of `tree` by level (negative levels left out): per level, indices into tree.arcs.
std::vector<std::vector<std::size_t>> arcs_by_level(const LevelTree& tree) {
  std::vector<std::vector<std::size_t>> out(static_cast<std::size_t>(height(tree)));
  for (std::size_t i = 0; i < tree.arcs.size(); ++i) {
    if (tree.arcs[i].level >= 0) out[static_cast<std::size_t>(tree.arcs[i].level)].push_back(i);
  }
  return out;
}

}  // namespace

void stream_all_to_all(const Network& network, std::span<const LevelTree> trees, RoutedSink& sink) {
  (void)network;
  std::vector<std::vector<std::vector<std::size_t>>> by_level;
  std::size_t rounds = 0;
  by_level.reserve(trees.size());
  for (const LevelTree& t : trees) {
    by_level.push_back(arcs_by_level(t));
    rounds = std::max(rounds, by_level.back().size());
  }
  for (std::size_t r = 0; r < rounds; ++r) {
    sink.begin_round(static_cast<std::int64_t>(r));
    for (std::size_t k = 0; k < trees.size(); ++k) {
      if (r >= by_level[k].size()) continue;
      const Packet packet{trees[k].root, 0};
      for (std::size_t i : by_level[k][r]) {
        const Direction d = trees[k].arcs[i].direction;
        sink.send(trees[k].arcs[i].from, std::span<const Direction>(&d, 1),
                  std::span<const Packet>(&packet, 1));
      }
    }
    sink.end_round();
  }
}

void stream_translations(const Network& network, const LevelTree& generic, RoutedSink& sink) {
  const auto by_level = arcs_by_level(generic);
  for (std::size_t r = 0; r < by_level.size(); ++r) {
    sink.begin_round(static_cast<std::int64_t>(r));
    for (std::int64_t t = 0; t < network.nodes(); ++t) {
      const Packet packet{network.translate(generic.root, t), 0};
      for (std::size_t i : by_level[r]) {
        const LevelArc& a = generic.arcs[i];
        const Direction d = network.translate_direction(a.direction, t);
        sink.send(network.translate(a.from, t), std::span<const Direction>(&d, 1),
                  std::span<const Packet>(&packet, 1));
      }
    }
    sink.end_round();
  }
}

}  // namespace collverify::network
