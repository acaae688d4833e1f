#include "model/memory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify {

namespace fs = std::filesystem;

std::int64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::int64_t>(pages) * static_cast<std::int64_t>(page);
}

std::int64_t parse_cgroup_memory_max(const std::string& text) {
  std::size_t end = text.size();
  while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == ' ')) --end;
  if (end == 0 || end > 19) return 0;
  std::uint64_t v = 0;  // 19 digits fit 64 unsigned bits
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] < '0' || text[i] > '9') return 0;
    v = v * 10 + static_cast<std::uint64_t>(text[i] - '0');
  }
  // v1 writes "no limit" as the largest page multiple below 2^63; nothing real is near 2^62.
  return v >= (std::uint64_t{1} << 62) ? 0 : static_cast<std::int64_t>(v);
}

namespace {

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  if (!in) return {};
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The lowest limit in `name` from dir up to and including root (a limit of an ancestor binds
// its descendants too).
void lowest_up_to_root(const fs::path& root, const std::string& cgroup_path, const char* name,
                       std::int64_t& best, std::string* file) {
  fs::path rel = fs::path(cgroup_path).relative_path().lexically_normal();
  for (;;) {
    const fs::path f = (rel.empty() || rel == "." ? root : root / rel) / name;
    const std::int64_t v = parse_cgroup_memory_max(read_text(f));
    if (v > 0 && (best == 0 || v < best)) {
      best = v;
      if (file) *file = f.string();
    }
    if (rel.empty() || rel == ".") return;
    rel = rel.parent_path();
  }
}

}  // namespace

std::int64_t cgroup_memory_limit(const std::string& self_cgroup, const fs::path& root,
                                 std::string* file) {
  std::int64_t best = 0;
  std::istringstream lines(self_cgroup);
  std::string line;
  while (std::getline(lines, line)) {
    // "hierarchy-id:controllers:path"; the path may itself hold ':'.
    const std::size_t a = line.find(':');
    const std::size_t b = a == std::string::npos ? a : line.find(':', a + 1);
    if (b == std::string::npos) continue;
    const std::string id = line.substr(0, a);
    const std::string controllers = line.substr(a + 1, b - a - 1);
    const std::string path = line.substr(b + 1);
    if (id == "0" && controllers.empty()) {
      lowest_up_to_root(root, path, "memory.max", best, file);
      lowest_up_to_root(root / "unified", path, "memory.max", best, file);
      continue;
    }
    std::istringstream names(controllers);
    std::string c;
    while (std::getline(names, c, ',')) {
      if (c == "memory") lowest_up_to_root(root / "memory", path, "memory.limit_in_bytes", best, file);
    }
  }
  return best;
}

namespace {

// VmSize of /proc/self/status in bytes, 0 if unreadable.
std::int64_t address_space_in_use() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmSize:", 0) == 0) {
      try {
        return std::stoll(line.substr(7)) * 1024;
      } catch (const std::exception&) {
        return 0;
      }
    }
  }
  return 0;
}

// Physical memory and the cgroup limit do not change while a run lasts: read once.
struct FixedLimits {
  std::int64_t physical = 0;
  std::int64_t cgroup = 0;
  std::string cgroup_file;
};

const FixedLimits& fixed_limits() {
  static const FixedLimits f = [] {
    FixedLimits out;
    out.physical = physical_memory_bytes();
    out.cgroup = cgroup_memory_limit(read_text("/proc/self/cgroup"), "/sys/fs/cgroup",
                                     &out.cgroup_file);
    return out;
  }();
  return f;
}

double gib(std::int64_t bytes) { return static_cast<double>(bytes) / (1 << 30); }

}  // namespace

MemoryLimits read_memory_limits() {
  MemoryLimits l;
  const FixedLimits& f = fixed_limits();
  l.physical = f.physical;
  l.cgroup = f.cgroup;
  l.cgroup_file = f.cgroup_file;
  rlimit as{};
  if (::getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY &&
      as.rlim_cur < static_cast<rlim_t>(std::numeric_limits<std::int64_t>::max())) {
    l.address_space = static_cast<std::int64_t>(as.rlim_cur);
    l.address_space_used = address_space_in_use();
  }
  return l;
}

MemoryBudget memory_budget(const MemoryLimits& l) {
  MemoryBudget b;
  auto consider = [&b](std::int64_t bytes, std::string limit) {
    if (b.bytes < 0 || bytes < b.bytes) {
      b.bytes = bytes;
      b.limit = std::move(limit);
    }
  };
  if (l.physical > 0) {
    consider(l.physical / 4 * 3, fmt::format("this machine has {:.1f} GiB", gib(l.physical)));
  }
  if (l.cgroup > 0) {
    consider(l.cgroup / 4 * 3, fmt::format("the cgroup memory limit ({}) is {:.1f} GiB",
                                           l.cgroup_file, gib(l.cgroup)));
  }
  if (l.address_space > 0) {
    consider(std::max<std::int64_t>(0, l.address_space - l.address_space_used),
             fmt::format("the address-space limit (ulimit -v, RLIMIT_AS) is {:.1f} GiB, of which "
                         "{:.1f} GiB is in use",
                         gib(l.address_space), gib(l.address_space_used)));
  }
  return b;
}

std::int64_t available_memory_bytes() {
  const MemoryBudget b = memory_budget(read_memory_limits());
  return b.bytes < 0 ? std::numeric_limits<std::int64_t>::max() : b.bytes;
}

void require_memory(std::int64_t bytes, const std::string& what, const MemoryBudget& budget) {
  if (budget.bytes >= 0 && bytes > budget.bytes) {
    throw InputError(fmt::format("{} needs about {:.1f} GiB but {}", what, gib(bytes), budget.limit));
  }
}

void require_memory(std::int64_t bytes, const std::string& what) {
  require_memory(bytes, what, memory_budget(read_memory_limits()));
}

}  // namespace collverify
