// Users' schedule generators as shared libraries (docs/DESIGN.md "External schedules: plugin ABI",
// include/collverify/plugin.h). SchedulePlugin::load opens the library with dlopen and checks
// the ABI; build(p) asks it for every rank of p and returns the compact tables, which the
// checkers then judge like the built-in construction.
//
// The plugin's output is bad input, never trusted: a non-zero return value, an entry outside
// [-q, q), an entry left unwritten, or a write past the q entries of a row is an InputError
// naming the plugin, p, r (and round k, recv/send and the value). Whether the schedule is right
// is the checker's question. Plugins state no baseblocks, so build() leaves that vector empty;
// the skips are not asked of the plugin but filled by the closed form
// skips[k] = ceil(p / 2^(q-k)) (Algorithm 1).
//
// Cost: build(p) makes p calls into the plugin and takes 2 p q + (q + 1) * 8 bytes; rank() takes
// O(q) besides the call. Both are const and may be called from several threads at once (the ABI
// requires plugins to allow that).
//
// Example: SchedulePlugin::load("./libcollverify_plugin_reference.so").build(4) gives the
// tables of build_circulant_bcast(4): rank 1 receives {0, -1}, the root sends {0, 1}.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>

#include "model/circulant_schedule.hpp"

namespace collverify {

class SchedulePlugin {
 public:
  // dlopen(path, RTLD_NOW | RTLD_LOCAL). InputError naming the path and dlerror() when it cannot
  // be loaded, naming the missing symbol when collverify_plugin_abi or
  // collverify_circulant_schedule is absent, and naming both ABI numbers when the plugin's
  // differs from COLLVERIFY_PLUGIN_ABI.
  static SchedulePlugin load(const std::filesystem::path& path);

  SchedulePlugin(SchedulePlugin&& other) noexcept;
  SchedulePlugin& operator=(SchedulePlugin&& other) noexcept;
  SchedulePlugin(const SchedulePlugin&) = delete;
  SchedulePlugin& operator=(const SchedulePlugin&) = delete;
  ~SchedulePlugin();

  // The tables of all ranks [0, p), baseblock empty, skips by the closed form. InputError for p
  // outside [1, 2^62), for tables that would not fit in memory, and for bad plugin output.
  // For p = 1 (q = 0) the plugin is not called.
  CirculantSchedule build(std::int64_t p) const;

  // One rank's rows into spans of exactly q = ceil(log2 p) entries (same validation).
  void rank(std::int64_t p, std::int64_t r, std::span<std::int8_t> recv,
            std::span<std::int8_t> send) const;

  const std::filesystem::path& path() const { return path_; }

 private:
  using ScheduleFn = int (*)(std::int64_t, std::int64_t, std::int32_t*, std::int32_t*);

  SchedulePlugin(void* handle, ScheduleFn schedule, std::filesystem::path path);

  void* handle_ = nullptr;
  ScheduleFn schedule_ = nullptr;
  std::filesystem::path path_;
};

}  // namespace collverify
