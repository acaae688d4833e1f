#include "model/memory.hpp"

#include <unistd.h>

#include <fstream>
#include <string>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify {

std::int64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::int64_t>(pages) * static_cast<std::int64_t>(page);
}

std::int64_t parse_cgroup_memory_max(const std::string& text) {
  std::size_t end = text.size();
  while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == ' ')) --end;
  if (end == 0 || end > 18) return 0;
  std::int64_t v = 0;
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] < '0' || text[i] > '9') return 0;
    v = v * 10 + (text[i] - '0');
  }
  return v;
}

namespace {

std::int64_t cgroup_memory_max() {
  std::ifstream in("/sys/fs/cgroup/memory.max");
  std::string text;
  if (!in || !std::getline(in, text)) return 0;
  return parse_cgroup_memory_max(text);
}

}  // namespace

void require_memory(std::int64_t bytes, const std::string& what) {
  const std::int64_t phys = physical_memory_bytes();
  const std::int64_t cgroup = cgroup_memory_max();
  if (cgroup > 0 && (phys <= 0 || cgroup < phys)) {
    if (bytes > cgroup / 4 * 3) {
      throw InputError(fmt::format(
          "{} needs about {:.1f} GiB but the cgroup memory limit "
          "(/sys/fs/cgroup/memory.max) is {:.1f} GiB",
          what, static_cast<double>(bytes) / (1 << 30), static_cast<double>(cgroup) / (1 << 30)));
    }
    return;
  }
  if (phys > 0 && bytes > phys / 4 * 3) {
    throw InputError(fmt::format("{} needs about {:.1f} GiB but this machine has {:.1f} GiB",
                                 what, static_cast<double>(bytes) / (1 << 30),
                                 static_cast<double>(phys) / (1 << 30)));
  }
}

}  // namespace collverify
