// The optimal DP against all ordered trees for p = 9 (366080 trees at p = 9). Label slow.
#include "tests/reference/trees/brute_check.hpp"

TEST(OptimalTreeSlow, EqualsBruteForceForPNine) {
  collverify::trees::testing::dp_equals_brute_force(9, 9, 2025);
}
