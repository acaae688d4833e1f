// Network (model/network/network.hpp): numbering, direction names, arcs against the definitions,
// parallel links of torus side 2, translations, BFS distances, spanning trees, refusals.
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "model/error.hpp"
#include "model/network/network.hpp"
#include "model/network/network_graph.hpp"

namespace cv = collverify;
using cv::network::Direction;
using cv::network::Network;

namespace {

// Every arc of the Boost graph, as (from, to, direction).
std::set<std::tuple<std::int64_t, std::int64_t, Direction>> arcs_of(const Network& net) {
  std::set<std::tuple<std::int64_t, std::int64_t, Direction>> out;
  const auto& g = net.graph().g;
  for (const auto e : boost::make_iterator_range(boost::edges(g))) {
    out.emplace(static_cast<std::int64_t>(boost::source(e, g)),
                static_cast<std::int64_t>(boost::target(e, g)), g[e].direction);
  }
  return out;
}

}  // namespace

TEST(Network, HypercubeArcsFlipOneBit) {
  const Network net = Network::hypercube(3);
  EXPECT_EQ(net.nodes(), 8);
  EXPECT_EQ(net.arcs(), 24);
  EXPECT_EQ(net.target(5, 1), 7);
  EXPECT_EQ(net.target(5, 0), 4);
  EXPECT_FALSE(net.target(5, 3).has_value());
  EXPECT_FALSE(net.target(8, 0).has_value());
  for (const auto& [u, v, j] : arcs_of(net)) EXPECT_EQ(u ^ v, std::int64_t{1} << j);
  EXPECT_EQ(net.coordinates(6), (std::vector<std::int64_t>{0, 1, 1}));
  EXPECT_EQ(net.direction_name(2), "2");
  EXPECT_EQ(net.parse_direction("2"), 2);
  EXPECT_EQ(net.reverse_direction(5, 1), 1);
}

TEST(Network, TorusIsRowMajorFirstCoordinateFastestAndWraps) {
  const Network net = Network::torus({4, 3});
  EXPECT_EQ(net.nodes(), 12);
  EXPECT_EQ(net.coordinates(9), (std::vector<std::int64_t>{1, 2}));  // 9 = 1 + 4 * 2
  EXPECT_EQ(net.target(0, 0), 1);                                     // +0
  EXPECT_EQ(net.target(0, 1), 3);                                     // -0 wraps
  EXPECT_EQ(net.target(0, 2), 4);                                     // +1
  EXPECT_EQ(net.target(0, 3), 8);                                     // -1 wraps
  EXPECT_EQ(net.direction_name(3), "-1");
  EXPECT_EQ(net.parse_direction("+1"), 2);
  EXPECT_EQ(net.parse_direction("-0"), 1);
  EXPECT_EQ(net.arcs(), 48);
  EXPECT_EQ(net.diameter(), 3);  // 2 + 1
}

TEST(Network, TorusSideTwoHasTwoParallelLinksAndSideOneNone) {
  const Network net = Network::torus({2, 1});
  EXPECT_EQ(net.nodes(), 2);
  EXPECT_EQ(net.target(0, 0), 1);  // +0
  EXPECT_EQ(net.target(0, 1), 1);  // -0: a second link to the same node
  EXPECT_FALSE(net.target(0, 2).has_value());  // side 1: no link
  EXPECT_EQ(net.arcs(), 4);
  // The + arc of 0 pairs with the - arc of 1: two distinct links.
  EXPECT_EQ(net.reverse_direction(0, 0), 1);
  EXPECT_EQ(net.out_degree(0), 2);
}

TEST(Network, MeshHasNoWrapAround) {
  const Network net = Network::mesh({3, 2});
  EXPECT_FALSE(net.target(2, 0).has_value());  // +0 at c0 = 2
  EXPECT_FALSE(net.target(0, 1).has_value());  // -0 at c0 = 0
  EXPECT_EQ(net.target(1, 2), 4);
  EXPECT_EQ(net.arcs(), 2 * 7);  // 7 links
  EXPECT_EQ(net.diameter(), 3);
  EXPECT_FALSE(net.has_translations());
}

TEST(Network, FullyConnectedDirectionIsTheTarget) {
  const Network net = Network::fully_connected(5);
  EXPECT_EQ(net.target(2, 4), 4);
  EXPECT_FALSE(net.target(2, 2).has_value());
  EXPECT_EQ(net.reverse_direction(2, 4), 2);
  EXPECT_EQ(net.diameter(), 1);
  EXPECT_EQ(net.translate(3, 4), 2);
  EXPECT_EQ(net.translate_direction(1, 4), 0);
}

TEST(Network, HierarchicalCrossbarGatewaysReachOtherModules) {
  const Network net = Network::hierarchical_crossbar(3, 4, 2);  // 3 modules of 4, 2 channels
  EXPECT_EQ(net.nodes(), 12);
  EXPECT_EQ(net.target(5, 3), 7);                 // PU 1 of module 1 to PU 3 of module 1
  EXPECT_EQ(net.target(5, 4 + 2), 9);             // gateway 1 of module 1 to module 2
  EXPECT_FALSE(net.target(6, 4 + 0).has_value());  // PU 2 is no gateway
  EXPECT_EQ(net.direction_name(6), "M2");
  EXPECT_EQ(net.parse_direction("L3"), 3);
  EXPECT_EQ(net.reverse_direction(5, 6), 5);  // back to module 1
  EXPECT_TRUE(net.connected());
  EXPECT_EQ(net.diameter(), 3);  // non-gateway -> gateway -> other module -> non-gateway
}

