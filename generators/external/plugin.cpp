#include "generators/external/plugin.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "collverify/plugin.h"
#include "model/error.hpp"
#include "model/int_math.hpp"

namespace collverify {

namespace {

using AbiFn = int (*)();
using ScheduleFn = int (*)(std::int64_t, std::int64_t, std::int32_t*, std::int32_t*);

// Entries are pre-filled with this so that one the plugin never wrote is recognised.
constexpr std::int32_t kUnwritten = std::numeric_limits<std::int32_t>::min();
// Entries past the q of a row, to catch plugins that compute a larger q and write past the end.
constexpr std::size_t kGuard = 4;

struct HandleCloser {
  void operator()(void* handle) const { dlclose(handle); }
};
using Handle = std::unique_ptr<void, HandleCloser>;

std::string dl_error() {
  const char* e = dlerror();
  return e != nullptr ? e : "unknown dlopen error";
}

void* symbol(void* handle, const char* name, const std::filesystem::path& path) {
  dlerror();
  void* sym = dlsym(handle, name);
  if (sym == nullptr) {
    throw InputError(fmt::format(
        "schedule plugin '{}' does not export {} (a plugin exports collverify_plugin_abi and "
        "collverify_circulant_schedule with C linkage, see include/collverify/plugin.h): {}",
        path.string(), name, dl_error()));
  }
  return sym;
}

// The plugin's buffers for one row pair, reused across ranks by build().
struct RowBuffers {
  std::vector<std::int32_t> recv;
  std::vector<std::int32_t> send;
  explicit RowBuffers(int q)
      : recv(static_cast<std::size_t>(q) + kGuard), send(static_cast<std::size_t>(q) + kGuard) {}
};

struct CallContext {
  const std::filesystem::path& path;
  std::int64_t p;
  std::int64_t r;
  int q;
};

// Checks one row the plugin wrote and narrows it into `out`.
void take_row(const CallContext& c, const char* name, const std::vector<std::int32_t>& row,
              std::span<std::int8_t> out) {
  const auto q = static_cast<std::size_t>(c.q);
  for (std::size_t i = q; i < row.size(); ++i) {
    if (row[i] != kUnwritten) {
      throw InputError(
          fmt::format("schedule plugin '{}' wrote past the q = {} entries of {} for p = {}, r = {} "
                      "(q = ceil(log2 p))",
                      c.path.string(), c.q, name, c.p, c.r));
    }
  }
  for (std::size_t k = 0; k < q; ++k) {
    const std::int32_t b = row[k];
    if (b == kUnwritten) {
      throw InputError(
          fmt::format("schedule plugin '{}' left {}[{}] unwritten for p = {}, r = {}, "
                      "round k = {}",
                      c.path.string(), name, k, c.p, c.r, k));
    }
    if (b < -c.q || b >= c.q) {
      throw InputError(fmt::format(
          "schedule plugin '{}' gave {}[{}] = {} for p = {}, r = {}, round k = {}; entries must "
          "be in [-q, q) = [{}, {})",
          c.path.string(), name, k, b, c.p, c.r, k, -c.q, c.q));
    }
    out[k] = static_cast<std::int8_t>(b);
  }
}

void call_plugin(ScheduleFn schedule, const CallContext& c, RowBuffers& buf,
                 std::span<std::int8_t> recv, std::span<std::int8_t> send) {
  std::fill(buf.recv.begin(), buf.recv.end(), kUnwritten);
  std::fill(buf.send.begin(), buf.send.end(), kUnwritten);
  if (const int rc = schedule(c.p, c.r, buf.recv.data(), buf.send.data()); rc != 0) {
    throw InputError(
        fmt::format("schedule plugin '{}' returned {} for p = {}, r = {} (0 means success)",
                    c.path.string(), rc, c.p, c.r));
  }
  take_row(c, "recv", buf.recv, recv);
  take_row(c, "send", buf.send, send);
}

void check_p(std::int64_t p) {
  if (p < 1 || p >= kMaxP) {
    throw InputError(fmt::format("p = {} is outside the supported range 1..2^62-1", p));
  }
}

}  // namespace

SchedulePlugin::SchedulePlugin(void* handle, ScheduleFn schedule, std::filesystem::path path)
    : handle_(handle), schedule_(schedule), path_(std::move(path)) {}

SchedulePlugin::SchedulePlugin(SchedulePlugin&& other) noexcept
    : handle_(std::exchange(other.handle_, nullptr)),
      schedule_(std::exchange(other.schedule_, nullptr)),
      path_(std::move(other.path_)) {}

SchedulePlugin& SchedulePlugin::operator=(SchedulePlugin&& other) noexcept {
  if (this != &other) {
    if (handle_ != nullptr) {
      dlclose(handle_);
    }
    handle_ = std::exchange(other.handle_, nullptr);
    schedule_ = std::exchange(other.schedule_, nullptr);
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
  dlerror();
  Handle handle(dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL));
  if (!handle) {
    throw InputError(
        fmt::format("cannot load schedule plugin '{}': {}", path.string(), dl_error()));
  }
  const auto abi = reinterpret_cast<AbiFn>(symbol(handle.get(), "collverify_plugin_abi", path));
  const auto schedule = reinterpret_cast<SchedulePlugin::ScheduleFn>(
      symbol(handle.get(), "collverify_circulant_schedule", path));
  if (const int got = abi(); got != COLLVERIFY_PLUGIN_ABI) {
    throw InputError(fmt::format(
        "schedule plugin '{}' implements plugin ABI {} but this collverify supports ABI {} "
        "(COLLVERIFY_PLUGIN_ABI in include/collverify/plugin.h)",
        path.string(), got, COLLVERIFY_PLUGIN_ABI));
  }
  return SchedulePlugin(handle.release(), schedule, path);
}

void SchedulePlugin::rank(std::int64_t p, std::int64_t r, std::span<std::int8_t> recv,
                          std::span<std::int8_t> send) const {
  CV_ASSERT(schedule_ != nullptr, "rank() on a moved-from SchedulePlugin");
  check_p(p);
  if (r < 0 || r >= p) {
    throw InputError(fmt::format("rank r = {} is outside [0, p) for p = {}", r, p));
  }
  const int q = ceil_log2(p);
  CV_ASSERT(
      recv.size() == static_cast<std::size_t>(q) && send.size() == static_cast<std::size_t>(q),
      "recv and send spans of q entries");
  if (q == 0) {
    return;
  }
  RowBuffers buf(q);
  call_plugin(schedule_, CallContext{path_, p, r, q}, buf, recv, send);
}

CirculantSchedule SchedulePlugin::build(std::int64_t p) const {
  CV_ASSERT(schedule_ != nullptr, "build() on a moved-from SchedulePlugin");
  check_p(p);
  CirculantSchedule s = CirculantSchedule::allocate(p);
  s.baseblock.clear();
  s.baseblock.shrink_to_fit();
  for (int k = 0; k <= s.q; ++k) {
    // ceil(p / 2^(q-k)) for p >= 1, without forming p + 2^(q-k) - 1.
    s.skips[static_cast<std::size_t>(k)] = ((p - 1) >> (s.q - k)) + 1;
  }
  if (s.q == 0) {
    return s;
  }
  const auto q = static_cast<std::size_t>(s.q);
  RowBuffers buf(s.q);
  for (std::int64_t r = 0; r < p; ++r) {
    const std::size_t at = static_cast<std::size_t>(r) * q;
    call_plugin(schedule_, CallContext{path_, p, r, s.q}, buf,
                std::span<std::int8_t>(s.recv).subspan(at, q),
                std::span<std::int8_t>(s.send).subspan(at, q));
  }
  return s;
}

}  // namespace collverify
