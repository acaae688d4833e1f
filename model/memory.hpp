// Refuses, up front and with the estimate, sizes that would exhaust the memory this process may
// use: the least of 3/4 of physical memory, 3/4 of the cgroup's memory limit (v2 memory.max, v1
// memory.limit_in_bytes, of the process's cgroup and every ancestor) and the address space that
// `ulimit -v` (RLIMIT_AS) leaves beside what the process already maps (issue 26).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace collverify {

// Physical memory of this machine in bytes (sysconf), or 0 if unknown.
std::int64_t physical_memory_bytes();

// A cgroup limit file's content: a number of bytes; 0 for no limit ("max", v1's "unlimited"
// 9223372036854771712 and anything at or above 2^62) and for text that is not a number.
std::int64_t parse_cgroup_memory_max(const std::string& text);

// The lowest memory limit of the cgroups this process is in, read under `root` (normally
// /sys/fs/cgroup) from `self_cgroup` (the content of /proc/self/cgroup): cgroup v2 `memory.max`
// under root and root/unified for the "0::PATH" line, v1 `memory.limit_in_bytes` under
// root/memory for the line naming the memory controller; the cgroup's own directory and each
// ancestor up to the root. 0 when none is set; *file (if given) names the file that set it.
std::int64_t cgroup_memory_limit(const std::string& self_cgroup, const std::filesystem::path& root,
                                 std::string* file = nullptr);

// What bounds the memory of this process; 0 means no such limit or unknown.
struct MemoryLimits {
  std::int64_t physical = 0;
  std::int64_t cgroup = 0;
  std::string cgroup_file;              // the file that set `cgroup`
  std::int64_t address_space = 0;       // RLIMIT_AS (soft), bytes
  std::int64_t address_space_used = 0;  // VmSize of this process when read
};

// The limits in force now (sysconf, /proc/self/cgroup with /sys/fs/cgroup, getrlimit and
// /proc/self/status).
MemoryLimits read_memory_limits();

// The bytes an estimate may take under `limits` and the limit that sets it, as text for a
// message ("this machine has 23.4 GiB", "the cgroup memory limit (F) is 3.0 GiB", "the
// address-space limit (ulimit -v) is 2.9 GiB, of which 0.1 GiB is in use"). Physical memory and
// the cgroup limit count at 3/4 (the rest is the system's and the page cache's); the address
// space counts whole, less what is mapped already: it binds this process alone, and an
// estimate of resident bytes needs at least as much address space. bytes = -1: no limit known.
struct MemoryBudget {
  std::int64_t bytes = -1;
  std::string limit;
};
MemoryBudget memory_budget(const MemoryLimits& limits);

// memory_budget(read_memory_limits()).bytes, or the largest int64 when no limit is known.
std::int64_t available_memory_bytes();

// InputError "<what> needs about X GiB but <limit>" when `bytes` exceeds `budget`.
void require_memory(std::int64_t bytes, const std::string& what, const MemoryBudget& budget);
// The same against the limits in force now.
void require_memory(std::int64_t bytes, const std::string& what);

}  // namespace collverify
