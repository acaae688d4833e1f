// The torus families (Hamiltonian-cycle AAB; wormhole tiling and diagonal) through run_range:
// passes over ranges of sizes with the rounds tables and pictures, refusals of sizes they cannot
// check, and mutants judged by the same functions the families use, reported with their
// properties.
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <vector>

#include "tests/families/common/size_tables.hpp"
#include "engine/run_range.hpp"
#include "families/torus/torus_algorithms.hpp"
#include "families/torus/torus_family.hpp"
#include "families/torus/torus_hamilton_family.hpp"
#include "families/torus/torus_wormhole_family.hpp"
#include "generators/external/routed_json.hpp"
#include "generators/torus_mutants.hpp"
#include "model/error.hpp"
#include "model/memory.hpp"
#include "model/network/network.hpp"
#include "reference/torus/hamilton_cycles.hpp"

namespace collverify::engine {
namespace {

bool has(const std::vector<Violation>& v, const std::string& property) {
  for (const auto& x : v) {
    if (x.property == property) return true;
  }
  return false;
}

std::vector<std::int64_t> indices(std::size_t n) {
  std::vector<std::int64_t> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(static_cast<std::int64_t>(i));
  return out;
}

TEST(TorusHamiltonFamily, RunRangePassesWithLemma12RoundsAndTheTable) {
  const std::vector<TorusSides> sizes = {{3, 3}, {4, 5}, {5, 5}, {6, 9}, {8, 8}, {3, 3, 3}, {3, 4, 5}};
  const TorusHamiltonFamily family(sizes);
  RunOptions o;
  o.jobs = 2;
  const RangeResult r = run_range(family, indices(sizes.size()), o);
  EXPECT_EQ(r.summary.passed, 7) << (r.summary.violations.empty() ? "" : r.summary.violations[0].message);
  EXPECT_EQ(r.summary.failed, 0);
  const std::string t = test_families::tables_text(r.summary);
  // 5x5: ceil(24/2) = 12 rounds against ceil(24/4) = 6; 3x3x3: 13 against ceil(26/6) = 5.
  EXPECT_TRUE(test_families::has_row(r.summary, {"5x5", "12", "6"})) << t;
  EXPECT_TRUE(test_families::has_row(r.summary, {"3x3x3", "13", "5"})) << t;
  EXPECT_TRUE(test_families::has_row(r.summary, {"6x9", "27", "14"})) << t;
  ASSERT_EQ(r.summary.pictures_svg.size(), 1u);
  EXPECT_EQ(r.summary.pictures_svg[0].file, "torus_cycles.svg");
  EXPECT_EQ(r.summary.pictures_svg[0].title, "Link-disjoint Hamiltonian cycles of the 3x3 torus");
}

TEST(TorusHamiltonFamily, RefusesSidesBelowThreeAndMeshes) {
  const TorusHamiltonFamily family({{5, 5}, {2, 7}});
  try {
    run_range(family, {0, 1}, {});
    FAIL() << "2x7 was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("side 2 is below 3"), std::string::npos) << e.what();
  }
  // A mesh is refused by the cycle checker, by degree (the seed: odd degree at the border).
  const auto h = torus::hamilton_cycles(std::vector<std::int64_t>{4, 4});
  EXPECT_THROW(network::check_link_disjoint_cycles(network::Network::mesh({4, 4}), h.cycles),
               InputError);
}

TEST(TorusHamiltonFamily, MutantCyclesAreReportedWithTheirProperty) {
  const TorusSides sides = {5, 6};
  const auto n = network::Network::torus(sides);
  const auto h = torus::hamilton_cycles(sides);
  for (const auto& m : torus_mutants::cycle_mutants(n, h.cycles)) {
    const HamiltonJudgement j = judge_hamilton_cycles(sides, m.value);
    const auto v = hamilton_violations(j, 7);
    ASSERT_FALSE(v.empty()) << m.name;
    EXPECT_EQ(v[0].property, m.witness.property) << m.name;
    EXPECT_EQ(v[0].p, 7);
    EXPECT_NE(v[0].message.find("torus 5x6"), std::string::npos) << v[0].message;
  }
}

TEST(TorusHamiltonFamily, ScheduleForJson) {
  const auto s = torus_hamilton_schedule({5, 5});
  EXPECT_EQ(s.pieces, 2);
  EXPECT_EQ(s.rounds.size(), 12u);
  EXPECT_EQ(s.collective, network::Collective::aab);
  EXPECT_THROW(torus_hamilton_schedule({300, 300}), InputError);
}

// `schedule torus --algo hamilton` streams (O(N) memory) instead of materialising k N^2
// transmissions: the streamed schedule is the materialised one, transmission for transmission.
class Recorder final : public network::RoutedSink {
 public:
  explicit Recorder(network::RoutedSchedule header) : s(std::move(header)) {}
  void begin_round(std::int64_t) override { s.rounds.emplace_back(); }
  void send(std::int64_t from, std::span<const network::Direction> hops,
            std::span<const network::Packet> packets) override {
    s.rounds.back().push_back({from, {hops.begin(), hops.end()}, {packets.begin(), packets.end()}});
  }
  void end_round() override {}
  network::RoutedSchedule s;
};

TEST(TorusHamiltonFamily, StreamedScheduleIsTheMaterialisedOne) {
  for (const TorusSides& sides : {TorusSides{4, 5}, TorusSides{3, 3, 3}}) {
    const auto family = make_torus_family(TorusAlgo::hamilton, {sides});
    Recorder r(family->header(sides));
    EXPECT_TRUE(r.s.rounds.empty());
    family->stream(sides, r);
    const auto m = torus_hamilton_schedule(sides);
    const auto n = network::Network::torus(sides);
    EXPECT_EQ(routed_to_json(n, r.s), routed_to_json(n, m));
    EXPECT_EQ(r.s.rounds.size(), m.rounds.size());
  }
  // Far above what can be materialised: the header still comes at once.
  const auto big = make_torus_family(TorusAlgo::hamilton, {TorusSides{1000, 1001}});
  EXPECT_EQ(big->header({1000, 1001}).pieces, 2);
}

// Stops a stream after its first round (a test cannot take all k N (N - 1) transmissions of a
// large torus) and counts what that round held.
class FirstRound final : public network::RoutedSink {
 public:
  struct Done {};
  explicit FirstRound(const network::Network& n)
      : net_(n), reached_(static_cast<std::size_t>(n.nodes()), 0) {}
  void begin_round(std::int64_t r) override {
    if (r > 0) throw Done{};
  }
  void send(std::int64_t from, std::span<const network::Direction> hops,
            std::span<const network::Packet> packets) override {
    ++transmissions;
    // Round 0: every node sends its own pieces, one hop to a neighbour.
    if (hops.size() != 1 || packets.size() != 1 || packets[0].origin != from) ++wrong;
    const auto to = net_.target(from, hops[0]);
    if (to) ++reached_[static_cast<std::size_t>(*to)];
  }
  void end_round() override {}
  std::int64_t transmissions = 0;
  std::int64_t wrong = 0;
  // Every node receives on each of its 2k arcs in round 0.
  bool every_node_receives(std::int64_t arcs) const {
    for (std::int64_t c : reached_) {
      if (c != arcs) return false;
    }
    return true;
  }

