// The torus-synth family (families/torus/torus_synth_family.hpp): Z3's trees pass only when re-checked by
// checkers A and B and proved minimal; a starved rlimit is inconclusive, never a pass; the heights,
// proofs and pictures reach the summary; bad indices and oversized tori are refused naming them.
#include <gtest/gtest.h>

#include "tests/families/common/size_tables.hpp"
#include "engine/run_range.hpp"
#include "families/torus/torus_synth_family.hpp"
#include "model/error.hpp"

namespace collverify::engine {
namespace {

TEST(TorusSynthFamily, SmallToriAreOptimalAndRecheckedWithPictures) {
  const TorusSynthFamily family({{3, 4}, {4, 6}, {2, 3, 3}});
  RunOptions o;
  o.instances = true;
  const auto r = run_range(family, {1, 2, 3}, o);
  EXPECT_EQ(r.summary.passed, 3) << r.summary.coverage.lower_bound;
  EXPECT_EQ(r.summary.coverage.rounds_at_bound, 3);
  // 2x3x3: Z3 reaches the eccentricity 3 where the builder needs 4.
  EXPECT_TRUE(test_families::has_row(r.summary, {"2x3x3", "3", "3"})) << test_families::tables_text(r.summary);
  EXPECT_TRUE(test_families::has_row(r.summary, {"4x6", "6", "6"}));
  ASSERT_EQ(r.summary.pictures_svg.size(), 3u);
  EXPECT_EQ(r.summary.pictures_svg[2].file, "tadt_synth_2x3x3.svg");
  EXPECT_EQ(r.summary.pictures_svg[1].file, "tadt_synth_4x6.svg");
  EXPECT_NE(r.summary.pictures_svg[1].title.find("torus 4x6: height 6 (optimal)"), std::string::npos);
}

TEST(TorusSynthFamily, AStarvedSolverIsInconclusiveNotAPass) {
  const TorusSynthFamily family({{4, 6}}, 1);
  family.accept(1);
  const Outcome o = family.check(1, {});
  EXPECT_EQ(o.status, Status::inconclusive);
  EXPECT_TRUE(o.violations.empty());
}

TEST(TorusSynthFamily, RefusesBadIndicesAndOversizedTori) {
  const TorusSynthFamily family({{3, 4}, {41, 41}});
  auto refusal = [&](std::int64_t p) {
    try {
      family.accept(p);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  EXPECT_EQ(refusal(1), "(accepted)");
  EXPECT_NE(refusal(3).find("torus index 3"), std::string::npos);
  EXPECT_NE(refusal(2).find("41"), std::string::npos);
  EXPECT_EQ(family.what(1), "torus 3x4 (Z3 synthesis)");
}

}  // namespace
}  // namespace collverify::engine
