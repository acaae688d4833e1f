#include "generators/external/plugin.hpp"

#include <dlfcn.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <array>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "collverify/plugin.h"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"

namespace collverify {

namespace {

const char* file_kind(mode_t mode) {
  return S_ISDIR(mode)    ? "a directory"
         : S_ISCHR(mode)  ? "a character device"
         : S_ISBLK(mode)  ? "a block device"
         : S_ISFIFO(mode) ? "a FIFO"
         : S_ISSOCK(mode) ? "a socket"
                          : "not a regular file";
}

using AbiFn = int (*)();

// Entries are pre-filled with this so that one the plugin never wrote is recognised.
constexpr std::int32_t kUnwritten = std::numeric_limits<std::int32_t>::min();
// Entries past the end of a row (or table), to catch plugins that compute a larger q and write
// past the end.
constexpr std::size_t kGuard = 4;
// The message buffer handed to ABI 2 calls.
constexpr std::size_t kErrLen = 1024;

struct HandleCloser {
  void operator()(void* handle) const { dlclose(handle); }
};
using Handle = std::unique_ptr<void, HandleCloser>;

std::string dl_error() {
  const char* e = dlerror();
  return e != nullptr ? e : "unknown dlopen error";
}

void* find_symbol(void* handle, const char* name) {
  dlerror();
  return dlsym(handle, name);
}

void* symbol(void* handle, const char* name, const std::filesystem::path& path, int abi) {
  void* sym = find_symbol(handle, name);
  if (sym == nullptr) {
    throw InputError(fmt::format(
        "schedule plugin '{}' does not export {} (a plugin of ABI {} exports "
        "collverify_plugin_abi and {} with C linkage, see include/collverify/plugin.h): {}",
        path.string(), name, abi,
        abi == 1 ? "collverify_circulant_schedule" : "collverify_circulant_schedule_all",
        dl_error()));
  }
  return sym;
}

// The plugin's buffers for `rows` rows of q entries plus the guard, pre-filled.
struct Buffers {
  std::vector<std::int32_t> recv;
  std::vector<std::int32_t> send;
  Buffers(std::int64_t rows, int q)
      : recv(static_cast<std::size_t>(rows) * static_cast<std::size_t>(q) + kGuard, kUnwritten),
        send(recv.size(), kUnwritten) {}
  void reset() {
    std::fill(recv.begin(), recv.end(), kUnwritten);
    std::fill(send.begin(), send.end(), kUnwritten);
  }
};

struct CallContext {
  const std::filesystem::path& path;
  std::int64_t p;
  std::int64_t root;
  int q;
  std::string where(std::int64_t r) const {
    return root == 0 ? fmt::format("p = {}, r = {}", p, r)
                     : fmt::format("p = {}, root = {}, r = {}", p, root, r);
  }
};

// Checks that nothing was written past `used` entries of `buf` (the guard).
void check_guard(const CallContext& c, const char* name, const std::vector<std::int32_t>& buf,
                 std::size_t used, std::int64_t r) {
  for (std::size_t i = used; i < buf.size(); ++i) {
    if (buf[i] != kUnwritten) {
      throw InputError(fmt::format(
          "schedule plugin '{}' wrote past the q = {} entries of {} for {} (q = ceil(log2 p))",
          c.path.string(), c.q, name,
          r >= 0 ? c.where(r) : fmt::format("the last rank, {}", c.where(c.p - 1))));
    }
  }
}

// Checks rank r's q entries starting at buf[at] and narrows them into `out`.
void take_row(const CallContext& c, const char* name, const std::vector<std::int32_t>& buf,
              std::size_t at, std::int64_t r, std::span<std::int8_t> out) {
  for (int k = 0; k < c.q; ++k) {
    const std::int32_t b = buf[at + static_cast<std::size_t>(k)];
    if (b == kUnwritten) {
      throw InputError(fmt::format("schedule plugin '{}' left {}[{}] unwritten for {}, round k = {}",
                                   c.path.string(), name, k, c.where(r), k));
    }
    if (b < -c.q || b >= c.q) {
      throw InputError(fmt::format(
          "schedule plugin '{}' gave {}[{}] = {} for {}, round k = {}; entries must be in "
          "[-q, q) = [{}, {})",
          c.path.string(), name, k, b, c.where(r), k, -c.q, c.q));
    }
    out[static_cast<std::size_t>(k)] = static_cast<std::int8_t>(b);
  }
}

// The plugin's message: NUL-terminated within the buffer whatever it wrote, one line.
std::string message_of(std::array<char, kErrLen>& err) {
  err.back() = '\0';
  std::string text(err.data(), std::strlen(err.data()));
  std::replace_if(text.begin(), text.end(), [](char ch) { return ch == '\n' || ch == '\r'; }, ' ');
  return text;
}

[[noreturn]] void fail_v2(const CallContext& c, std::int64_t r, int rc,
                          std::array<char, kErrLen>& err) {
  std::string text = message_of(err);
  const std::string call = r >= 0 ? c.where(r)
                                  : (c.root == 0 ? fmt::format("p = {}", c.p)
                                                 : fmt::format("p = {}, root = {}", c.p, c.root));
  std::string what = fmt::format("schedule plugin '{}' returned {} for {}: {}", c.path.string(),
                                 rc, call, text.empty() ? "(no message)" : text);
  throw PluginFailure(what, c.p, c.root, r, rc, std::move(text));
}

void check_p(std::int64_t p, std::int64_t root) {
  if (p < 1 || p >= kMaxP) {
    throw InputError(fmt::format("p = {} is outside the supported range 1..2^62-1", p));
  }
  if (root < 0 || root >= p) {
    throw InputError(fmt::format("root = {} is not a rank of p = {} (0 <= root < p)", root, p));
  }
}

// Tables of p ranks with the closed-form skips and no baseblocks.
CirculantSchedule empty_tables(std::int64_t p) {
  CirculantSchedule s = CirculantSchedule::allocate(p);
  s.baseblock.clear();
  s.baseblock.shrink_to_fit();
  for (int k = 0; k <= s.q; ++k) {
    // ceil(p / 2^(q-k)) for p >= 1, without forming p + 2^(q-k) - 1.
    s.skips[static_cast<std::size_t>(k)] = ((p - 1) >> (s.q - k)) + 1;
  }
  return s;
}

}  // namespace

SchedulePlugin::SchedulePlugin(SchedulePlugin&& other) noexcept { *this = std::move(other); }

SchedulePlugin& SchedulePlugin::operator=(SchedulePlugin&& other) noexcept {
  if (this != &other) {
    if (handle_ != nullptr) {
      dlclose(handle_);
    }
    handle_ = std::exchange(other.handle_, nullptr);
    abi_ = std::exchange(other.abi_, 0);
    schedule_ = std::exchange(other.schedule_, nullptr);
    all_ = std::exchange(other.all_, nullptr);
    rank_ = std::exchange(other.rank_, nullptr);
    path_ = std::move(other.path_);
  }
  return *this;
}

SchedulePlugin::~SchedulePlugin() {
  if (handle_ != nullptr) {
    dlclose(handle_);
  }
}

SchedulePlugin SchedulePlugin::load(const std::filesystem::path& path) {
  // A bare file name would make dlopen search the library path instead of opening the file.
  std::error_code ec;
  std::filesystem::path file = std::filesystem::absolute(path, ec);
  if (ec) {
    file = path;
  }
  // dlopen of a FIFO blocks until a writer appears (issue 26: `--schedule-plugin FIFO` hung and
  // did not even end on SIGTERM), and of a directory or device says nothing useful: only a
  // regular file is loaded (stat follows a link to one, as dlopen does).
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0) {
    throw InputError(fmt::format("cannot load schedule plugin '{}': {}", path.string(),
                                 std::strerror(errno)));
  }
  if (!S_ISREG(st.st_mode)) {
    throw InputError(fmt::format("cannot load schedule plugin '{}': it is {}; only a regular "
                                 "file (a shared library) is loaded",
                                 path.string(), file_kind(st.st_mode)));
  }
  dlerror();
  Handle handle(dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL));
  if (!handle) {
    throw InputError(
        fmt::format("cannot load schedule plugin '{}': {}", path.string(), dl_error()));
  }
  void* abi_sym = find_symbol(handle.get(), "collverify_plugin_abi");
  if (abi_sym == nullptr) {
    throw InputError(fmt::format(
        "schedule plugin '{}' does not export collverify_plugin_abi (every plugin exports it "
        "with C linkage, see include/collverify/plugin.h): {}",
        path.string(), dl_error()));
  }
  SchedulePlugin plugin;
  plugin.abi_ = reinterpret_cast<AbiFn>(abi_sym)();
  if (plugin.abi_ == COLLVERIFY_PLUGIN_ABI) {
    plugin.schedule_ = reinterpret_cast<ScheduleFn>(
        symbol(handle.get(), "collverify_circulant_schedule", path, 1));
  } else if (plugin.abi_ == COLLVERIFY_PLUGIN_ABI_2) {
    plugin.all_ =
        reinterpret_cast<AllFn>(symbol(handle.get(), "collverify_circulant_schedule_all", path, 2));
    plugin.rank_ =
        reinterpret_cast<RankFn>(find_symbol(handle.get(), "collverify_circulant_schedule_rank"));
  } else {
    throw InputError(fmt::format(
        "schedule plugin '{}' implements plugin ABI {} but this collverify supports ABI {} and {} "
        "(COLLVERIFY_PLUGIN_ABI and COLLVERIFY_PLUGIN_ABI_2 in include/collverify/plugin.h)",
        path.string(), plugin.abi_, COLLVERIFY_PLUGIN_ABI, COLLVERIFY_PLUGIN_ABI_2));
  }
  plugin.handle_ = handle.release();
  plugin.path_ = path;
  return plugin;
}

