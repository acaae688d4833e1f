// Issue 23's two torus-family algorithms through the engine: mesh-tadt (explicit TADTs on meshes)
// and kport (Lemma 8 for every k on tori). Both pass with their rounds beside the bound, the gaps
// are listed, refusals name the sides, `schedule torus --algo kport` needs its --ports, and Z3's
// optimum on the small meshes (proofs/tadt_synth.hpp) is at most the builder's height: Z3 and
// the builder both reach the bound on 2x3, 3x3, 3x4 and the 2 x 6 ladder.
#include <gtest/gtest.h>

#include "engine/run_range.hpp"
#include "families/torus/torus_algorithms.hpp"
#include "families/torus/torus_kport_family.hpp"
#include "families/torus/torus_mesh_family.hpp"
#include "model/error.hpp"
#include "proofs/tadt_synth.hpp"
#include "reference/torus/mesh_tadt.hpp"

namespace collverify::engine {
namespace {

std::vector<std::int64_t> one_to(std::size_t n) {
  std::vector<std::int64_t> out;
  for (std::size_t i = 1; i <= n; ++i) out.push_back(static_cast<std::int64_t>(i));
  return out;
}

std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(MeshTadtFamily, PassesWithRoundsBesideTheBound) {
  const std::vector<TorusSides> sizes{{3, 4}, {4, 5}, {2, 8}, {10, 13}, {3, 3, 3}};
  const auto family = make_torus_family(TorusAlgo::mesh_tadt, sizes);
  EXPECT_EQ(family->name(), "mesh-tadt");
  EXPECT_EQ(family->what(1), "mesh 3x4 (N = 12)");
  RunOptions o;
  o.jobs = 2;
  const RangeResult r = run_range(*family, one_to(sizes.size()), o);
  EXPECT_EQ(r.summary.passed, 5) << (r.summary.violations.empty() ? "" : r.summary.violations[0].message);
  const std::string& t = r.summary.coverage.lower_bound;
  EXPECT_NE(t.find("3x4: 6/6;"), std::string::npos) << t;
  EXPECT_NE(t.find("4x5: 10/10;"), std::string::npos) << t;
  EXPECT_NE(t.find("2x8: 8/8;"), std::string::npos) << t;
  EXPECT_NE(t.find("10x13: 65/65"), std::string::npos) << t;
  EXPECT_NE(t.find("3x3x3: 9/9"), std::string::npos) << t;
  EXPECT_NE(t.find("(0 above the bound)"), std::string::npos) << t;
}

TEST(MeshTadtFamily, RefusesNamingTheSides) {
  const TorusMeshTadtFamily family({{2, 2, 2, 2}, {100, 100}});
  EXPECT_NE(refusal([&] { family.accept(1); }).find("2x2x2x2"), std::string::npos);
  EXPECT_NE(refusal([&] { family.accept(2); }).find("100x100"), std::string::npos);
  EXPECT_NE(refusal([&] { (void)family.header({1, 1}); }).find("single node"), std::string::npos);
}

TEST(MeshTadtFamily, Z3sOptimumIsAtMostTheBuildersHeight) {
  // {sides, Z3's optimum = the bound}; the builder meets it.
  for (const auto& [sides, optimum] : std::vector<std::pair<TorusSides, std::int64_t>>{
           {{2, 3}, 3}, {{3, 3}, 4}, {{3, 4}, 6}, {{2, 6}, 6}}) {
    const network::Network mesh = network::Network::mesh(sides);
    proofs::TadtSynthOptions options;
    const proofs::TadtSynthResult z3 = proofs::synthesize_tadt(mesh, options);
    ASSERT_TRUE(z3.found) << sides_text(sides);
    EXPECT_EQ(z3.status, proofs::TadtStatus::optimal) << sides_text(sides) << ": " << z3.proof;
    EXPECT_EQ(z3.height, optimum) << sides_text(sides);
    EXPECT_EQ(z3.height, torus::mesh_aab_bound(sides)) << sides_text(sides);
    EXPECT_EQ(torus::trees_height(torus::mesh_tadt_trees(sides)), z3.height) << sides_text(sides);
  }
}

TEST(KportFamily, EveryKPassesAtTheBound) {
  const std::vector<TorusSides> sizes{{4, 6}, {3, 3}, {3, 3, 3}, {2, 3, 3}};
  const auto family = make_torus_family(TorusAlgo::kport, sizes);
  EXPECT_EQ(family->name(), "torus-kport");
  RunOptions o;
  o.jobs = 2;
  const RangeResult r = run_range(*family, one_to(sizes.size()), o);
  EXPECT_EQ(r.summary.passed, 4) << (r.summary.violations.empty() ? "" : r.summary.violations[0].message);
  const std::string& t = r.summary.coverage.lower_bound;
  EXPECT_NE(t.find("4x6: k=1 23/23 k=2 12/12 k=3 8/8 k=4 6/6;"), std::string::npos) << t;
  EXPECT_NE(t.find("3x3x3: k=1 26/26 k=2 13/13 k=3 9/9 k=4 7/7 k=5 6/6 k=6 5/5"), std::string::npos) << t;
  // 2x3x3 at k = 6 is the builder's one gap of the tadt tables (4 against 3).
  EXPECT_NE(t.find("k=6 4/3 (above by 1)"), std::string::npos) << t;
}

TEST(KportFamily, ScheduleNeedsItsPorts) {
  const auto none = make_torus_family(TorusAlgo::kport, {{4, 6}});
  EXPECT_NE(refusal([&] { (void)none->header({4, 6}); }).find("--ports 1..4"), std::string::npos);
  const auto five = make_torus_family(TorusAlgo::kport, {{4, 6}}, 5);
  EXPECT_NE(refusal([&] { (void)five->header({4, 6}); }).find("--ports 5"), std::string::npos);
  const auto two = make_torus_family(TorusAlgo::kport, {{4, 6}}, 2);
  EXPECT_EQ(two->header({4, 6}).model.ports, 2);
  EXPECT_EQ(two->round_bound({4, 6}), 12);
  EXPECT_EQ(parse_torus_algo("kport"), TorusAlgo::kport);
  EXPECT_EQ(parse_torus_algo("mesh-tadt"), TorusAlgo::mesh_tadt);
}

}  // namespace
}  // namespace collverify::engine
