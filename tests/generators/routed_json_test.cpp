// collverify-routed/1 (generators/external/routed_json.hpp): a hand-written document reads to the
// schedule it says, writing and reading back is the identity, and every bad input is an
// InputError naming the value.
#include <gtest/gtest.h>

#include <string>

#include "generators/external/routed_json.hpp"
#include "model/error.hpp"

namespace cv = collverify;
using namespace cv::network;

namespace {

const char* kTorus = R"({"format": "collverify-routed/1",
  "network": {"kind": "torus", "sides": [4, 3]},
  "model": {"ports": 2, "duplex": "half", "switching": "wh", "combining": true},
  "collective": "aab", "pieces": 2,
  "rounds": [[{"from": 0, "hops": ["+0", "+0", "-1"], "packets": [[0, 0], [0, 1]]}], []]})";

// The document with `key` (a fragment of the text) replaced by `by`.
std::string with(std::string text, const std::string& key, const std::string& by) {
  const auto at = text.find(key);
  EXPECT_NE(at, std::string::npos) << key;
  return text.replace(at, key.size(), by);
}

// The InputError message parsing `text` gives ("" if none).
std::string refusal(const std::string& text) {
  try {
    (void)cv::parse_routed_json(text, "f.json");
  } catch (const cv::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(RoutedJson, ReadsEveryField) {
  const RoutedSchedule s = cv::parse_routed_json(kTorus, "f.json");
  EXPECT_EQ(s.network.kind, NetworkKind::torus);
  EXPECT_EQ(s.network.params, (std::vector<std::int64_t>{4, 3}));
  EXPECT_EQ(s.model.ports, 2);
  EXPECT_EQ(s.model.duplex, cv::Duplex::half);
  EXPECT_EQ(s.model.switching, cv::Switching::wormhole);
  EXPECT_TRUE(s.model.combining);
  EXPECT_EQ(s.collective, Collective::aab);
  EXPECT_EQ(s.pieces, 2);
  ASSERT_EQ(s.rounds.size(), 2U);
  ASSERT_EQ(s.rounds[0].size(), 1U);
  EXPECT_EQ(s.rounds[0][0].hops, (std::vector<Direction>{0, 0, 3}));
  EXPECT_EQ(s.rounds[0][0].packets, (std::vector<Packet>{{0, 0}, {0, 1}}));
  EXPECT_TRUE(s.rounds[1].empty());
}

TEST(RoutedJson, WriteThenReadIsTheIdentity) {
  const RoutedSchedule s = cv::parse_routed_json(kTorus, "f.json");
  const Network net = Network::from_spec(s.network);
  const std::string text = cv::routed_to_json(net, s);
  const RoutedSchedule back = cv::parse_routed_json(text, "written");
  EXPECT_EQ(cv::routed_to_json(net, back), text);
  EXPECT_NE(text.find("\"hops\":[\"+0\",\"+0\",\"-1\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("\"ports\":2"), std::string::npos);
  RoutedSchedule cube;
  cube.network = {NetworkKind::hypercube, {2}};
  cube.collective = Collective::oas;
  cube.root = 3;
  cube.rounds = {{{3, {1}, {{3, 1}}}}};
  const Network c = Network::from_spec(cube.network);
  const auto t = cv::routed_to_json(c, cube);
  EXPECT_NE(t.find("\"ports\":\"all\""), std::string::npos) << t;
  EXPECT_EQ(cv::routed_to_json(c, cv::parse_routed_json(t, "cube")), t);
  cube.rounds.clear();
  EXPECT_EQ(cv::parse_routed_json(cv::routed_to_json(c, cube), "empty").rounds.size(), 0U);
}

// Seed 004's two further model words: simplex channels and intermediate reception (optional,
// wormhole only), read, written and read back; absent means false and is not written.
TEST(RoutedJson, SimplexChannelsAndIntermediateReception) {
  const std::string doc = with(with(kTorus, "\"half\"", "\"simplex-channel\""), "\"combining\": true",
                               "\"combining\": true, \"intermediate_reception\": true");
  const RoutedSchedule s = cv::parse_routed_json(doc, "f.json");
  EXPECT_EQ(s.model.duplex, cv::Duplex::simplex_channel);
  EXPECT_TRUE(s.model.intermediate_reception);
  const Network net = Network::from_spec(s.network);
  const std::string text = cv::routed_to_json(net, s);
  EXPECT_NE(text.find("\"duplex\":\"simplex-channel\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"intermediate_reception\":true"), std::string::npos) << text;
  EXPECT_EQ(cv::routed_to_json(net, cv::parse_routed_json(text, "written")), text);
  const RoutedSchedule plain = cv::parse_routed_json(kTorus, "f.json");
  EXPECT_FALSE(plain.model.intermediate_reception);
  EXPECT_EQ(cv::routed_to_json(net, plain).find("intermediate_reception"), std::string::npos);
  // Store-and-forward has no intermediate nodes; the value must be a boolean.
  const std::string sf = with(with(doc, "\"wh\"", "\"sf\""), "\"hops\": [\"+0\", \"+0\", \"-1\"]",
                              "\"hops\": [\"+0\"]");
  EXPECT_NE(refusal(sf).find("intermediate_reception"), std::string::npos) << refusal(sf);
  EXPECT_NE(refusal(with(doc, "\"intermediate_reception\": true", "\"intermediate_reception\": 1"))
                .find("intermediate_reception"),
            std::string::npos);
}

TEST(RoutedJson, BadModelWordsAreNamed) {
  EXPECT_NE(refusal(with(kTorus, "\"half\"", "\"halfish\"")).find("\"halfish\""), std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "\"wh\"", "\"cut-through\"")).find("\"cut-through\""), std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "\"ports\": 2", "\"ports\": \"many\"")).find("\"many\""), std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "\"ports\": 2", "\"ports\": 0")).find("= 0"), std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "\"combining\": true", "\"combining\": 1")).find("combining"), std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "\"aab\"", "\"gossip\"")).find("\"gossip\""), std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "\"torus\"", "\"ring\"")).find("\"ring\""), std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "collverify-routed/1", "collverify-routed/2")).find("routed/2"),
            std::string::npos);
}