bool SchedulePlugin::has_rank_call() const { return schedule_ != nullptr || rank_ != nullptr; }

void SchedulePlugin::check_call(std::int64_t p, std::int64_t root) const {
  CV_ASSERT(abi_ != 0, "call on a moved-from SchedulePlugin");
  check_p(p, root);
  if (root != 0 && abi_ == COLLVERIFY_PLUGIN_ABI) {
    throw InputError(fmt::format(
        "schedule plugin '{}' implements ABI 1, whose schedules are for root 0 only; root = {} "
        "needs an ABI 2 plugin",
        path_.string(), root));
  }
}

void SchedulePlugin::rank(std::int64_t p, std::int64_t root, std::int64_t r,
                          std::span<std::int8_t> recv, std::span<std::int8_t> send) const {
  check_call(p, root);
  if (r < 0 || r >= p) {
    throw InputError(fmt::format("rank r = {} is outside [0, p) for p = {}", r, p));
  }
  if (!has_rank_call()) {
    throw InputError(fmt::format(
        "schedule plugin '{}' exports no collverify_circulant_schedule_rank, which a p checked "
        "rank by rank (streamed, p = {}) needs; export it or leave out --stream",
        path_.string(), p));
  }
  const int q = ceil_log2(p);
  CV_ASSERT(
      recv.size() == static_cast<std::size_t>(q) && send.size() == static_cast<std::size_t>(q),
      "recv and send spans of q entries");
  if (q == 0) {
    return;
  }
  const CallContext c{path_, p, root, q};
  Buffers buf(1, q);
  if (schedule_ != nullptr) {
    if (const int rc = schedule_(p, r, buf.recv.data(), buf.send.data()); rc != 0) {
      throw InputError(fmt::format("schedule plugin '{}' returned {} for {} (0 means success)",
                                   path_.string(), rc, c.where(r)));
    }
  } else {
    std::array<char, kErrLen> err{};
    if (const int rc = rank_(p, root, r, buf.recv.data(), buf.send.data(), err.data(), err.size());
        rc != 0) {
      fail_v2(c, r, rc, err);
    }
  }
  const auto used = static_cast<std::size_t>(q);
  check_guard(c, "recv", buf.recv, used, r);
  check_guard(c, "send", buf.send, used, r);
  take_row(c, "recv", buf.recv, 0, r, recv);
  take_row(c, "send", buf.send, 0, r, send);
}

