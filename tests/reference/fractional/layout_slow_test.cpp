// The placement twin for every P in 1001..5000 and r <= 12 (the first 1000 run in the unit test).
#include <gtest/gtest.h>

#include "tests/reference/fractional/layout_twin.hpp"

namespace collverify::fractional {
namespace {

TEST(FractionalLayoutSlow, PlacementEqualsWholeTreeBuilderUpTo5000) {
  EXPECT_EQ(layout_twin_mismatches(1001, 5000, 12), "");
}

}  // namespace
}  // namespace collverify::fractional
