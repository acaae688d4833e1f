// engine/count_recheck: the two enumerations of count-schedules must agree, hold no duplicates,
// and every counted schedule must re-check; each check is shown a broken input.
#include <gtest/gtest.h>

#include "families/circulant/count_recheck.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::engine {
namespace {

TEST(CountRecheck, ReferenceSchedulePassesAndACorruptedOneFails) {
  auto s = circulant::build_circulant_bcast(6);
  EXPECT_EQ(recheck_schedule(s), "");
  s.recv[static_cast<std::size_t>(1 * s.q)] = static_cast<std::int8_t>(s.recv[static_cast<std::size_t>(1 * s.q)] + 1);
  EXPECT_NE(recheck_schedule(s), "");
}

TEST(CountRecheck, BlocksAreTheDocumentedSet) {
  EXPECT_EQ(recheck_blocks(3), (std::vector<std::int64_t>{1, 2, 3, 4, 7, 11}));
  EXPECT_EQ(recheck_blocks(1), (std::vector<std::int64_t>{1, 2, 3, 5}));
}

TEST(CountRecheck, ChecksRejectDisagreementDuplicatesAndBadTables) {
  const std::int64_t p = 5;
  const proofs::Enumeration b = proofs::enumerate_backtracking(p, 1000);
  ASSERT_TRUE(b.complete);
  ASSERT_EQ(b.tables.size(), 1u);  // p = 5 has one schedule (count-schedules --p 5)
  CountOptions o;
  EXPECT_EQ(check_counts(p, b, b, o).code, 0);
  // Z3 said to find none: the sets differ.
  proofs::Enumeration fewer = b;
  fewer.tables.clear();
  const CountRow d = check_counts(p, fewer, b, o);
  EXPECT_FALSE(d.agree);
  EXPECT_EQ(d.code, 1);
  // A table listed twice.
  proofs::Enumeration dup = b;
  dup.tables.push_back(b.tables.front());
  EXPECT_TRUE(check_counts(p, dup, b, o).duplicates);
  EXPECT_EQ(check_counts(p, dup, b, o).code, 1);
  // A table neither method should have counted: the re-check names the failure.
  proofs::Enumeration bad = b;
  for (auto& x : bad.tables.front()) x = 0;
  const CountRow r = check_counts(p, bad, bad, o);
  EXPECT_NE(r.recheck, "");
  EXPECT_EQ(r.code, 1);
  // An incomplete enumeration that otherwise holds: inconclusive.
  proofs::Enumeration cut = b;
  cut.complete = false;
  EXPECT_EQ(check_counts(p, cut, cut, o).code, 3);
}

TEST(CountRecheck, StructuredCountAgainstCompleteAndCutListings) {
  CountOptions o;
  o.use_z3 = false;
  o.use_structured = true;
  const auto full = proofs::enumerate_backtracking(9, 1000);  // 9 tables, complete
  const auto cut = proofs::enumerate_backtracking(9, 4);      // 4 tables, cut
  const auto row_with = [&](const proofs::Enumeration& e, std::uint64_t count) {
    CountRow r = check_counts(9, proofs::Enumeration{{}, true}, e, o);
    r.structured.count = count;
    r.structured_run = true;
    check_structured(r, o);
    return r;
  };
  EXPECT_TRUE(row_with(full, 9).structured_agrees);
  EXPECT_EQ(row_with(full, 9).code, 0);
  EXPECT_FALSE(row_with(full, 10).structured_agrees);  // a complete listing must be equal
  EXPECT_EQ(row_with(full, 8).code, 1);
  const CountRow below = row_with(cut, 9);  // exact count above a cut listing: not inconclusive
  EXPECT_TRUE(below.structured_agrees);
  EXPECT_EQ(below.code, 0);
  EXPECT_EQ(row_with(cut, 3).code, 1);  // a cut listing found more than the "exact" count
}

}  // namespace
}  // namespace collverify::engine
