// Refuses, up front and with the estimate, sizes that would exhaust the machine's memory.
#pragma once

#include <cstdint>
#include <string>

namespace collverify {

// Physical memory of this machine in bytes (sysconf), or 0 if unknown.
std::int64_t physical_memory_bytes();

// The cgroup v2 limit in `text`, the content of /sys/fs/cgroup/memory.max: a number of bytes,
// or "max" (no limit); 0 for no limit or text that is neither.
std::int64_t parse_cgroup_memory_max(const std::string& text);

// InputError naming `what` and the estimate when `bytes` exceeds 3/4 of physical memory, or of
// the cgroup's memory.max when that is lower (a container's limit: issue 26). The address-space
// limit (ulimit -v, RLIMIT_AS) is deliberately not used: it counts reserved address space (8 MiB
// per thread stack, mostly never touched), not memory, so it would refuse runs that fit; what
// it stops is reported as out of memory or a thread that cannot start (exit 2).
void require_memory(std::int64_t bytes, const std::string& what);

}  // namespace collverify
