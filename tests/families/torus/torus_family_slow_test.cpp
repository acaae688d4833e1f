// The campaign's torus sizes through the TADT family (checkers A and B on every odd z, 3..41 in
// 2D and 3..13 in 3D): every torus passes at Lemma 8's bound. Labelled slow (about 5 s).
#include <gtest/gtest.h>

#include "families/torus/torus_tadt_family.hpp"
#include "generators/torus_sides.hpp"

namespace collverify::engine {
namespace {

TEST(TorusFamilySlow, EveryCampaignTorusPassesAtTheBound) {
  const TorusTadtFamily family(parse_torus_sides("3x3..41x41:2,3x3x3..13x13x13:2"));
  ASSERT_EQ(family.tori().size(), 26u);
  for (std::int64_t p = 1; p <= 26; ++p) {
    family.accept(p);
    const Outcome o = family.check(p, {});
    EXPECT_EQ(o.status, Status::pass) << family.what(p);
    ASSERT_EQ(o.instance_results.size(), 1u);
    EXPECT_EQ(o.instance_results[0].rounds, o.instance_results[0].lower_bound) << family.what(p);
  }
}

}  // namespace
}  // namespace collverify::engine
