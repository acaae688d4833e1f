// The structured counter against its slow twins beyond the unit test (LABEL slow): the counting
// backtracker for every p in 33..64 (one ctest case per p, a minute or more each for most p in
// 33..45 on a quiet core), the listing enumerator where its count fits 100000 tables, and Z3 for
// p = 10..20 (seconds to a minute each); and the rows p = 33..64 of the counts table of
// docs/RESULTS-count-schedules.md against the structured counter.
#include <gtest/gtest.h>

#include "proofs/circulant/count_schedules.hpp"
#include "proofs/circulant/count_structured.hpp"
#include "tests/proofs/circulant/count_structured_doc.hpp"

namespace collverify {
namespace {

namespace pf = proofs;

class CountStructuredSlow : public ::testing::TestWithParam<std::int64_t> {};

TEST_P(CountStructuredSlow, AgreesWithTheCountingBacktracker) {
  const std::int64_t p = GetParam();
  const auto s = pf::count_structured(p);
  EXPECT_EQ(s.count, pf::count_backtracking(p)) << "p = " << p;
  EXPECT_EQ(s.stage1_solutions, 1) << p;
  if (s.count <= 100000) {
    const auto b = pf::enumerate_backtracking(p, 100000);
    ASSERT_TRUE(b.complete) << p;
    EXPECT_EQ(s.count, b.tables.size()) << "listing twin, p = " << p;
  }
}

INSTANTIATE_TEST_SUITE_P(P33To64, CountStructuredSlow, ::testing::Range<std::int64_t>(33, 65));

TEST(CountStructuredSlowDoc, RowsFrom33To64MatchTheStructuredCounter) {
  const auto rows = testing_doc::read_count_table(COUNT_RESULTS_MD);
  for (std::int64_t p = 33; p <= 64; ++p) {
    ASSERT_EQ(rows.count(p), 1U) << p;
    EXPECT_EQ(rows.at(p).second, pf::count_structured(p).count) << "p = " << p;
  }
}

TEST(CountStructuredSlowZ3, AgreesWithZ3From10To20) {
  for (std::int64_t p = 10; p <= 20; ++p) {
    const auto z = pf::enumerate_z3(p, 100000, {});
    ASSERT_TRUE(z.complete) << p;
    EXPECT_EQ(pf::count_structured(p).count, z.tables.size()) << "p = " << p;
  }
}

}  // namespace
}  // namespace collverify
