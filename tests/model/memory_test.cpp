// The memory guard (model/memory.hpp, issue 26): the budget is the least of 3/4 of physical
// memory, 3/4 of the cgroup limit (v2 memory.max, v1 memory.limit_in_bytes, the process's cgroup
// and its ancestors) and what RLIMIT_AS leaves beside the address space in use. The cgroup files
// are read from a fake tree here (this machine sets no limit); the arithmetic is tested on
// hand-made limits, and the address-space limit on this very process in a forked child.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "model/error.hpp"
#include "model/memory.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;
constexpr std::int64_t kGiB = std::int64_t{1} << 30;

TEST(Memory, CgroupMemoryMaxIsANumberOrNoLimit) {
  EXPECT_EQ(parse_cgroup_memory_max("3221225472\n"), 3221225472);
  EXPECT_EQ(parse_cgroup_memory_max("4096"), 4096);
  EXPECT_EQ(parse_cgroup_memory_max("max\n"), 0);
  EXPECT_EQ(parse_cgroup_memory_max(""), 0);
  EXPECT_EQ(parse_cgroup_memory_max("-5\n"), 0);
  EXPECT_EQ(parse_cgroup_memory_max("12 GB"), 0);
  EXPECT_EQ(parse_cgroup_memory_max("99999999999999999999999"), 0);
  // cgroup v1 writes "no limit" as the largest page multiple below 2^63.
  EXPECT_EQ(parse_cgroup_memory_max("9223372036854771712\n"), 0);
  EXPECT_EQ(parse_cgroup_memory_max("4611686018427387904"), 0);  // 2^62
  EXPECT_EQ(parse_cgroup_memory_max("4611686018427387903"), 4611686018427387903);
}

class FakeCgroup : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("cv_memory_test." + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }
  void put(const fs::path& rel, const std::string& text) {
    fs::create_directories((root_ / rel).parent_path());
    std::ofstream(root_ / rel) << text;
  }
  fs::path root_;
};

TEST_F(FakeCgroup, V2TakesTheLowestOfTheCgroupAndItsAncestors) {
  put("memory.max", "max\n");  // the root: no limit
  put("job/memory.max", "3221225472\n");
  put("job/step/memory.max", "max\n");
  std::string file;
  EXPECT_EQ(cgroup_memory_limit("0::/job/step\n", root_, &file), 3221225472);
  EXPECT_EQ(file, (root_ / "job" / "memory.max").string());
  put("job/step/memory.max", "1073741824\n");
  EXPECT_EQ(cgroup_memory_limit("0::/job/step\n", root_, &file), 1073741824);
  EXPECT_EQ(file, (root_ / "job" / "step" / "memory.max").string());
  // A container's own namespace: its cgroup is "/", the limit sits at the root.
  put("memory.max", "2147483648\n");
  EXPECT_EQ(cgroup_memory_limit("0::/\n", root_), 2147483648);
}

TEST_F(FakeCgroup, V2UnderTheHybridUnifiedMount) {
  put("unified/job/memory.max", "2147483648\n");
  EXPECT_EQ(cgroup_memory_limit("0::/job\n", root_), 2147483648);
}

TEST_F(FakeCgroup, V1ReadsTheMemoryControllersLine) {
  const std::string self = "9:name=systemd:/\n4:memory:/process_api/abc\n3:cpuset:/\n0::/\n";
  put("memory/memory.limit_in_bytes", "9223372036854771712\n");  // unlimited
  put("memory/process_api/abc/memory.limit_in_bytes", "9223372036854771712\n");
  EXPECT_EQ(cgroup_memory_limit(self, root_), 0);
  put("memory/process_api/memory.limit_in_bytes", "3000000000\n");
  std::string file;
  EXPECT_EQ(cgroup_memory_limit(self, root_, &file), 3000000000);
  EXPECT_EQ(file, (root_ / "memory" / "process_api" / "memory.limit_in_bytes").string());
  // Controllers listed together ("5:cpu,memory:/x").
  put("memory/x/memory.limit_in_bytes", "1000000000\n");
  EXPECT_EQ(cgroup_memory_limit("5:cpu,memory:/x\n", root_), 1000000000);
  // No memory line, no files: no limit.
  EXPECT_EQ(cgroup_memory_limit("3:cpuset:/\n", root_), 0);
  EXPECT_EQ(cgroup_memory_limit("", root_), 0);
  EXPECT_EQ(cgroup_memory_limit("0::/nowhere\n", root_ / "absent"), 0);
}

