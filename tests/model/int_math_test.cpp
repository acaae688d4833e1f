#include <gtest/gtest.h>

#include "model/circulant_schedule.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify {
namespace {

TEST(IntMath, CeilLog2) {
  EXPECT_EQ(ceil_log2(1), 0);
  EXPECT_EQ(ceil_log2(2), 1);
  EXPECT_EQ(ceil_log2(3), 2);
  EXPECT_EQ(ceil_log2(4), 2);
  EXPECT_EQ(ceil_log2(5), 3);
  EXPECT_EQ(ceil_log2(kMaxP - 1), 62);
}

TEST(IntMath, ModPDoesNotOverflowNearTheTop) {
  const std::int64_t p = kMaxP - 1;
  EXPECT_EQ(mod_p((p - 1) + (p - 2), p), p - 3);
  EXPECT_EQ(mod_p(-1, p), p - 1);
  EXPECT_EQ(mod_p(-(p - 1), p), 1);
}

TEST(IntMath, CheckedArithmeticRefusesOverflow) {
  EXPECT_THROW(checked_mul(kMaxP, 4, "x"), InputError);
  EXPECT_THROW(checked_add(INT64_MAX, 1, "x"), InputError);
  EXPECT_EQ(checked_mul(1 << 20, 1 << 20, "x"), std::int64_t{1} << 40);
}

TEST(CirculantSchedule, RefusesTablesLargerThanMemoryWithAnEstimate) {
  try {
    (void)CirculantSchedule::allocate(std::int64_t{1} << 40);
    FAIL() << "allocation of 2^40 ranks was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("GiB"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("1099511627776"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)CirculantSchedule::allocate(0), InputError);
}

TEST(CirculantSchedule, AllocatesOneBytePerEntry) {
  const auto s = CirculantSchedule::allocate(20);
  EXPECT_EQ(s.q, 5);
  EXPECT_EQ(s.recv.size(), 100U);
  EXPECT_EQ(CirculantSchedule::table_bytes(20), 220);
}

}  // namespace
}  // namespace collverify
