// The counts table of docs/RESULTS-count-schedules.md is the tool's output, not a hand-typed
// one: every p = 2..64 is listed once with its q, and for p <= 32 its count equals the structured
// counter's and the backtracking twin's listing (the slow test compares p = 33..64).
#include <gtest/gtest.h>

#include "model/int_math.hpp"
#include "proofs/circulant/count_schedules.hpp"
#include "proofs/circulant/count_structured.hpp"
#include "tests/proofs/circulant/count_structured_doc.hpp"

namespace collverify {
namespace {

TEST(CountStructuredDoc, EveryPUpTo64IsListedOnce) {
  const auto rows = testing_doc::read_count_table(COUNT_RESULTS_MD);
  ASSERT_EQ(rows.size(), 63U) << COUNT_RESULTS_MD;
  for (std::int64_t p = 2; p <= 64; ++p) {
    ASSERT_EQ(rows.count(p), 1U) << p;
    EXPECT_EQ(rows.at(p).first, ceil_log2(p)) << "q of p = " << p;
  }
}

TEST(CountStructuredDoc, SmallPMatchTheCounters) {
  const auto rows = testing_doc::read_count_table(COUNT_RESULTS_MD);
  for (std::int64_t p = 2; p <= 32; ++p) {
    ASSERT_EQ(rows.count(p), 1U) << p;
    EXPECT_EQ(rows.at(p).second, proofs::count_structured(p).count) << "p = " << p;
    const auto b = proofs::enumerate_backtracking(p, 100000);
    ASSERT_TRUE(b.complete) << p;
    EXPECT_EQ(rows.at(p).second, b.tables.size()) << "p = " << p;
  }
}

}  // namespace
}  // namespace collverify
