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

namespace {

// Torus fast path of stream_translations: coordinates added digit by digit, t walked as an
// odometer, no allocation per send (Network::translate decomposes both nodes on every call).
// The same transmissions in the same order (tests/model/level_tree_stream_test.cpp compares it
// with the materialised schedule built through Network::translate).
void stream_torus_translations(const Network& network, const LevelTree& generic,
                               const std::vector<std::vector<std::size_t>>& by_level, RoutedSink& sink) {
  const std::vector<std::int64_t>& sides = network.spec().params;
  const std::size_t k = sides.size();
  std::vector<std::int64_t> stride(k, 1);
  for (std::size_t i = 1; i < k; ++i) stride[i] = stride[i - 1] * sides[i - 1];
  auto digits = [&](std::int64_t node, std::int64_t* out) {
    for (std::size_t i = 0; i < k; ++i) {
      out[i] = node % sides[i];
      node /= sides[i];
    }
  };
  auto shifted = [&](const std::int64_t* a, const std::int64_t* t) {
    std::int64_t out = 0;
    for (std::size_t i = 0; i < k; ++i) {
      std::int64_t c = a[i] + t[i];
      if (c >= sides[i]) c -= sides[i];
      out += c * stride[i];
    }
    return out;
  };
  std::vector<std::int64_t> tails(generic.arcs.size() * k);
  for (std::size_t a = 0; a < generic.arcs.size(); ++a) digits(generic.arcs[a].from, &tails[a * k]);
  std::vector<std::int64_t> root(k);
  digits(generic.root, root.data());
  std::vector<std::int64_t> t(k);
  for (std::size_t r = 0; r < by_level.size(); ++r) {
    sink.begin_round(static_cast<std::int64_t>(r));
    std::fill(t.begin(), t.end(), 0);
    for (std::int64_t n = 0; n < network.nodes(); ++n) {
      const Packet packet{shifted(root.data(), t.data()), 0};
      for (std::size_t i : by_level[r]) {
        const Direction d = generic.arcs[i].direction;
        sink.send(shifted(&tails[i * k], t.data()), std::span<const Direction>(&d, 1),
                  std::span<const Packet>(&packet, 1));
      }
      for (std::size_t i = 0; i < k && ++t[i] == sides[i]; ++i) t[i] = 0;  // next t
    }
    sink.end_round();
  }
}

}  // namespace

void stream_translations(const Network& network, const LevelTree& generic, RoutedSink& sink) {
  const auto by_level = arcs_by_level(generic);
  const bool tails_in_range = std::all_of(generic.arcs.begin(), generic.arcs.end(), [&](const LevelArc& a) {
    return a.from >= 0 && a.from < network.nodes();
  }) && generic.root >= 0 && generic.root < network.nodes();
  if (network.kind() == NetworkKind::torus && tails_in_range) {
    stream_torus_translations(network, generic, by_level, sink);
    return;
  }
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