CirculantSchedule SchedulePlugin::build_per_rank(std::int64_t p, std::int64_t root) const {
  check_call(p, root);
  CirculantSchedule s = empty_tables(p);
  const auto q = static_cast<std::size_t>(s.q);
  for (std::int64_t r = 0; r < p && q > 0; ++r) {
    const std::size_t at = static_cast<std::size_t>(r) * q;
    rank(p, root, r, std::span<std::int8_t>(s.recv).subspan(at, q),
         std::span<std::int8_t>(s.send).subspan(at, q));
  }
  return s;
}

CirculantSchedule SchedulePlugin::build(std::int64_t p, std::int64_t root) const {
  check_call(p, root);
  if (abi_ == COLLVERIFY_PLUGIN_ABI) {
    return build_per_rank(p, root);
  }
  CirculantSchedule s = empty_tables(p);
  if (s.q == 0) {
    return s;
  }
  const std::string what = fmt::format("the plugin's int32 tables of p = {}", p);
  require_memory(checked_mul(checked_mul(p, s.q, what), 8, what), what);
  const CallContext c{path_, p, root, s.q};
  Buffers buf(p, s.q);
  std::array<char, kErrLen> err{};
  if (const int rc = all_(p, root, buf.recv.data(), buf.send.data(), err.data(), err.size());
      rc != 0) {
    fail_v2(c, -1, rc, err);
  }
  const auto q = static_cast<std::size_t>(s.q);
  const std::size_t used = static_cast<std::size_t>(p) * q;
  check_guard(c, "recv", buf.recv, used, -1);
  check_guard(c, "send", buf.send, used, -1);
  for (std::int64_t r = 0; r < p; ++r) {
    const std::size_t at = static_cast<std::size_t>(r) * q;
    take_row(c, "recv", buf.recv, at, r, std::span<std::int8_t>(s.recv).subspan(at, q));
    take_row(c, "send", buf.send, at, r, std::span<std::int8_t>(s.send).subspan(at, q));
  }
  return s;
}

}  // namespace collverify