TEST(Network, EveryArcPairsWithItsReverse) {
  for (const Network& net : {Network::hypercube(4), Network::torus({3, 2, 1}),
                             Network::mesh({4, 3}), Network::fully_connected(4),
                             Network::hierarchical_crossbar(3, 3, 2)}) {
    const auto arcs = arcs_of(net);
    for (const auto& [u, v, dir] : arcs) {
      EXPECT_EQ(net.target(u, dir), v);
      const Direction back = net.reverse_direction(u, dir);
      EXPECT_EQ(net.target(v, back), u) << Network::describe(net.spec()) << " " << u << " " << dir;
      EXPECT_EQ(net.reverse_direction(v, back), dir);
      EXPECT_EQ(net.parse_direction(net.direction_name(dir)), dir);
    }
  }
}

TEST(Network, TranslationsMapArcsToArcs) {
  for (const Network& net : {Network::hypercube(3), Network::torus({3, 4}), Network::torus({2, 3}),
                             Network::fully_connected(5)}) {
    for (std::int64_t t = 0; t < net.nodes(); ++t) {
      EXPECT_EQ(net.translate(0, t), t);
      for (const auto& [u, v, dir] : arcs_of(net)) {
        EXPECT_EQ(net.target(net.translate(u, t), net.translate_direction(dir, t)),
                  net.translate(v, t));
      }
    }
  }
}

TEST(Network, DistancesAreHammingOnTheHypercube) {
  const Network net = Network::hypercube(5);
  const auto d = net.distances_from(9);
  for (std::int64_t v = 0; v < 32; ++v) {
    EXPECT_EQ(d[static_cast<std::size_t>(v)], __builtin_popcountll(static_cast<unsigned long long>(v ^ 9)));
  }
  EXPECT_EQ(net.diameter(), 5);
  EXPECT_EQ(net.distance(0, 31), 5);
  EXPECT_TRUE(net.connected());
}

TEST(Network, SideOneHasNoLinkAndDisconnectedNetworksHaveNoDiameter) {
  EXPECT_TRUE(Network::torus({1}).connected());  // one node
  EXPECT_EQ(Network::torus({1}).arcs(), 0);
  EXPECT_FALSE(Network::hierarchical_crossbar(2, 2, 0).connected());  // no channels
  EXPECT_EQ(Network::hierarchical_crossbar(2, 2, 0).diameter(), -1);
}

TEST(Network, SpanningTreeCheck) {
  const Network net = Network::hypercube(3);
  // Binomial tree from 0: node v's parent flips its highest bit.
  std::vector<std::pair<std::int64_t, Direction>> tree;
  for (std::int64_t v = 1; v < 8; ++v) {
    const int j = 63 - __builtin_clzll(static_cast<unsigned long long>(v));
    tree.emplace_back(v ^ (std::int64_t{1} << j), j);
  }
  EXPECT_EQ(net.spanning_tree_defect(0, tree), "");
  auto cycle = tree;
  cycle[6] = {6, 0};  // 6 -> 7 instead of 3 -> 7: still 7 arcs, 7 reached, 3 -> 7 gone
  cycle[2] = {3, 0};  // 3 -> 2 (a cycle 2 -> 3 -> 2), so 3's subtree is cut from the root
  EXPECT_NE(net.spanning_tree_defect(0, cycle), "");
  auto bad_arc = tree;
  bad_arc[0] = {0, 5};
  EXPECT_NE(net.spanning_tree_defect(0, bad_arc).find("not in the network"), std::string::npos);
  tree.pop_back();
  EXPECT_NE(net.spanning_tree_defect(0, tree), "");
}

TEST(Network, BadDirectionsAreNamed) {
  const Network cube = Network::hypercube(4);
  for (const char* w : {"4", "-1", "+1", "x", "", "01x"}) {
    try {
      (void)cube.parse_direction(w);
      ADD_FAILURE() << w;
    } catch (const cv::InputError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("\"") + w + "\""), std::string::npos)
          << e.what();
    }
  }
  const Network torus = Network::torus({3, 3});
  EXPECT_THROW((void)torus.parse_direction("+2"), cv::InputError);
  EXPECT_THROW((void)torus.parse_direction("1"), cv::InputError);
  EXPECT_THROW((void)torus.parse_direction("--1"), cv::InputError);
  EXPECT_THROW((void)Network::fully_connected(3).parse_direction("3"), cv::InputError);
}

TEST(Network, BadParametersAndHugeSizesAreRefusedWithAnEstimate) {
  EXPECT_THROW((void)Network::hypercube(-1), cv::InputError);
  EXPECT_THROW((void)Network::torus({3, 0}), cv::InputError);
  EXPECT_THROW((void)Network::mesh({}), cv::InputError);
  EXPECT_THROW((void)Network::fully_connected(0), cv::InputError);
  EXPECT_THROW((void)Network::hierarchical_crossbar(2, 2, 3), cv::InputError);
  try {
    (void)Network::hypercube(30);
    ADD_FAILURE();
  } catch (const cv::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("GiB"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("hypercube d = 30"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)Network::hypercube(36), cv::InputError);  // more than 2^31 - 1 nodes
  EXPECT_THROW((void)Network::torus({1 << 20, 1 << 20, 1 << 20, 1 << 20}), cv::InputError);
}