TEST(RoutedJson, HopsMustBeDirectionsThatExistOnTheRoute) {
  // Not a direction of a 2-dimensional torus.
  auto m = refusal(with(kTorus, "\"-1\"]", "\"+2\"]"));
  EXPECT_NE(m.find("rounds[0][0].hops[2]"), std::string::npos) << m;
  EXPECT_NE(m.find("\"+2\""), std::string::npos) << m;
  m = refusal(with(kTorus, "\"-1\"]", "\"3\"]"));
  EXPECT_NE(m.find("\"3\""), std::string::npos) << m;
  // On a mesh, "-1" from (2, 0) has no arc: the route is not connected.
  m = refusal(with(kTorus, "\"torus\"", "\"mesh\""));
  EXPECT_NE(m.find("hops[2] = \"-1\": the route leaves the mesh 4x3 at node 2"), std::string::npos) << m;
}

TEST(RoutedJson, ARouteLeavingTheMeshIsRefused) {
  const std::string mesh = with(with(kTorus, "\"torus\"", "\"mesh\""), "\"-1\"]", "\"+0\", \"+0\"]");
  const auto m = refusal(mesh);  // 0 -> 1 -> 2 -> 3 -> off the border
  EXPECT_NE(m.find("hops[3]"), std::string::npos) << m;
  EXPECT_NE(m.find("leaves the mesh 4x3 at node 3"), std::string::npos) << m;
}

TEST(RoutedJson, NodesOutOfRangeAreNamed) {
  auto m = refusal(with(kTorus, "\"from\": 0", "\"from\": 12"));
  EXPECT_NE(m.find("rounds[0][0].from = 12"), std::string::npos) << m;
  m = refusal(with(kTorus, "[[0, 0], [0, 1]]", "[[-1, 0]]"));
  EXPECT_NE(m.find("origin) = -1"), std::string::npos) << m;
  m = refusal(with(kTorus, "[[0, 0], [0, 1]]", "[[0, -2]]"));
  EXPECT_NE(m.find("-2"), std::string::npos) << m;
  m = refusal(with(kTorus, "\"collective\": \"aab\"", "\"collective\": \"oab\", \"root\": 99"));
  EXPECT_NE(m.find("\"root\" = 99"), std::string::npos) << m;
  m = refusal(with(kTorus, "\"collective\": \"aab\"", "\"collective\": \"oas\""));
  EXPECT_NE(m.find("missing key \"root\""), std::string::npos) << m;
}

TEST(RoutedJson, WrongTypesAreNamed) {
  EXPECT_NE(refusal("[1, 2]").find("top level"), std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "\"from\": 0", "\"from\": \"0\"")).find("must be an integer"),
            std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "[\"+0\", \"+0\", \"-1\"]", "\"+0\"")).find("hops must be an array"),
            std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "[[0, 0], [0, 1]]", "[[0, 0, 0]]")).find("[origin, piece]"),
            std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "\"pieces\": 2", "\"pieces\": 0")).find("\"pieces\" = 0"),
            std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "[4, 3]", "[4, 0]")).find("side 1 = 0"), std::string::npos);
  EXPECT_NE(refusal(with(kTorus, "\"sides\": [4, 3]", "\"d\": 3")).find("missing key \"sides\""),
            std::string::npos);
  EXPECT_NE(refusal("{").find("invalid JSON"), std::string::npos);
}

TEST(RoutedJson, DeepNestingIsRefusedBeforeParsing) {
  std::string deep(100000, '[');
  deep += std::string(100000, ']');
  const auto m = refusal(deep);
  EXPECT_NE(m.find("nesting deeper than 16"), std::string::npos) << m;
  // Brackets inside strings do not count.
  EXPECT_EQ(refusal(with(kTorus, "\"aab\",", "\"aab\", \"note\": \"[[[[[[[[[[[[[[[[[[[[[[\",")), "");
}

TEST(RoutedJson, HugeNetworksAreRefusedWithAnEstimate) {
  const auto m = refusal(with(kTorus, "[4, 3]", "[65536, 65536, 64]"));
  EXPECT_NE(m.find("\"network\""), std::string::npos) << m;
}

TEST(RoutedJson, MissingFilesAreNamed) {
  try {
    (void)cv::read_routed_json("/nonexistent/r.json");
    ADD_FAILURE();
  } catch (const cv::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/r.json"), std::string::npos);
  }
}
