// The structured counter against its slow twins: the backtracking enumerator for every p <= 32
// (where it lists all tables in milliseconds) and Z3 for p <= 9; and four mutant counters, each
// with one constraint (or the split's link) left out, must disagree with the twin at their
// smallest witness p and agree below it.
#include "proofs/circulant/count_structured.hpp"

#include <gtest/gtest.h>

#include "model/error.hpp"
#include "proofs/circulant/count_schedules.hpp"

namespace collverify {
namespace {

namespace pf = proofs;

TEST(CountStructured, AgreesWithTheBacktrackingTwinUpTo32) {
  for (std::int64_t p = 2; p <= 32; ++p) {
    const auto b = pf::enumerate_backtracking(p, 100000);
    ASSERT_TRUE(b.complete) << p;
    const auto s = pf::count_structured(p);
    EXPECT_EQ(s.count, b.tables.size()) << "p = " << p;
    EXPECT_EQ(s.count, pf::count_backtracking(p)) << "counting twin, p = " << p;
    EXPECT_EQ(s.stage1_solutions, 1) << "the skips force the current-phase structure, p = " << p;
  }
}

TEST(CountStructured, AgreesWithZ3UpTo9) {
  for (std::int64_t p = 2; p <= 9; ++p) {
    const auto z = pf::enumerate_z3(p, 1000, {});
    ASSERT_TRUE(z.complete) << p;
    EXPECT_EQ(pf::count_structured(p).count, z.tables.size()) << "p = " << p;
  }
}

TEST(CountStructured, TheSplitIsUsedAndTheCacheHits) {
  // p = 9: two independent components (Table 5's two schedules are one choice in one of them).
  const auto nine = pf::count_structured(9);
  EXPECT_EQ(nine.top_components, 2);
  const auto s = pf::count_structured(33);
  EXPECT_GT(s.cache_hits, 0);
  EXPECT_GT(s.count, 1000000U) << "p = 33 has far more schedules than the old --limit";
}

// The smallest p at which the mutant's count differs from the backtracking twin's, or 0.
std::int64_t smallest_witness(pf::DroppedConstraint drop, std::int64_t up_to) {
  for (std::int64_t p = 2; p <= up_to; ++p) {
    const auto b = pf::enumerate_backtracking(p, 100000);
    if (pf::count_structured(p, {drop}).count != b.tables.size()) return p;
  }
  return 0;
}

TEST(CountStructured, MutantsDisagreeAtTheirSmallestWitness) {
  using D = pf::DroppedConstraint;
  // Found by this scan, then pinned: a mutant that stops disagreeing, or starts at another p,
  // means the counter's constraints changed.
  EXPECT_EQ(smallest_witness(D::distinct_rounds, 32), 5);
  EXPECT_EQ(smallest_witness(D::sender_holds, 32), 5);
  EXPECT_EQ(smallest_witness(D::current_from_earlier, 32), 5);
  EXPECT_EQ(smallest_witness(D::holds_links, 32), 9);
  EXPECT_EQ(smallest_witness(D::none, 32), 0);
}

TEST(CountStructured, RefusesPOutsideTheRange) {
  EXPECT_THROW(pf::count_structured(1), InputError);
  EXPECT_THROW(pf::count_structured(pf::kMaxCountP + 1), InputError);
  EXPECT_THROW(pf::count_backtracking(1), InputError);
}

}  // namespace
}  // namespace collverify
