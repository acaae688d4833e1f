#include "model/memory.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify {

std::int64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::int64_t>(pages) * static_cast<std::int64_t>(page);
}

void require_memory(std::int64_t bytes, const std::string& what) {
  const std::int64_t phys = physical_memory_bytes();
  if (phys > 0 && bytes > phys / 4 * 3) {
    throw InputError(fmt::format("{} needs about {:.1f} GiB but this machine has {:.1f} GiB",
                                 what, static_cast<double>(bytes) / (1 << 30),
                                 static_cast<double>(phys) / (1 << 30)));
  }
}

}  // namespace collverify
