// The torus frame and the TADT family: constructions pass at Lemma 8's bound through the engine,
// sizes without a construction and algorithms not built are refused naming them, a mutant is
// reported by both checkers, and a disagreement between them is itself a violation.
#include <algorithm>

#include <gtest/gtest.h>

#include "engine/run_range.hpp"
#include "families/torus/torus_algorithms.hpp"
#include "families/torus/torus_family.hpp"
#include "families/torus/torus_tadt_family.hpp"
#include "generators/tadt_mutants.hpp"
#include "model/error.hpp"
#include "reference/torus/tadt.hpp"

namespace collverify::engine {
namespace {

std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(TorusFamily, TadtPassesAtTheBoundOnSquaresAndCubes) {
  const TorusTadtFamily family({{1, 1}, {3, 3}, {5, 5}, {11, 11}, {3, 3, 3}, {5, 5, 5}});
  const std::vector<std::int64_t> bounds{0, 2, 6, 30, 5, 21};
  for (std::int64_t p = 1; p <= 6; ++p) {
    family.accept(p);
    const Outcome o = family.check(p, {});
    EXPECT_EQ(o.status, Status::pass) << family.what(p) << ": "
                                      << (o.violations.empty() ? "" : o.violations[0].message);
    ASSERT_EQ(o.instance_results.size(), 1u);
    EXPECT_EQ(o.instance_results[0].rounds, bounds[static_cast<std::size_t>(p - 1)]) << family.what(p);
    EXPECT_EQ(o.instance_results[0].lower_bound, bounds[static_cast<std::size_t>(p - 1)]);
  }
  EXPECT_EQ(family.what(3), "torus 5x5 (N = 25)");
}

TEST(TorusFamily, RunRangeFillsTheTableAndThePicture) {
  const TorusTadtFamily family({{3, 3}, {7, 7}, {3, 3, 3}});
  RunOptions o;
  o.instances = true;
  const auto r = run_range(family, {1, 2, 3}, o);
  EXPECT_EQ(r.summary.failed, 0);
  EXPECT_EQ(r.summary.passed, 3);
  ASSERT_EQ(r.summary.tables.size(), 1u);
  const auto& rows = r.summary.tables[0].rows;
  EXPECT_NE(std::find(rows.begin(), rows.end(), std::vector<std::string>{"7x7", "12", "12", ""}),
            rows.end());
  EXPECT_NE(std::find(rows.begin(), rows.end(), std::vector<std::string>{"3x3x3", "5", "5", ""}),
            rows.end());
  ASSERT_FALSE(r.summary.pictures_svg.empty());
  EXPECT_EQ(r.summary.pictures_svg[0].file, "tadt_tree.svg");
  EXPECT_EQ(r.summary.pictures_svg[0].title,
            "TADT generic tree of torus 7x7, arcs coloured by level");
}

TEST(TorusFamily, BuilderTreesPassAndTheirGapIsReportedNotHidden) {
  // 4x4, 3x5, 3x3x5 have no closed form: the builder's tree, judged by A and B, at the bound;
  // 2x3x3 is one level above it (Z3 finds 3): a pass, the gap in the table.
  const TorusTadtFamily family({{4, 4}, {3, 5}, {3, 3, 5}, {2, 3, 3}});
  const std::vector<std::int64_t> bounds{4, 4, 8, 3};
  const std::vector<std::int64_t> rounds{4, 4, 8, 4};
  std::vector<std::int64_t> all;
  for (std::int64_t p = 1; p <= 4; ++p) {
    family.accept(p);
    const Outcome o = family.check(p, {});
    EXPECT_EQ(o.status, Status::pass) << family.what(p);
    EXPECT_EQ(o.instance_results[0].rounds, rounds[static_cast<std::size_t>(p - 1)]) << family.what(p);
    EXPECT_EQ(o.instance_results[0].lower_bound, bounds[static_cast<std::size_t>(p - 1)]) << family.what(p);
    all.push_back(p);
  }
  const auto r = run_range(family, all, {});
  EXPECT_EQ(r.summary.passed, 4);
  // The per-torus rounds are a table of their own, not text appended to the lower bound.
  EXPECT_EQ(r.summary.coverage.lower_bound.find("2x3x3"), std::string::npos)
      << r.summary.coverage.lower_bound;
  ASSERT_EQ(r.summary.tables.size(), 1u);
  const SizeTable& t = r.summary.tables[0];
  EXPECT_EQ(t.headers, (std::vector<std::string>{"torus", "rounds", "bound", "above the bound"}));
  EXPECT_NE(std::find(t.rows.begin(), t.rows.end(),
                      std::vector<std::string>{"2x3x3", "4", "3", "1"}),
            t.rows.end());
  EXPECT_EQ(t.note, "1 of 4 tori above the bound");
  EXPECT_EQ(r.summary.coverage.rounds_at_bound, 3);
  ASSERT_FALSE(r.summary.pictures_svg.empty());
  EXPECT_EQ(r.summary.pictures_svg.back().file, "tadt_tree_3d.svg");
  EXPECT_NE(r.summary.pictures_svg.back().title.find("torus 3x3x5 by slices"), std::string::npos)
      << r.summary.pictures_svg.back().title;
  // A closed form above its bound is still a violation (it claims the bound), a builder tree not.
  TadtJudgement j;
  j.sides = {4, 4};
  j.lower_bound = 4;
  j.simulation.rounds = 5;
  j.claims_bound = false;
  EXPECT_TRUE(tadt_violations(j, 1).empty());
  j.claims_bound = true;
  EXPECT_EQ(tadt_violations(j, 1).at(0).property, "rounds_above_bound");
}

TEST(TorusFamily, RefusesWhatItCannotCheckNamingIt) {
  const TorusTadtFamily family({{1, 4}, {2, 2, 2, 2}, {1, 3, 3}});
  EXPECT_NE(refusal([&] { family.accept(1); }).find("torus 1x4: side 1 is below 2"), std::string::npos);
  EXPECT_NE(refusal([&] { family.accept(2); }).find("2x2x2x2"), std::string::npos);
  EXPECT_NE(refusal([&] { family.accept(3); }).find("1x3x3"), std::string::npos);
  EXPECT_NE(refusal([&] { family.accept(4); }).find("torus index 4"), std::string::npos);
  EXPECT_NE(refusal([&] { family.accept(0); }).find("torus index 0"), std::string::npos);
  EXPECT_NE(refusal([&] { (void)family.header({1, 4}); }).find("1x4"), std::string::npos);
  EXPECT_EQ(make_torus_family(TorusAlgo::hamilton, {{5, 5}})->name(), "torus-hamilton");
  // Through the adapter: p = 1..n is the inner family's index p - 1, bad sides named.
  const auto tiling = make_torus_family(TorusAlgo::tiling, {{5, 5}, {6, 6}});
  EXPECT_NO_THROW(tiling->accept(1));
  EXPECT_NE(refusal([&] { tiling->accept(2); }).find("6x6"), std::string::npos);
  EXPECT_NE(refusal([&] { tiling->accept(3); }).find("torus index 3"), std::string::npos);
  const auto diagonal = make_torus_family(TorusAlgo::diagonal, {{7, 7}});
  EXPECT_EQ(diagonal->round_bound({7, 7}), 3);  // ceil(log5 49)
  EXPECT_TRUE(diagonal->header({7, 7}).rounds.empty());
  EXPECT_NE(refusal([&] { (void)parse_torus_algo("snake"); }).find("'snake'"), std::string::npos);
  EXPECT_EQ(make_torus_family(parse_torus_algo("tadt"), {{5, 5}})->name(), "torus-tadt");
}

TEST(TorusFamily, AMutantIsReportedByBothCheckersAndTheyAgree) {
  const network::Network torus = network::Network::torus({5, 5});
  const auto m = tadt_direction_clash(torus, torus::snake_tree_2d(5));
  ASSERT_TRUE(m.has_value());
  const TadtJudgement j = judge_tadt(torus, m->tree);
  EXPECT_TRUE(j.agree());
  const auto v = tadt_violations(j, 0);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].property, "direction_clash");
  EXPECT_EQ(v[1].property, "arc_exclusivity");
  EXPECT_NE(v[0].message.find("torus 5x5 checker A"), std::string::npos);
}

TEST(TorusFamily, DisagreementAndRoundsAboveTheBoundAreViolations) {
  TadtJudgement j;
  j.sides = {3, 3};
  j.lower_bound = 2;
  j.simulation.rounds = 3;  // valid but slow
  auto v = tadt_violations(j, 4);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].property, "rounds_above_bound");
  EXPECT_EQ(v[0].p, 4);
  j.simulation.rounds = 2;
  j.structural = network::TadtViolation{"direction_clash", -1, 1, 0, 3, 0, "clash"};
  v = tadt_violations(j, 0);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[1].property, "structural_vs_simulation");
}

}  // namespace
}  // namespace collverify::engine