 private:
  const network::Network& net_;
  std::vector<std::int64_t> reached_;
};

// The materialised schedule is refused by its memory estimate, not by a node count: the old
// fixed cap of 2^16 nodes accepted sizes that needed about 1 TiB (and died of out-of-memory).
TEST(TorusHamiltonFamily, MaterialisedScheduleIsRefusedByItsEstimate) {
  // Counted exactly: 4x4 has 2 * 16 * 15 = 480 transmissions in 8 rounds of 64 (the last one 32).
  const std::int64_t small = torus_hamilton_schedule_bytes({4, 4});
  EXPECT_GE(small, 480 * 64);
  EXPECT_LT(small, 480 * 64 + 8 * 64 * 56 + 100'000);
  // Grows like k N^2: 4 times the nodes, about 16 times the bytes.
  const double ratio = static_cast<double>(torus_hamilton_schedule_bytes({80, 80})) /
                       static_cast<double>(torus_hamilton_schedule_bytes({40, 40}));
  EXPECT_GT(ratio, 12.0);
  EXPECT_LT(ratio, 20.0);
  // Just above the old cap (65792 nodes): about 1 TiB, refused on any machine with less than
  // 4/3 of that, with the sides and the estimate in the message.
  const TorusSides above = {257, 256};
  const std::int64_t need = torus_hamilton_schedule_bytes(above);
  EXPECT_GT(need, std::int64_t{1} << 39);
  if (need > physical_memory_bytes() / 4 * 3) {
    try {
      (void)torus_hamilton_schedule(above);
      ADD_FAILURE() << "257x256 materialised although it needs " << need << " bytes";
    } catch (const InputError& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find("--sides 257x256"), std::string::npos) << m;
      EXPECT_NE(m.find("needs about"), std::string::npos) << m;
      EXPECT_NE(m.find(" GiB"), std::string::npos) << m;
    }
  }
  // An absurd size (N = 2^24, the largest require_cycle_sides takes): refused up front naming
  // the size and the estimate, about 2^57 bytes.
  try {
    (void)torus_hamilton_schedule({4096, 4096});
    ADD_FAILURE() << "4096x4096 materialised";
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("--sides 4096x4096"), std::string::npos) << m;
    EXPECT_NE(m.find("needs about"), std::string::npos) << m;
    EXPECT_NE(m.find("streams it instead"), std::string::npos) << m;
  }
  // Sizes the cycles refuse are refused by the estimate too (no estimate for a bad torus).
  EXPECT_THROW(torus_hamilton_schedule_bytes({2, 5}), InputError);
}

// What `schedule torus --algo hamilton` does just above the old cap: it streams (no estimate of
// the whole schedule is needed); round 0 of 257x256 is every node sending its two pieces both
// ways along both cycles.
TEST(TorusHamiltonFamily, AboveTheOldCapTheCliPathStreams) {
  const TorusSides sides = {257, 256};
  const auto family = make_torus_family(TorusAlgo::hamilton, {sides});
  const auto header = family->header(sides);
  EXPECT_EQ(header.pieces, 2);
  const auto n = network::Network::from_spec(header.network);
  FirstRound first(n);
  EXPECT_THROW(family->stream(sides, first), FirstRound::Done);
  EXPECT_EQ(first.transmissions, 4 * 257 * 256);
  EXPECT_EQ(first.wrong, 0);
  EXPECT_TRUE(first.every_node_receives(4));
}

TEST(TorusFamilies, SchedulesSurviveTheRoutedJsonRoundTrip) {
  // What `schedule torus --format json` prints is read back by `verify routed` and still holds.
  const auto h = torus_hamilton_schedule({4, 6});
  const auto hn = network::Network::from_spec(h.network);
  const auto back = parse_routed_json(routed_to_json(hn, h), "hamilton.json");
  EXPECT_EQ(back.pieces, 2);
  const auto r = network::check_routed(hn, back);
  EXPECT_FALSE(r.witness) << r.witness->message;
  EXPECT_EQ(r.rounds, 12);
  for (const auto algo : {TorusWormholeAlgo::tiling, TorusWormholeAlgo::diagonal}) {
    const auto s = torus_wormhole_schedule(algo, algo == TorusWormholeAlgo::tiling ? TorusSides{25, 25}
                                                                                 : TorusSides{6, 9});
    const auto n = network::Network::from_spec(s.network);
    const auto j = judge_wormhole_schedule(algo, parse_routed_json(routed_to_json(n, s), "w.json"));
    EXPECT_TRUE(wormhole_violations(j, 0).empty()) << to_string(algo);
    EXPECT_EQ(j.wormhole.rounds, static_cast<std::int64_t>(s.rounds.size()));
  }
}

TEST(TorusWormholeFamily, TilingMeetsTheBoundForKOneToThree) {
  const std::vector<TorusSides> sizes = {{5, 5}, {25, 25}, {125, 125}};
  const TorusWormholeFamily family(TorusWormholeAlgo::tiling, sizes);
  RunOptions o;
  o.jobs = 2;
  const RangeResult r = run_range(family, indices(sizes.size()), o);
  EXPECT_EQ(r.summary.passed, 3);
  EXPECT_EQ(r.summary.coverage.rounds_at_bound, 3);
  EXPECT_TRUE(test_families::has_row(r.summary, {"125x125", "6", "6"}))
      << test_families::tables_text(r.summary);
  ASSERT_EQ(r.summary.pictures_svg.size(), 1u);
  EXPECT_EQ(r.summary.pictures_svg[0].file, "torus_wormhole.svg");
  EXPECT_NE(r.summary.pictures_svg[0].title.find("25x25 torus"), std::string::npos)
      << r.summary.pictures_svg[0].title;
}

TEST(TorusWormholeFamily, TilingRefusesOtherSizes) {
  const TorusWormholeFamily family(TorusWormholeAlgo::tiling, {{6, 6}});
  try {
    run_range(family, {0}, {});
    FAIL() << "6x6 was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("5^k x 5^k"), std::string::npos) << e.what();
  }
}

TEST(TorusWormholeFamily, DiagonalEverySizeUpTo40) {
  std::vector<TorusSides> sizes;
  for (std::int64_t a = 3; a <= 40; ++a) {
    for (std::int64_t b = 3; b <= 40; ++b) sizes.push_back({a, b});
  }
  const TorusWormholeFamily family(TorusWormholeAlgo::diagonal, sizes);
  RunOptions o;
  o.jobs = 2;
  const RangeResult r = run_range(family, indices(sizes.size()), o);
  EXPECT_EQ(r.summary.passed, static_cast<std::int64_t>(sizes.size()))
      << (r.summary.violations.empty() ? "" : r.summary.violations[0].message);
  EXPECT_LE(r.summary.coverage.rounds_max_excess, 5);
  EXPECT_GE(r.summary.coverage.rounds_max_excess, 1);
}

TEST(TorusWormholeFamily, MutantsAreReportedAndTheCheckersAgree) {
  const auto s = torus_wormhole_schedule(TorusWormholeAlgo::diagonal, {9, 9});
  const auto n = network::Network::from_spec(s.network);
  for (const auto& m : torus_mutants::wormhole_mutants(n, s)) {
    const auto j = judge_wormhole_schedule(TorusWormholeAlgo::diagonal, m.value);
    const auto v = wormhole_violations(j, 3);
    EXPECT_TRUE(has(v, m.witness.property)) << m.name;
    EXPECT_FALSE(has(v, "wormhole_vs_routed")) << m.name;
  }
}

}  // namespace
}  // namespace collverify::engine
