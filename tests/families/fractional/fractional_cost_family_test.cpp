// The campaign part "fractional-cost": every k/t of Figure 3's grid is an instance and passes for
// the three machine sizes of the figure (the exact search equals its grid twin, every layout lies
// above the lower bound); P outside 2..2^20 is refused naming it; finish() attaches one Figure 3
// curve per P checked, with the grid's points.
#include "families/fractional/fractional_cost_family.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/run_range.hpp"
#include "model/error.hpp"
#include "model/fractional/cost.hpp"

namespace collverify::engine {
namespace {

TEST(FractionalCostFamily, FigureThreeMachinesPass) {
  const FractionalCostFamily f;
  for (const std::int64_t P : {64, 1024}) {
    const Outcome o = f.check(P, CheckContext{});
    EXPECT_EQ(o.status, Status::pass) << (o.violations.empty() ? "" : o.violations[0].message);
    EXPECT_EQ(o.instances, static_cast<std::int64_t>(fractional::figure3_kappas().size()));
    EXPECT_TRUE(o.violations.empty());
  }
}

TEST(FractionalCostFamily, RefusesMachinesOutsideItsRange) {
  const FractionalCostFamily f;
  EXPECT_THROW(f.accept(1), InputError);
  EXPECT_THROW(f.accept((std::int64_t{1} << 20) + 1), InputError);
  EXPECT_NO_THROW(f.accept(2));
  try {
    f.accept(0);
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("P = 0"), std::string::npos) << e.what();
  }
}

TEST(FractionalCostFamily, FinishAttachesOneCurvePerMachine) {
  const FractionalCostFamily f;
  RunOptions o;
  o.jobs = 1;
  const auto r = run_range(f, {2, 64}, o);
  // Figure 3 as SVG and its points as CSV: a header and one row per machine and k/t.
  ASSERT_EQ(r.summary.pictures_svg.size(), 1u);
  EXPECT_EQ(r.summary.pictures_svg[0].file, "fractional_speedup.svg");
  ASSERT_EQ(r.summary.data_files.size(), 1u);
  EXPECT_EQ(r.summary.data_files[0].file, "fractional_speedup.csv");
  const std::string& csv = r.summary.data_files[0].text;
  EXPECT_EQ(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')),
            1 + 2 * fractional::figure3_kappas().size());
  EXPECT_NE(csv.find("\n64,"), std::string::npos);
  EXPECT_EQ(r.summary.passed, 2);
}

}  // namespace
}  // namespace collverify::engine
