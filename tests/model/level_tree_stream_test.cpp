// The streamed all-to-all schedules (stream_translations, stream_all_to_all) send exactly the
// transmissions of the materialised all_to_all_schedule, round by round (the slow, obvious twin).
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>
#include <vector>

#include "model/network/level_tree.hpp"

namespace collverify::network {
namespace {

using Row = std::tuple<std::int64_t, std::vector<Direction>, std::int64_t, std::int64_t>;

class Recorder final : public RoutedSink {
 public:
  void begin_round(std::int64_t r) override {
    EXPECT_EQ(r, static_cast<std::int64_t>(rounds.size()));
    rounds.emplace_back();
  }
  void send(std::int64_t from, std::span<const Direction> hops, std::span<const Packet> packets) override {
    ASSERT_EQ(packets.size(), 1u);
    rounds.back().emplace_back(from, std::vector<Direction>(hops.begin(), hops.end()), packets[0].origin,
                               packets[0].piece);
  }
  void end_round() override { std::sort(rounds.back().begin(), rounds.back().end()); }
  std::vector<std::vector<Row>> rounds;
};

std::vector<std::vector<Row>> materialised(const RoutedSchedule& s) {
  Recorder r;
  replay(s, r);
  return r.rounds;
}

TEST(LevelTreeStream, TranslationsStreamAsTheMaterialisedSchedule) {
  // An arbitrary (not necessarily valid) generic tree with a gap, a negative level and an arc
  // leaving a mesh-like direction, on a torus and a hypercube.
  const LevelTree g{0, {{0, 0, 0}, {1, 2, 2}, {0, 3, 0}, {5, 1, -1}, {8, 1, 3}}};
  for (const Network& net : {Network::torus({3, 4}), Network::torus({3, 3, 3})}) {
    Recorder streamed;
    stream_translations(net, g, streamed);
    const auto trees = all_translations(net, g);
    EXPECT_EQ(streamed.rounds, materialised(all_to_all_schedule(net, trees)));
    Recorder explicit_trees;
    stream_all_to_all(net, trees, explicit_trees);
    EXPECT_EQ(explicit_trees.rounds, streamed.rounds);
  }
  const Network cube = Network::hypercube(3);
  const LevelTree h{0, {{0, 0, 0}, {0, 1, 0}, {1, 1, 1}, {0, 2, 1}}};
  Recorder streamed;
  stream_translations(cube, h, streamed);
  EXPECT_EQ(streamed.rounds, materialised(all_to_all_schedule(cube, all_translations(cube, h))));
}

TEST(LevelTreeStream, TailsOutsideTheTorusTakeTheGenericPath) {
  const Network net = Network::torus({3, 4});
  const LevelTree g{0, {{0, 0, 0}, {100, 2, 1}}};
  Recorder streamed;
  stream_translations(net, g, streamed);
  EXPECT_EQ(streamed.rounds, materialised(all_to_all_schedule(net, all_translations(net, g))));
}

TEST(LevelTreeStream, ExplicitTreesOfUnequalHeight) {
  const Network mesh = Network::mesh({3});
  const std::vector<LevelTree> trees{LevelTree{0, {{0, 0, 0}, {1, 0, 1}}}, LevelTree{1, {{1, 1, 0}, {1, 0, 0}}},
                                     LevelTree{2, {{2, 1, 2}}}};
  Recorder streamed;
  stream_all_to_all(mesh, trees, streamed);
  EXPECT_EQ(streamed.rounds, materialised(all_to_all_schedule(mesh, trees)));
  EXPECT_EQ(streamed.rounds.size(), 3u);
}

}  // namespace
}  // namespace collverify::network
