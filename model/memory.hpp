// Refuses, up front and with the estimate, sizes that would exhaust the machine's memory.
#pragma once

#include <cstdint>
#include <string>

namespace collverify {

// Physical memory of this machine in bytes (sysconf), or 0 if unknown.
std::int64_t physical_memory_bytes();

// InputError naming `what` and the estimate when `bytes` exceeds 3/4 of physical memory.
void require_memory(std::int64_t bytes, const std::string& what);

}  // namespace collverify
