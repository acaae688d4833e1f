#include <gtest/gtest.h>

#include "generators/block_counts.hpp"
#include "generators/p_range.hpp"
#include "model/error.hpp"

namespace collverify {
namespace {

using V = std::vector<std::int64_t>;

TEST(PRange, Forms) {
  EXPECT_EQ(PRange::parse("2..6").values(100), (V{2, 3, 4, 5, 6}));
  EXPECT_EQ(PRange::parse("2..20:7").values(100), (V{2, 9, 16}));
  EXPECT_EQ(PRange::parse("1000,2000,4093").values(100), (V{1000, 2000, 4093}));
  EXPECT_EQ(PRange::parse("2^2..2^3").values(100), (V{4, 5, 6, 7, 8}));
  EXPECT_EQ(PRange::parse("5,2..4,3").values(100), (V{2, 3, 4, 5}));
  EXPECT_EQ(PRange::parse("2..4096").count(), 4095);
  EXPECT_EQ(PRange::parse("4611686018427387903").max(), 4611686018427387903);
}

void expect_bad(const std::string& text, const std::string& named) {
  try {
    (void)PRange::parse(text);
    FAIL() << "'" << text << "' was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << e.what();
  }
}

TEST(PRange, BadInputNamesTheOffendingToken) {
  expect_bad("2..x", "'x'");
  expect_bad("10..2", "'10..2'");
  expect_bad("0..5", "'0'");
  expect_bad("2..10:0", "'0'");
  expect_bad("3^4", "'3^4'");
  expect_bad("2^62", "'2^62'");
  expect_bad("4611686018427387904", "'4611686018427387904'");
  expect_bad("99999999999999999999", "does not fit");
  expect_bad("", "empty");
  expect_bad("2,,3", "''");
  expect_bad("2.. 5", "white space");
}

TEST(PRange, RefusesRangesTooLargeToHold) {
  EXPECT_THROW((void)PRange::parse("1..2^61").values(1000000), InputError);
}

TEST(BlockCounts, DefaultAtP20) {
  EXPECT_EQ(BlockCounts::parse(BlockCounts::kDefault).for_p(20), (V{1, 2, 5, 6, 11, 17}));
  EXPECT_EQ(BlockCounts::parse(BlockCounts::kDefault).for_p(2), (V{1, 2, 3, 5}));
  EXPECT_EQ(BlockCounts::parse(BlockCounts::kDefault).for_p(1), (V{1, 2}));
  EXPECT_EQ(BlockCounts::parse("q-1,7").for_p(2), (V{7}));
}

TEST(BlockCounts, BadTermsAreNamed) {
  for (const char* bad : {"0", "x", "q*2", "2q+", "-3", "1,,2"}) {
    try {
      (void)BlockCounts::parse(bad);
      FAIL() << bad;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("bad block count"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace collverify
