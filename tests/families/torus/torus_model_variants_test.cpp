// Seed 004's model axes for the torus algorithms (docs/RESULTS-tori.md "The torus algorithms
// under every model variant", issue 23): each algorithm's schedule, as `schedule torus` streams
// it (families/torus/torus_algorithms.hpp), judged by the routed checker under every variant of
// ports (all, 2, 1), directedness (full duplex, half duplex, simplex channels, seed 002's
// per-node simplex), combining, switching (store-and-forward, wormhole) and intermediate
// reception: where it is valid, its rounds beside the generic lower bound of that variant
// (checkers/network/network_bounds.hpp), else the first property it breaks. The tables printed
// here are the ones in RESULTS-tori; the test holds the code to them. On 5x5 the slow twin gives
// the same verdicts.
#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "checkers/network/network_bounds.hpp"
#include "checkers/network/routed_check.hpp"
#include "families/torus/torus_algorithms.hpp"
#include "model/error.hpp"
#include "model/network/network.hpp"
#include "reference/hypercube/hypercube_common.hpp"

namespace cv = collverify;
namespace net = collverify::network;
namespace eng = collverify::engine;

namespace {

struct Variant {
  const char* name;
  cv::CommModel model;
};

const std::vector<Variant>& variants() {
  using cv::CommModel;
  using cv::Duplex;
  constexpr auto sf = cv::Switching::store_and_forward;
  constexpr auto wh = cv::Switching::wormhole;
  static const std::vector<Variant> v = {
      {"all-port full", {CommModel::kAllPorts, Duplex::full, sf, false}},
      {"all-port half", {CommModel::kAllPorts, Duplex::half, sf, false}},
      {"all-port simplex channels", {CommModel::kAllPorts, Duplex::simplex_channel, sf, false}},
      {"all-port node simplex", {CommModel::kAllPorts, Duplex::simplex, sf, false}},
      {"2-port full", {2, Duplex::full, sf, false}},
      {"1-port full", {1, Duplex::full, sf, false}},
      {"1-port half", {1, Duplex::half, sf, false}},
      {"all-port full, combining", {CommModel::kAllPorts, Duplex::full, sf, true}},
      {"all-port full, wormhole", {CommModel::kAllPorts, Duplex::full, wh, false}},
      {"all-port full, wormhole, intermediate reception",
       {CommModel::kAllPorts, Duplex::full, wh, false, true}},
  };
  return v;
}

struct Algorithm {
  const char* name;
  eng::TorusAlgo algo;
  std::int64_t ports;  // kport: the k of the trees; 0 otherwise
};

const std::vector<Algorithm>& algorithms() {
  static const std::vector<Algorithm> a = {
      {"TADT", eng::TorusAlgo::tadt, 0},
      {"k-port trees, k = 1", eng::TorusAlgo::kport, 1},
      {"k-port trees, k = 2", eng::TorusAlgo::kport, 2},
      {"ParallelHamilCycleAAB", eng::TorusAlgo::hamilton, 0},
      {"wormhole tiling (5^k x 5^k)", eng::TorusAlgo::tiling, 0},
      {"wormhole dilated diagonal (2D)", eng::TorusAlgo::diagonal, 0},
  };
  return a;
}

// The algorithm's schedule on `sides` as `schedule torus` streams it; nullopt when the algorithm
// has nothing for these sides.
std::optional<net::RoutedSchedule> build(const Algorithm& a, const cv::TorusSides& sides) {
  const auto family = eng::make_torus_family(a.algo, {sides}, a.ports);
  net::RoutedSchedule s;
  try {
    s = family->header(sides);
  } catch (const cv::InputError&) {
    return std::nullopt;
  }
  cv::hypercube::CollectingSink sink(s);
  family->stream(sides, sink);
  return s;
}

// "rounds / bound" when valid, else the first property broken.
std::string cell(net::RoutedSchedule s, const cv::CommModel& model, bool twin) {
  s.model = model;
  const net::Network torus = net::Network::from_spec(s.network);
  const std::int64_t bound = net::routed_lower_bound(torus, net::header_of(s));
  const net::RoutedResult r = net::check_routed(torus, s, {});
  if (twin) {
    const net::RoutedResult slow = net::check_routed_slow(torus, s, {});
    EXPECT_EQ(r.witness.has_value(), slow.witness.has_value());
    if (r.witness && slow.witness) {
      EXPECT_EQ(r.witness->message, slow.witness->message);
    }
  }
  if (r.witness) return net::to_string(r.witness->property);
  EXPECT_GE(r.rounds, bound) << "a valid schedule below the bound: the bound is wrong";
  return fmt::format("{} / {}", r.rounds, bound);
}

std::string table(const std::string& text, bool twin) {
  const cv::TorusSides sides = cv::parse_one_torus(text, "test");
  std::string out = fmt::format("| {} |", text);
  for (const Variant& v : variants()) out.append(fmt::format(" {} |", v.name));
  out.append("\n|---|");
  for (std::size_t i = 0; i < variants().size(); ++i) out.append("---|");
  out.append("\n");
  for (const Algorithm& a : algorithms()) {
    const auto s = build(a, sides);
    if (!s) continue;
    out.append(fmt::format("| {} |", a.name));
    for (const Variant& v : variants()) out.append(fmt::format(" {} |", cell(*s, v.model, twin)));
    out.append("\n");
  }
  return out;
}

TEST(TorusModelVariants, TableOf5x5) {
  EXPECT_EQ(table("5x5", true), R"(| 5x5 | all-port full | all-port half | all-port simplex channels | all-port node simplex | 2-port full | 1-port full | 1-port half | all-port full, combining | all-port full, wormhole | all-port full, wormhole, intermediate reception |
|---|---|---|---|---|---|---|---|---|---|---|
| TADT | 6 / 6 | arc_exclusivity | one_way_channel | simplex | port_limit | port_limit | arc_exclusivity | 6 / 4 | 6 / 6 | 6 / 1 |
| k-port trees, k = 1 | 24 / 6 | 24 / 12 | one_way_channel | simplex | 24 / 12 | 24 / 24 | 24 / 24 | 24 / 4 | 24 / 6 | 24 / 1 |
| k-port trees, k = 2 | 12 / 6 | arc_exclusivity | one_way_channel | simplex | 12 / 12 | port_limit | arc_exclusivity | 12 / 4 | 12 / 6 | 12 / 1 |
| ParallelHamilCycleAAB | 12 / 12 | arc_exclusivity | one_way_channel | simplex | port_limit | port_limit | arc_exclusivity | 12 / 4 | 12 / 12 | 12 / 1 |
| wormhole tiling (5^k x 5^k) | route_length | route_length | route_length | route_length | route_length | route_length | route_length | route_length | 2 / 2 | 2 / 1 |
| wormhole dilated diagonal (2D) | route_length | route_length | route_length | route_length | route_length | route_length | route_length | route_length | 3 / 2 | 3 / 1 |
)");
}

TEST(TorusModelVariants, TableOf4x6) {
  EXPECT_EQ(table("4x6", false), R"(| 4x6 | all-port full | all-port half | all-port simplex channels | all-port node simplex | 2-port full | 1-port full | 1-port half | all-port full, combining | all-port full, wormhole | all-port full, wormhole, intermediate reception |
|---|---|---|---|---|---|---|---|---|---|---|
| TADT | 6 / 6 | arc_exclusivity | one_way_channel | simplex | port_limit | port_limit | arc_exclusivity | 6 / 5 | 6 / 6 | 6 / 1 |
| k-port trees, k = 1 | 23 / 6 | 23 / 12 | one_way_channel | simplex | 23 / 12 | 23 / 23 | 23 / 23 | 23 / 5 | 23 / 6 | 23 / 1 |
| k-port trees, k = 2 | 12 / 6 | arc_exclusivity | one_way_channel | simplex | 12 / 12 | port_limit | arc_exclusivity | 12 / 5 | 12 / 6 | 12 / 1 |
| ParallelHamilCycleAAB | 12 / 12 | arc_exclusivity | one_way_channel | simplex | port_limit | port_limit | arc_exclusivity | 12 / 5 | 12 / 12 | 12 / 1 |
| wormhole dilated diagonal (2D) | route_length | route_length | route_length | route_length | route_length | route_length | route_length | route_length | 4 / 2 | 4 / 1 |
)");
}

TEST(TorusModelVariants, TableOf3x3x3) {
  EXPECT_EQ(table("3x3x3", false), R"(| 3x3x3 | all-port full | all-port half | all-port simplex channels | all-port node simplex | 2-port full | 1-port full | 1-port half | all-port full, combining | all-port full, wormhole | all-port full, wormhole, intermediate reception |
|---|---|---|---|---|---|---|---|---|---|---|
| TADT | 5 / 5 | arc_exclusivity | one_way_channel | simplex | port_limit | port_limit | arc_exclusivity | 5 / 3 | 5 / 5 | 5 / 1 |
| k-port trees, k = 1 | 26 / 5 | 26 / 9 | one_way_channel | simplex | 26 / 13 | 26 / 26 | 26 / 26 | 26 / 3 | 26 / 5 | 26 / 1 |
| k-port trees, k = 2 | 13 / 5 | arc_exclusivity | one_way_channel | simplex | 13 / 13 | port_limit | arc_exclusivity | 13 / 3 | 13 / 5 | 13 / 1 |
| ParallelHamilCycleAAB | 13 / 13 | arc_exclusivity | one_way_channel | simplex | port_limit | port_limit | arc_exclusivity | 13 / 3 | 13 / 13 | 13 / 1 |
)");
}

// The variants are judged, not assumed: the k = 1 trees, valid with one port and half duplex,
// with a second send of one node in one round (port_limit), and with a send reversed onto a link
// carrying the other direction in the same round (arc_exclusivity under half duplex, port_limit
// under full duplex, where the receiver now receives twice).
TEST(TorusModelVariants, MutantsOfTheOnePortTreesAreRejected) {
  const cv::CommModel one_half{1, cv::Duplex::half, cv::Switching::store_and_forward, false};
  const auto s = build({"k = 1", eng::TorusAlgo::kport, 1}, {5, 5});
  ASSERT_TRUE(s);
  EXPECT_EQ(cell(*s, one_half, true), "24 / 24");
  net::RoutedSchedule extra = *s;
  net::Transmission x = extra.rounds[3].front();
  x.hops = {static_cast<net::Direction>((x.hops[0] + 1) % 4)};
  extra.rounds[3].push_back(x);
  const cv::CommModel one_full{1, cv::Duplex::full, cv::Switching::store_and_forward, false};
  EXPECT_EQ(cell(extra, one_full, true), "port_limit");
  EXPECT_EQ(cell(extra, one_half, true), "arc_exclusivity");  // its link is busy the other way
  // Node v, which node u sends to in round 0, turned to send its own round-0 packet back to u
  // over the same link: both directions of one link in one round.
  net::RoutedSchedule both = *s;
  const net::Network torus = net::Network::from_spec(both.network);
  const net::Transmission first = both.rounds[0].front();
  const std::int64_t v = *torus.target(first.from, first.hops[0]);
  bool replaced = false;
  for (net::Transmission& t : both.rounds[0]) {
    if (t.from != v) continue;
    t.hops = {torus.reverse_direction(first.from, first.hops[0])};
    replaced = true;
  }
  ASSERT_TRUE(replaced);
  EXPECT_EQ(cell(both, one_half, true), "arc_exclusivity");
  // With full duplex the link may carry both, but u now receives twice in round 0 (from v and
  // from its own sender), which one port forbids.
  EXPECT_EQ(cell(both, one_full, true), "port_limit");
}

}  // namespace
