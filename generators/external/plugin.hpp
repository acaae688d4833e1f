// Users' schedule generators as shared libraries (docs/DESIGN.md "External schedules: plugin ABI",
// include/collverify/plugin.h). SchedulePlugin::load opens the library with dlopen and reads its
// ABI version (1 or 2); build(p, root) asks it for the tables of every rank of p (ABI 1: one
// call per rank; ABI 2: one call for all ranks) and returns the compact tables, which the
// checkers then judge like the built-in construction.
//
// The plugin's output is bad input, never trusted: an entry outside [-q, q), an entry left
// unwritten, or a write past the q entries of a row (past the p q entries of a table for a
// whole-p call) is an InputError naming the plugin, p, r (and round k, recv/send and the
// value); so is a non-zero return of an ABI 1 plugin. A non-zero return of an ABI 2 plugin is
// the plugin saying that its generator cannot produce this p: a PluginFailure carrying the
// plugin's message, which the engine reports as a failing p. Whether the schedule is right is
// the checker's question. Plugins state no baseblocks, so build() leaves that vector empty; the
// skips are not asked of the plugin but filled by the closed form skips[k] = ceil(p / 2^(q-k))
// (Algorithm 1).
//
// Cost: build(p) makes p calls into an ABI 1 plugin, one into an ABI 2 plugin (which then needs
// 8 p q bytes of int32 buffers besides the 2 p q bytes of tables, refused up front when more
// than the machine has); rank() takes O(q) besides the call. Both are const and may be called
// from several threads at once (the ABI requires plugins to allow that).
//
// Example: SchedulePlugin::load("./libcollverify_plugin_reference.so").build(4) gives the
// tables of build_circulant_bcast(4): rank 1 receives {0, -1}, the root sends {0, 1}.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "model/circulant_schedule.hpp"

namespace collverify {

// An ABI 2 plugin returned non-zero: its generator could not produce the schedule of p.
// `rank` is the rank of a per-rank call, or -1 for a whole-p call; `text` is the plugin's message
// (possibly empty); what() says all of it in one line, naming the plugin.
class PluginFailure : public std::runtime_error {
 public:
  PluginFailure(const std::string& what, std::int64_t p_, std::int64_t root_, std::int64_t rank_,
                int code_, std::string text_)
      : std::runtime_error(what),
        p(p_),
        root(root_),
        rank(rank_),
        code(code_),
        text(std::move(text_)) {}
  std::int64_t p;
  std::int64_t root;
  std::int64_t rank;
  int code;
  std::string text;
};

class SchedulePlugin {
 public:
  // dlopen(path, RTLD_NOW | RTLD_LOCAL). InputError naming the path and dlerror() when it cannot
  // be loaded, naming the missing symbol when collverify_plugin_abi or the required function of
  // its version is absent, and naming the plugin's ABI number and the supported ones when it is
  // neither 1 nor 2.
  static SchedulePlugin load(const std::filesystem::path& path);

  SchedulePlugin(SchedulePlugin&& other) noexcept;
  SchedulePlugin& operator=(SchedulePlugin&& other) noexcept;
  SchedulePlugin(const SchedulePlugin&) = delete;
  SchedulePlugin& operator=(const SchedulePlugin&) = delete;
  ~SchedulePlugin();

  // 1 or 2.
  int abi() const { return abi_; }
  // Whether rank() can be answered (ABI 1 always; ABI 2 when the plugin exports
  // collverify_circulant_schedule_rank).
  bool has_rank_call() const;

  // The tables of all ranks [0, p) for a broadcast from `root`, indexed by the rank that
  // executes them (as the plugin gives them; no rotation), baseblock empty, skips by the closed
  // form. InputError for p outside [1, 2^62), a root outside [0, p), a root other than 0 for an
  // ABI 1 plugin, tables that would not fit in memory, and bad plugin output; PluginFailure for
  // an ABI 2 plugin's non-zero return. For p = 1 (q = 0) the plugin is not called.
  CirculantSchedule build(std::int64_t p, std::int64_t root = 0) const;

  // build() through the per-rank call, one rank at a time (the slow twin of an ABI 2 whole-p
  // call; for ABI 1 the same as build()). InputError when !has_rank_call().
  CirculantSchedule build_per_rank(std::int64_t p, std::int64_t root = 0) const;

  // One rank's rows into spans of exactly q = ceil(log2 p) entries (same validation).
  // InputError when !has_rank_call().
  void rank(std::int64_t p, std::int64_t root, std::int64_t r, std::span<std::int8_t> recv,
            std::span<std::int8_t> send) const;
  void rank(std::int64_t p, std::int64_t r, std::span<std::int8_t> recv,
            std::span<std::int8_t> send) const {
    rank(p, 0, r, recv, send);
  }

  const std::filesystem::path& path() const { return path_; }

 private:
  using ScheduleFn = int (*)(std::int64_t, std::int64_t, std::int32_t*, std::int32_t*);
  using AllFn = int (*)(std::int64_t, std::int64_t, std::int32_t*, std::int32_t*, char*,
                        std::size_t);
  using RankFn = int (*)(std::int64_t, std::int64_t, std::int64_t, std::int32_t*, std::int32_t*,
                         char*, std::size_t);

  SchedulePlugin() = default;
  void check_call(std::int64_t p, std::int64_t root) const;

  void* handle_ = nullptr;
  int abi_ = 0;
  ScheduleFn schedule_ = nullptr;  // ABI 1
  AllFn all_ = nullptr;            // ABI 2
  RankFn rank_ = nullptr;          // ABI 2, optional
  std::filesystem::path path_;
};

}  // namespace collverify
