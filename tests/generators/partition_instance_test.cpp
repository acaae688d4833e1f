// Theorem 7's integer gather instance from PARTITION, and the subset-sum answer it is judged by.
#include <gtest/gtest.h>

#include <numeric>

#include "generators/partition_instance.hpp"
#include "model/error.hpp"

namespace collverify {
namespace {

TEST(PartitionInstance, HeaderExample) {
  const auto inst = partition_gather_instance({1, 2, 3});
  EXPECT_EQ(inst.problem.m, (std::vector<std::int64_t>{4, 7, 10, 9, 12}));
  EXPECT_EQ(inst.target, 44);
  EXPECT_EQ(inst.sum, 6);
  EXPECT_FALSE(inst.nontrivial);  // 3 = m / 2
  EXPECT_EQ(inst.problem.cost.alpha, 1);
  EXPECT_EQ(inst.problem.cost.beta, 1);
  EXPECT_EQ(inst.problem.cost.gamma, 1);
  EXPECT_TRUE(inst.problem.cost.homogeneous());
}

TEST(PartitionInstance, TenValuesGiveTwelveProcessors) {
  const std::vector<std::int64_t> v{3, 5, 7, 9, 11, 2, 4, 6, 8, 11};  // m = 66
  const std::int64_t m = std::accumulate(v.begin(), v.end(), std::int64_t{0});
  ASSERT_EQ(m % 2, 0);
  const auto inst = partition_gather_instance(v);
  ASSERT_EQ(inst.problem.p(), 12);
  for (std::size_t i = 0; i < v.size(); ++i) EXPECT_EQ(inst.problem.m[i], 10 * v[i] + 1);
  EXPECT_EQ(inst.problem.m[10], 10 * m / 2);
  EXPECT_EQ(inst.problem.m[11], 10 * m / 2 + 10);
  EXPECT_EQ(inst.target, 2 * 10 * m + 2 * 10 + 2);
  // Total size 2pm + 2p: the target is the total plus 2 alpha.
  EXPECT_EQ(std::accumulate(inst.problem.m.begin(), inst.problem.m.end(), std::int64_t{0}) + 2, inst.target);
  EXPECT_TRUE(inst.nontrivial);
}

TEST(PartitionInstance, RefusesBadValues) {
  EXPECT_THROW(partition_gather_instance({}), InputError);
  EXPECT_THROW(partition_gather_instance({1, -1, 2}), InputError);
  EXPECT_THROW(partition_gather_instance({0, 2, 2}), InputError);
  EXPECT_THROW(partition_gather_instance({1, 2}), InputError);  // odd sum
  EXPECT_THROW(partition_gather_instance({std::int64_t{1} << 62, std::int64_t{1} << 62}), InputError);
  EXPECT_THROW(partition_gather_instance({std::int64_t{1} << 60, std::int64_t{1} << 60}), InputError);
  try {
    partition_gather_instance({4, -3});
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("-3"), std::string::npos) << e.what();
  }
}

TEST(PartitionSubset, FindsAndRefutesPartitions) {
  const auto yes = partition_subset({3, 1, 1, 2, 2, 1});
  ASSERT_TRUE(yes.has_value());
  std::int64_t s = 0;
  for (const auto i : *yes) s += std::vector<std::int64_t>{3, 1, 1, 2, 2, 1}[static_cast<std::size_t>(i)];
  EXPECT_EQ(s, 5);
  EXPECT_TRUE(partition_subset({2, 4, 8, 16, 2}).has_value());  // 16 = 2 + 4 + 8 + 2
  EXPECT_FALSE(partition_subset({1, 1, 4}).has_value());
  EXPECT_FALSE(partition_subset({3, 3, 3, 5}).has_value());
  EXPECT_TRUE(partition_subset({1, 1}).has_value());
}

// Brute force over all subsets agrees with the subset-sum answer on every small instance.
TEST(PartitionSubset, AgreesWithEnumeration) {
  for (std::uint32_t code = 0; code < 4096; ++code) {
    std::vector<std::int64_t> v;
    for (std::uint32_t c = code; v.size() < 4; c /= 8) v.push_back(1 + c % 8);
    const std::int64_t m = std::accumulate(v.begin(), v.end(), std::int64_t{0});
    if (m % 2) continue;
    bool exists = false;
    for (std::uint32_t mask = 0; mask < 16; ++mask) {
      std::int64_t s = 0;
      for (std::size_t i = 0; i < 4; ++i) s += (mask >> i & 1U) ? v[i] : 0;
      exists = exists || 2 * s == m;
    }
    EXPECT_EQ(partition_subset(v).has_value(), exists);
  }
}

}  // namespace
}  // namespace collverify
