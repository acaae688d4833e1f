#include <gtest/gtest.h>

#include "generators/size_distributions.hpp"
#include "model/error.hpp"

namespace collverify {
namespace {

using V = std::vector<std::int64_t>;

TEST(SizeDistribution, Forms) {
  EXPECT_EQ(SizeDistribution::parse("uniform:4").for_p(3), (V{4, 4, 4}));
  EXPECT_EQ(SizeDistribution::parse("list:3,0,5").for_p(4), (V{3, 0, 5, 3}));
  EXPECT_EQ(SizeDistribution::parse("zeros-except-root:9").for_p(3), (V{9, 0, 0}));
  EXPECT_EQ(SizeDistribution::parse("paper:100").for_p(5), (V{0, 20, 40, 0, 40}));
  EXPECT_EQ(SizeDistribution::parse("uniform:0").for_p(2), (V{0, 0}));
}

TEST(SizeDistribution, PaperSumsToM) {
  for (std::int64_t p = 1; p <= 300; ++p) {
    std::int64_t total = 0;
    for (std::int64_t v : SizeDistribution::parse("paper:1000").for_p(p)) {
      EXPECT_GE(v, 0);
      total += v;
    }
    EXPECT_EQ(total, 1000) << p;
  }
}

TEST(SizeDistribution, RandomIsDeterministicBoundedAndIndependentOfP) {
  const auto a = SizeDistribution::parse("random:5:7").for_p(50);
  const auto b = SizeDistribution::parse("random:5:7").for_p(80);
  for (std::size_t r = 0; r < a.size(); ++r) {
    EXPECT_EQ(a[r], b[r]);
    EXPECT_LE(a[r], 5);
    EXPECT_GE(a[r], 0);
  }
  EXPECT_NE(a, SizeDistribution::parse("random:5:8").for_p(50));
}

TEST(SizeDistribution, BadTextNamesIt) {
  for (const char* bad : {"uniform", "uniform:-1", "uniform:x", "random:5", "list:", "list:1,,2",
                          "gauss:3", "paper:1:2", "uniform:99999999999"}) {
    try {
      SizeDistribution::parse(bad);
      ADD_FAILURE() << bad << " accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace collverify