TEST(Memory, TheBudgetIsTheLeastLimitAndIsNamed) {
  MemoryLimits l;
  EXPECT_EQ(memory_budget(l).bytes, -1);  // nothing known: no refusal
  EXPECT_NO_THROW(require_memory(std::int64_t{1} << 62, "x", memory_budget(l)));
  l.physical = 32 * kGiB;
  EXPECT_EQ(memory_budget(l).bytes, 24 * kGiB);
  EXPECT_NE(memory_budget(l).limit.find("this machine has 32.0 GiB"), std::string::npos);
  l.cgroup = 8 * kGiB;
  l.cgroup_file = "/sys/fs/cgroup/job/memory.max";
  EXPECT_EQ(memory_budget(l).bytes, 6 * kGiB);
  EXPECT_NE(memory_budget(l).limit.find("cgroup memory limit (/sys/fs/cgroup/job/memory.max) is "
                                        "8.0 GiB"),
            std::string::npos);
  // The address space counts whole, less what is mapped already.
  l.address_space = 3 * kGiB;
  l.address_space_used = kGiB / 2;
  EXPECT_EQ(memory_budget(l).bytes, 5 * kGiB / 2);
  EXPECT_NE(memory_budget(l).limit.find("ulimit -v"), std::string::npos);
  // A cgroup limit above physical memory does not raise the budget.
  MemoryLimits c;
  c.physical = 4 * kGiB;
  c.cgroup = 64 * kGiB;
  EXPECT_EQ(memory_budget(c).bytes, 3 * kGiB);
  // More in use than the limit: nothing is left, every estimate is refused.
  MemoryLimits full;
  full.address_space = kGiB;
  full.address_space_used = 2 * kGiB;
  EXPECT_EQ(memory_budget(full).bytes, 0);
  EXPECT_THROW(require_memory(1, "x", memory_budget(full)), InputError);
}

TEST(Memory, AnEstimateBeyondTheBudgetIsRefusedNamingItAndTheLimit) {
  MemoryLimits l;
  l.physical = 16 * kGiB;
  l.address_space = 3 * kGiB;
  l.address_space_used = 0;
  EXPECT_NO_THROW(require_memory(3 * kGiB, "just fits", memory_budget(l)));
  try {
    require_memory(3 * kGiB + 1, "the hop table", memory_budget(l));
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("the hop table needs about 3.0 GiB but the address-space limit (ulimit -v, "
                       "RLIMIT_AS) is 3.0 GiB"),
              std::string::npos)
        << msg;
  }
  EXPECT_NO_THROW(require_memory(1 << 20, "a small thing"));
  try {
    require_memory(std::int64_t{1} << 62, "a huge thing");
    ADD_FAILURE() << "2^62 bytes accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("a huge thing needs about"), std::string::npos)
        << e.what();
  }
}

// This process under a real RLIMIT_AS (in a child, which the limit cannot outlive): the limit and
// the address space in use are read, and an estimate between the limit and physical memory is
// refused.
TEST(Memory, TheAddressSpaceLimitOfThisProcessIsRead) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer maps terabytes of shadow memory: no RLIMIT_AS fits it";
#endif
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const rlimit lim{rlim_t{2} << 30, rlim_t{2} << 30};
    if (::setrlimit(RLIMIT_AS, &lim) != 0) ::_exit(10);
    const MemoryLimits l = read_memory_limits();
    if (l.address_space != (std::int64_t{2} << 30)) ::_exit(11);
    if (l.address_space_used <= 0 || l.address_space_used >= l.address_space) ::_exit(12);
    const MemoryBudget b = memory_budget(l);
    if (b.bytes != l.address_space - l.address_space_used) ::_exit(13);
    try {
      require_memory(std::int64_t{2} << 30, "two GiB");
      ::_exit(14);
    } catch (const InputError& e) {
      if (std::string(e.what()).find("ulimit -v") == std::string::npos) ::_exit(15);
    }
    ::_exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the child's step that failed (see the test's codes)";
}

}  // namespace
}  // namespace collverify
