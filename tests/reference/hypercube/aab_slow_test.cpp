// Slow: the printed rotation-class construction (both Step III rules) is a valid tree with
// property (*) at the bound for d = 19..22 too (docs/ERRATA.md E41), and the search fallback
// finds trees for d = 8..9.
#include <gtest/gtest.h>

#include "checkers/hypercube/tree_checks.hpp"
#include "reference/hypercube/aab.hpp"
#include "reference/hypercube/aab_search.hpp"

namespace hc = collverify::hypercube;
namespace hk = collverify::hypercube_check;

TEST(HypercubeAabSlow, ConstructionValidUpTo22) {
  for (int d = 19; d <= 22; ++d) {
    const auto v = hk::check_aab_generic_tree(hc::aab_construction_tree(d));
    EXPECT_FALSE(v.has_value()) << "d = " << d << ": " << v->message;
  }
}

TEST(HypercubeAabSlow, SearchFindsTreesForD8And9) {
  for (int d = 8; d <= 9; ++d) {
    const auto t = hc::search_generic_tree(d);
    ASSERT_FALSE(t.edges.empty()) << d;
    EXPECT_FALSE(hk::check_aab_generic_tree(t).has_value()) << d;
  }
}
