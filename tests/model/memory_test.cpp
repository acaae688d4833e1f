// The memory guard's reading of the cgroup v2 limit (model/memory.hpp, issue 26): a container's
// memory.max below physical memory is the limit estimates are held against. Only the parsing is
// tested here; this machine has no cgroup limit to run require_memory against.
#include <gtest/gtest.h>

#include "model/error.hpp"
#include "model/memory.hpp"

namespace collverify {
namespace {

TEST(Memory, CgroupMemoryMaxIsANumberOrNoLimit) {
  EXPECT_EQ(parse_cgroup_memory_max("3221225472\n"), 3221225472);
  EXPECT_EQ(parse_cgroup_memory_max("4096"), 4096);
  EXPECT_EQ(parse_cgroup_memory_max("max\n"), 0);
  EXPECT_EQ(parse_cgroup_memory_max(""), 0);
  EXPECT_EQ(parse_cgroup_memory_max("-5\n"), 0);
  EXPECT_EQ(parse_cgroup_memory_max("12 GB"), 0);
  EXPECT_EQ(parse_cgroup_memory_max("99999999999999999999999"), 0);
}

TEST(Memory, AnEstimateBeyondThePhysicalMemoryIsRefusedNamingIt) {
  EXPECT_NO_THROW(require_memory(1 << 20, "a small thing"));
  try {
    require_memory(std::int64_t{1} << 62, "a huge thing");
    ADD_FAILURE() << "2^62 bytes accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("a huge thing needs about"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace collverify
